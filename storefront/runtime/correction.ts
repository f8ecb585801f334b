import type { SearchResponse } from '#contract/public/search.ts';
/**
 * The corrected query an answer searched instead of the typed one, or null: the answer's
 * `correction` is the query itself when nothing was corrected, and a correction only counts
 * when nothing matched as typed (`zeroQueries`). Case and spacing alone are no correction.
 */
export function correctedQuery(
  result: Pick<SearchResponse, 'query' | 'correction' | 'zeroQueries'>,
): string | null {
  const normal = (text: string): string => text.trim().replace(/\s+/g, ' ').toLowerCase();
  return result.zeroQueries &&
    result.correction.trim() !== '' &&
    normal(result.correction) !== normal(result.query)
    ? result.correction
    : null;
}
