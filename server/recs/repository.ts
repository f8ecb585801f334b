/** The console's reads of the recommendation tables: preview pick, score export, widget CTR. */
import { sql } from 'drizzle-orm';
import type { Db, Tx } from '../platform/db/client.ts';
import { run } from '../platform/db/sql.ts';

/** One revision of one strategy. */
export interface StrategyRevision {
  hash: string;
  revision: number;
}

/**
 * The product a preview shows recommendations for: the one the strategy's table covers most,
 * else the catalogue's most popular available one.
 */
export async function previewProduct(
  db: Db | Tx,
  siteId: number,
  importId: number,
  strategy: StrategyRevision,
): Promise<{ id: string; name: string } | null> {
  const { rows } = await run<{ id: string; name: string }>(
    db,
    sql`select p.id, p.name from catalog_products p
        left join (select r.product_id, count(*) as n from recs_item_scores r
                   where r.site_id = ${siteId} and r.hash = ${strategy.hash}
                     and r.revision = ${strategy.revision}
                   group by r.product_id) s on s.product_id = p.id
        where p.import_id = ${importId} and p.available
        order by coalesce(s.n, 0) desc, p.popularity desc, p.id limit 1`,
  );
  return rows[0] ?? null;
}

/** A revision's item-to-item table, best first per product (at most a million rows). */
export async function itemScores(
  db: Db | Tx,
  siteId: number,
  strategy: StrategyRevision,
): Promise<{ product_id: string; other_id: string; score: number }[]> {
  const { rows } = await run<{ product_id: string; other_id: string; score: number }>(
    db,
    sql`select product_id, other_id, score from recs_item_scores
        where site_id = ${siteId} and hash = ${strategy.hash} and revision = ${strategy.revision}
        order by product_id, score desc, other_id limit 1000000`,
  );
  return rows;
}

/** The hashes of a site's own strategies. */
export async function strategyHashes(db: Db | Tx, siteId: number): Promise<string[]> {
  const { rows } = await run<{ hash: string }>(
    db,
    sql`select hash from recs_strategies where site_id = ${siteId} order by hash`,
  );
  return rows.map((row) => row.hash);
}

export interface WidgetCtrRow {
  block: string;
  block_name: string | null;
  strategy: string;
  strategy_name: string | null;
  widget_type: string;
  views: number;
  clicks: number;
}

/**
 * Views and clicks of each block, strategy and widget type over the days `from`..`to`, with the
 * block's and the strategy's names (500 busiest); and the same days' search and recs clicks.
 */
export async function widgetCtr(
  db: Db | Tx,
  siteId: number,
  from: string,
  to: string,
): Promise<{ blocks: WidgetCtrRow[]; totals: { searches: number; clicks: number; recs: number } }> {
  const { rows } = await run<WidgetCtrRow>(
    db,
    sql`with w as (
          select block, strategy, widget_type, sum(views)::int as views, sum(clicks)::int as clicks
          from widget_daily
          where site_id = ${siteId} and day between ${from}::date and ${to}::date
          group by block, strategy, widget_type
        ), names as (
          select distinct on (key) key::text as block, data->>'name' as name
          from config_versions
          where site_id = ${siteId} and kind = 'recommendations-block'
          order by key, test, id desc
        )
        select w.block, n.name as block_name, w.strategy, s.name as strategy_name,
          w.widget_type, w.views, w.clicks
        from w left join names n on n.block = w.block
        left join recs_strategies s on s.site_id = ${siteId} and s.hash = w.strategy
        order by w.views desc, w.block, w.strategy, w.widget_type
        limit 500`,
  );
  const { rows: totals } = await run<{ searches: number; clicks: number; recs: number }>(
    db,
    sql`select coalesce(sum(searches), 0)::int as searches,
          coalesce(sum(search_clicks), 0)::int as clicks, coalesce(sum(recs_clicks), 0)::int as recs
        from event_daily
        where site_id = ${siteId} and day between ${from}::date and ${to}::date`,
  );
  return { blocks: rows, totals: totals[0] ?? { searches: 0, clicks: 0, recs: 0 } };
}
