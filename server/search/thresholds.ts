/**
 * The §5 thresholds of a site's API parameters (docs/search-thresholds.md) as they act
 * on a query: the vectors threshold cuts the fuzzy (typo) name match, the ranking threshold drops
 * products whose ranking score is below it, the zero-queries threshold lets a query that found
 * nothing answer with the nearest query shoppers searched successfully. The classifier threshold
 * is the least confidence of the category prediction (search.ts).
 */
import { sql, type SQL } from 'drizzle-orm';
import { RANKING_MIN } from '#contract/entities/recs.ts';
import type { ApiParams } from '#contract/entities/search-config.ts';
import { run } from '../platform/db/sql.ts';
import { scoreExpression, type Matching, type QueryDb } from './common.ts';

type Thresholds = ApiParams['thresholds'];

/**
 * The vectors threshold is a distance (0 = only the same trigrams, 2 = anything): a name matches
 * fuzzily when its word similarity to the query is at least 1 − threshold (distance of
 * non-negative trigram vectors never exceeds 1, so a threshold of 1 or more lets every name in).
 */
export function typoCut(vectors: number): number {
  return Math.max(0, Math.round((1 - vectors) * 1000) / 1000);
}

/** The cut of a site's matching (`Matching.cut`). */
export function matchingCut(
  thresholds: Thresholds,
  /** The site's ranking score (ranking.ts), null for the text score. */
  ranking: ((m: Matching) => SQL) | null,
): NonNullable<Matching['cut']> {
  const cut: NonNullable<Matching['cut']> = { typo: typoCut(thresholds.vectors) };
  // The least ranking threshold drops nothing: the default.
  if (thresholds.ranking > RANKING_MIN) {
    const score = ranking ?? scoreExpression;
    cut.score = (m) => sql`${score(m)} >= ${thresholds.ranking}::float8`;
  }
  return cut;
}

/**
 * The zero-queries fallback: the queries of the site's suggestion index (what shoppers searched
 * and found, the catalog's categories and brands) at least `threshold` similar to a query that
 * found nothing, nearest first. 0 turns the fallback off.
 */
export async function nearestQueries(
  db: QueryDb,
  siteId: number,
  query: string,
  threshold: number,
): Promise<string[]> {
  const text = query.trim().toLowerCase();
  if (threshold <= 0 || !text) return [];
  const { rows } = await run<{ text: string }>(
    db,
    sql`select text from autocomplete_suggestions
        where site_id = ${siteId} and text <> ${text} and similarity(text, ${text}) >= ${threshold}::float8
        order by similarity(text, ${text}) desc, weight desc, text limit 5`,
  );
  return rows.map((row) => row.text);
}
