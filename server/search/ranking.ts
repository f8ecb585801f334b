/**
 * The ranking coefficients (/models-builder/coefficients) in the public search's
 * default order. With the defaults the order is part 1's (`score`); otherwise the weighted sum of
 * contract/entities/recs.ts RANKING_COEFFICIENTS.
 */
import { sql, type SQL } from 'drizzle-orm';
import {
  RANKING_DEFAULTS,
  RANKING_COEFFICIENTS,
  type RankingCoefficients,
} from '#contract/entities/recs.ts';
import { scoreExpression, type Matching } from './common.ts';

/**
 * The ranking score of a product row `p` under the site's coefficients (null: the defaults, the
 * text score `scoreExpression`). The ranking threshold compares with it.
 */
export function rankingScore(
  siteId: number,
  c: RankingCoefficients,
): ((m: Matching) => SQL) | null {
  if (RANKING_COEFFICIENTS.every((name) => c[name] === RANKING_DEFAULTS[name])) return null;
  const engagement =
    c.engagement === 0
      ? sql`0`
      : sql`ln(1 + coalesce((select r.score from recs_strategies s
            join recs_item_scores r on r.site_id = s.site_id and r.hash = s.hash
              and r.revision = s.revision and r.product_id = '' and r.other_id = p.id
            where s.site_id = ${siteId} and s.model = 'popular_window' and s.enabled
            order by s.created_at, s.hash limit 1), 0))`;
  return (m: Matching) => sql`(${c.textScore}::float8 * ${scoreExpression(m)}
    + ${c.popularity}::float8 * ln(1 + greatest(p.popularity, 0)) / 10
    + ${c.availability}::float8 * (case when p.available then 1 else 0 end)
    + ${c.engagement}::float8 * ${engagement} / 5)`;
}
