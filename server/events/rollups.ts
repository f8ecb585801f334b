import { sql, type SQL } from 'drizzle-orm';
import { run } from '../platform/db/sql.ts';
import type { Db, Tx } from '../platform/db/client.ts';
import { BLOCK_CODE, CLICK_SOURCE_CODE, KIND } from './codes.ts';
import { lockSiteEvents } from './lock.ts';
import { addDays, monthEnd, monthStart, weekStart } from './day.ts';
import { PERIOD_START } from './ingest.ts';

const platformOf = (code: SQL) =>
  sql`(case ${code} when 1 then 'MOBILE' when 2 then 'DESKTOP' else 'APP' end)`;

/**
 * Recomputes a site's sessions and daily rollups from the raw events (all days, or a range), in
 * one transaction: for bulk loads (demo:events, the bench) and as the reference for tests.
 * A session's platform is that of its first event received (lowest id), as in ingestion.
 */
export async function rebuildRollups(
  db: Db,
  siteId: number,
  fromDay?: string,
  toDay?: string,
): Promise<void> {
  await db.transaction((tx) => rebuildRollupsIn(tx, siteId, fromDay, toDay));
}

/** `rebuildRollups` inside the caller's transaction (holds the site's event lock until it ends). */
export async function rebuildRollupsIn(
  tx: Tx,
  siteId: number,
  fromDay?: string,
  toDay?: string,
): Promise<void> {
  const range = (column: string) => {
    const parts: SQL[] = [];
    if (fromDay) parts.push(sql`${sql.raw(column)} >= ${fromDay}::date`);
    if (toDay) parts.push(sql`${sql.raw(column)} <= ${toDay}::date`);
    return parts.length ? sql` and ${sql.join(parts, sql` and `)}` : sql``;
  };
  await lockSiteEvents(tx, siteId);
  for (const table of ['event_daily_queries', 'event_daily', 'event_sessions'])
    await run(tx, sql`delete from ${sql.raw(table)} where site_id = ${siteId}${range('day')}`);

  await run(
    tx,
    sql`insert into event_sessions (site_id, day, session_id, platform, started_at, searched, orders, revenue)
        select ${siteId}, day, session_id,
          ${platformOf(sql`(array_agg(platform order by id))[1]`)},
          min(at),
          bool_or(kind in (${KIND.SEARCH}, ${KIND.AUTOCOMPLETE_CLICK})),
          count(*) filter (where kind = ${KIND.ORDER}),
          coalesce(sum(revenue) filter (where kind = ${KIND.ORDER}), 0)
        from events where site_id = ${siteId}${range('day')}
        group by day, session_id`,
  );

  const block = (code: number) =>
    sql`count(*) filter (where e.kind = ${KIND.AUTOCOMPLETE_CLICK} and e.block = ${code})`;
  await run(
    tx,
    sql`insert into event_daily (site_id, day, platform, sessions, search_sessions, ordered_sessions,
          search_ordered_sessions, orders, search_orders, revenue, search_revenue, searches,
          zero_searches, corrections, ac_queries, ac_products, ac_categories, ac_history, ac_taps,
          ac_brands, views, carts, search_clicks, recs_clicks)
        with s as (
          select day, platform, count(*) as sessions,
            count(*) filter (where searched) as search_sessions,
            count(*) filter (where orders > 0) as ordered_sessions,
            count(*) filter (where searched and orders > 0) as search_ordered_sessions,
            sum(orders) as orders,
            coalesce(sum(orders) filter (where searched), 0) as search_orders,
            sum(revenue) as revenue,
            coalesce(sum(revenue) filter (where searched), 0) as search_revenue
          from event_sessions where site_id = ${siteId}${range('day')}
          group by day, platform
        ), e as (
          select e.day, s.platform,
            count(*) filter (where e.kind = ${KIND.SEARCH}) as searches,
            count(*) filter (where e.kind = ${KIND.SEARCH} and e.hits = 0) as zero_searches,
            count(*) filter (where e.kind = ${KIND.SEARCH} and e.corrected_query is not null) as corrections,
            ${block(BLOCK_CODE.QUERIES)} as ac_queries,
            ${block(BLOCK_CODE.PRODUCTS)} as ac_products,
            ${block(BLOCK_CODE.CATEGORIES)} as ac_categories,
            ${block(BLOCK_CODE.HISTORY)} as ac_history,
            ${block(BLOCK_CODE.TAPS)} as ac_taps,
            ${block(BLOCK_CODE.BRANDS)} as ac_brands,
            count(*) filter (where e.kind = ${KIND.PRODUCT_VIEW}) as views,
            count(*) filter (where e.kind = ${KIND.ADD_TO_CART}) as carts,
            count(*) filter (where e.kind = ${KIND.PRODUCT_CLICK}
              and e.block <> ${CLICK_SOURCE_CODE.RECOMMENDATION}) as search_clicks,
            count(*) filter (where e.kind = ${KIND.PRODUCT_CLICK}
              and e.block = ${CLICK_SOURCE_CODE.RECOMMENDATION}) as recs_clicks
          from events e
          join event_sessions s
            on s.site_id = e.site_id and s.day = e.day and s.session_id = e.session_id
          where e.site_id = ${siteId} and e.kind <> ${KIND.SESSION_START}${range('e.day')}
          group by e.day, s.platform
        )
        select ${siteId}, s.day, s.platform, s.sessions, s.search_sessions, s.ordered_sessions,
          s.search_ordered_sessions, s.orders, s.search_orders, s.revenue, s.search_revenue,
          coalesce(e.searches, 0), coalesce(e.zero_searches, 0), coalesce(e.corrections, 0),
          coalesce(e.ac_queries, 0), coalesce(e.ac_products, 0), coalesce(e.ac_categories, 0),
          coalesce(e.ac_history, 0), coalesce(e.ac_taps, 0), coalesce(e.ac_brands, 0),
          coalesce(e.views, 0), coalesce(e.carts, 0), coalesce(e.search_clicks, 0),
          coalesce(e.recs_clicks, 0)
        from s left join e on e.day = s.day and e.platform = s.platform`,
  );

  await run(
    tx,
    sql`insert into event_queries (site_id, query)
        select distinct ${siteId}::int, query from events
        where site_id = ${siteId} and kind = ${KIND.SEARCH}${range('day')}
        on conflict (site_id, query) do nothing`,
  );
  await run(
    tx,
    sql`insert into event_daily_queries (site_id, day, query_id, mobile, desktop, app,
          zero_mobile, zero_desktop, zero_app)
        select ${siteId}, e.day, q.id,
          count(*) filter (where s.platform = 'MOBILE'),
          count(*) filter (where s.platform = 'DESKTOP'),
          count(*) filter (where s.platform = 'APP'),
          count(*) filter (where s.platform = 'MOBILE' and e.hits = 0),
          count(*) filter (where s.platform = 'DESKTOP' and e.hits = 0),
          count(*) filter (where s.platform = 'APP' and e.hits = 0)
        from events e
        join event_sessions s
          on s.site_id = e.site_id and s.day = e.day and s.session_id = e.session_id
        join event_queries q on q.site_id = e.site_id and q.query = e.query
        where e.site_id = ${siteId} and e.kind = ${KIND.SEARCH}${range('e.day')}
        group by e.day, q.id`,
  );
  await rebuildPeriodQueries(tx, siteId, fromDay, toDay);
}

/**
 * Recomputes the week and month rows (event_period_queries) of every period that touches
 * fromDay..toDay from event_daily_queries, whole periods at a time, so they equal its sums.
 */
async function rebuildPeriodQueries(tx: Tx, siteId: number, fromDay?: string, toDay?: string) {
  for (const period of ['week', 'month'] as const) {
    const first = fromDay && (period === 'week' ? weekStart(fromDay) : monthStart(fromDay));
    const last = toDay && (period === 'week' ? addDays(weekStart(toDay), 6) : monthEnd(toDay));
    const range = (column: string) => {
      const parts: SQL[] = [];
      if (first) parts.push(sql`${sql.raw(column)} >= ${first}::date`);
      if (last) parts.push(sql`${sql.raw(column)} <= ${last}::date`);
      return parts.length ? sql` and ${sql.join(parts, sql` and `)}` : sql``;
    };
    await run(
      tx,
      sql`delete from event_period_queries
          where site_id = ${siteId} and period = ${period}${range('start')}`,
    );
    await run(
      tx,
      sql`insert into event_period_queries (site_id, period, start, query_id, mobile, desktop, app,
            zero_mobile, zero_desktop, zero_app)
          select ${siteId}, p.period, ${PERIOD_START}, v.query_id, sum(v.mobile), sum(v.desktop),
            sum(v.app), sum(v.zero_mobile), sum(v.zero_desktop), sum(v.zero_app)
          from event_daily_queries v cross join (values (${period}::text)) as p(period)
          where v.site_id = ${siteId}${range('v.day')}
          group by 2, 3, 4`,
    );
  }
}
