/**
 * One query-list entry: the rules it must follow (checkEntry), its shape in the console, the
 * entries a site's operators see and may write, and locking the ones a call names.
 */
import { and, eq, sql, type SQL } from 'drizzle-orm';
import {
  LIST_MODES,
  LIST_VARIANTS,
  serviceTypeOf,
  type QueryListEntry,
  type QueryListKind,
  type QueryListMode,
} from '#contract/entities/query-lists.ts';
import { normaliseTerm } from '#contract/text.ts';
import type { Site } from '#contract/entities/site.ts';
import { anyOf, arrayParam } from '../platform/db/any.ts';
import type { Tx } from '../platform/db/client.ts';
import { queryListEntries } from '../platform/db/schema.ts';
import { HttpError, notFound } from '../platform/http/http-error.ts';

export interface EntryInput {
  term: string;
  variants: string[];
  mode?: QueryListMode | undefined;
  vertical: string;
}

export type Row = typeof queryListEntries.$inferSelect;

export function toEntry(row: Row, siteId: number): QueryListEntry {
  return {
    id: row.id,
    list: row.list as QueryListKind,
    serviceType: serviceTypeOf(row.list as QueryListKind),
    vertical: row.vertical,
    term: row.term,
    variants: row.variants,
    mode: row.mode as QueryListMode,
    enabled: row.siteIds.includes(siteId),
    siteCount: row.siteIds.length,
    updatedAt: row.updatedAt.toISOString(),
  };
}

/**
 * Checks an entry against its list's rules; answers the normalised entry or the reason it is
 * refused (a synonym needs at least one other term, a transliteration exactly one target …).
 */
export function checkEntry(
  list: QueryListKind,
  input: EntryInput,
):
  | { ok: true; entry: EntryInput & { key: string; mode: QueryListMode } }
  | { ok: false; reason: string } {
  const key = normaliseTerm(input.term);
  if (!key) return { ok: false, reason: 'term: must have a letter or a digit' };
  const modes = LIST_MODES[list];
  const mode = input.mode ?? modes[0]!;
  if (!modes.includes(mode))
    return { ok: false, reason: `mode: must be one of ${modes.join(', ')}` };
  const variants = [...new Set(input.variants.map((v) => v.trim()).filter(Boolean))];
  if (variants.some((variant) => !normaliseTerm(variant)))
    return { ok: false, reason: 'variants: each must have a letter or a digit' };
  const rule = LIST_VARIANTS[list];
  if (rule === 'none' && variants.length)
    return { ok: false, reason: 'variants: this list takes none' };
  if (rule === 'many' && !variants.some((variant) => normaliseTerm(variant) !== key))
    return { ok: false, reason: 'variants: a synonym needs at least one other term' };
  if (rule === 'one' && variants.length !== 1)
    return { ok: false, reason: 'variants: a transliteration has exactly one target' };
  if (rule === 'one' && normaliseTerm(variants[0]!) === key)
    return { ok: false, reason: 'variants: the target must differ from the source' };
  return {
    ok: true,
    entry: { term: input.term.trim(), variants, mode, vertical: input.vertical, key },
  };
}

export function checked(list: QueryListKind, input: EntryInput) {
  const result = checkEntry(list, input);
  if (!result.ok) throw new HttpError(400, `Invalid request: ${result.reason}`);
  return result.entry;
}

/** The entries an operator of a site sees: of no vertical, of the site's verticals, or enabled there. */
export function visibleOn(site: Site): SQL {
  return sql`(${queryListEntries.vertical} = '' or ${queryListEntries.vertical} = any(${arrayParam(site.verticals, 'text')}) or ${site.siteId} = any(${queryListEntries.siteIds}))`;
}

/**
 * A vertical an entry of the site's call may be written in: none, or one of the site's. Another
 * site's vertical would put the entry in front of that site's operators (and an upload would
 * replace their entries); `keep` is the entry's own vertical, which an edit may leave as it is.
 */
export function checkVertical(site: Site, vertical: string, keep?: string): void {
  if (vertical === '' || vertical === keep || site.verticals.includes(vertical)) return;
  throw new HttpError(
    400,
    `Invalid request: vertical must be one of the site's (${site.verticals.join(', ') || 'none'}) or empty`,
  );
}

/**
 * The distinct ids of `ids` the site sees in the list, locked; 404 unless it sees every one, so a
 * call naming another site's entry changes nothing at all.
 */
export async function lockVisible(
  tx: Tx,
  list: QueryListKind,
  site: Site,
  ids: number[],
): Promise<number[]> {
  const wanted = [...new Set(ids)];
  const rows = await tx
    .select({ id: queryListEntries.id })
    .from(queryListEntries)
    .where(
      and(
        eq(queryListEntries.list, list),
        anyOf(queryListEntries.id, wanted, 'int'),
        visibleOn(site),
      ),
    )
    .for('update');
  if (rows.length !== wanted.length) throw notFound('Entry');
  return wanted;
}
