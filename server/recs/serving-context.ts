/**
 * What a `/public/recommendations` call reads before its candidates, in one statement: the
 * site's live import, the widget the call names (by id or placement), the strategy its key
 * resolves to, and the site's recommendation rules live now for the call's region and block.
 * These were four statements (widget, strategy, live import, rules), each a round trip inside
 * the call's bounded transaction; being read in the call's own statement they are exact (no
 * cache to invalidate: a build's switch or a rule saved is seen by the next call).
 */
import { sql } from 'drizzle-orm';
import type { RecommendationsParams } from '#contract/public/recommendations.ts';
import { run } from '../platform/db/sql.ts';
import type { QueryDb } from '../search/common.ts';

export interface StrategyRow {
  hash: string;
  model: string;
  enabled: boolean;
  revision: number;
  configs: Record<string, string>;
}

/** A recommendation rule as merchandising.ts applies it (recsRulesFor's row). */
export interface RecsRuleRow {
  id: number;
  name: string;
  priority: number;
  boost_type: 'FILTER' | 'HARD' | 'PIN';
  product_ids: string[];
  category_ids: string[];
}

/** A live rule with the strategies it is for (empty: every strategy). */
type LiveRule = RecsRuleRow & { strategies: string[] };

export interface ServingContext {
  /** The site's live import; null when it has no catalog yet. */
  importId: number | null;
  /** Whether a widget answered to the call's widgetId or placement. */
  widgetFound: boolean;
  /** The strategy key: the widget's strategy, else the call's. */
  key: string;
  /** The site's strategy the call's key names (the widget's strategy first), if any. */
  strategy: StrategyRow | null;
  /** The live rules for the call's region and block, lowest priority first. */
  rules: LiveRule[];
}

/** The context of one call (see the module's comment): one statement. */
export async function servingContext(
  db: QueryDb,
  siteId: number,
  params: Pick<
    RecommendationsParams,
    'strategy' | 'widgetId' | 'placement' | 'regionId' | 'blockId'
  >,
): Promise<ServingContext> {
  const widget = params.widgetId
    ? sql`select strategy_hash from recs_widgets
          where site_id = ${siteId} and widget_id = ${params.widgetId}`
    : params.placement
      ? sql`select strategy_hash from recs_widgets
            where site_id = ${siteId} and ${params.placement} = any(placements)
            order by widget_id limit 1`
      : sql`select null::text as strategy_hash where false`;
  const { rows } = await run<{
    import_id: string | number | null;
    widget_found: boolean;
    key: string;
    strategy: StrategyRow | null;
    rules: LiveRule[];
  }>(
    db,
    sql`with w as (${widget}),
          k as (select coalesce((select w.strategy_hash from w), ${params.strategy}::text) as key)
        select
          (select c.import_id from catalogs c where c.site_id = ${siteId}) as import_id,
          exists (select 1 from w) as widget_found,
          (select k.key from k) as key,
          (select json_build_object('hash', s.hash, 'model', s.model, 'enabled', s.enabled,
                    'revision', s.revision, 'configs', s.configs)
             from recs_strategies s, k
             where s.site_id = ${siteId} and (s.hash = k.key or (s.model = k.key and s.enabled))
             order by (s.hash = k.key) desc, s.created_at, s.hash limit 1) as strategy,
          (select coalesce(json_agg(json_build_object('id', r.id, 'name', r.name,
                    'priority', r.priority, 'boost_type', r.boost_type,
                    'product_ids', r.product_ids, 'category_ids', r.category_ids,
                    'strategies', r.strategies) order by r.priority asc, r.id asc), '[]'::json)
             from merch_recs_rules r
             where r.site_id = ${siteId} and r.start_at <= now()
               and (r.end_at is null or r.end_at > now())
               and (cardinality(r.region_ids) = 0 or ${params.regionId ?? 'global'} = any(r.region_ids))
               and (cardinality(r.placements) = 0 or ${params.blockId ?? ''} = any(r.placements))
          ) as rules`,
  );
  const row = rows[0]!;
  return {
    importId: row.import_id === null ? null : Number(row.import_id),
    widgetFound: row.widget_found,
    key: row.key,
    strategy: row.strategy,
    rules: row.rules,
  };
}

/** The context's rules for a strategy name (as recsRulesFor reads them for that name). */
export function rulesFor(context: ServingContext, strategy: string): RecsRuleRow[] {
  return context.rules
    .filter((rule) => rule.strategies.length === 0 || rule.strategies.includes(strategy))
    .map(({ strategies: _, ...rule }) => rule);
}
