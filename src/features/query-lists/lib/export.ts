import { toCsv } from '#contract/csv.ts';
import type { QueryListEntry } from '#contract/entities/query-lists.ts';

/**
 * A query list as the CSV its upload reads back (term, variants joined by ';', mode, vertical,
 * enabled), through the product's one CSV writer: terms come from operators and from the public
 * storefront's searches, so formula-like cells are defused.
 */
export function queryListCsv(entries: readonly QueryListEntry[]): string {
  return toCsv([
    ['term', 'variants', 'mode', 'vertical', 'enabled'],
    ...entries.map((entry) => [
      entry.term,
      entry.variants.join(';'),
      entry.mode,
      entry.vertical,
      entry.enabled ? 'true' : 'false',
    ]),
  ]);
}
