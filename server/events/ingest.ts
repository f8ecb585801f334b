import { sql } from 'drizzle-orm';
import type { EventPlatform } from '#contract/entities/metric.ts';
import type { StorefrontEvent } from '#contract/public/events.ts';
import { run } from '../platform/db/sql.ts';
import type { Db, Tx } from '../platform/db/client.ts';
import { lockSiteEvents } from './lock.ts';
import { insertEventRows } from './bulk.ts';
import { arr } from '../platform/db/sql-array.ts';
import {
  BLOCK_CODE,
  BLOCK_COLUMN,
  CLICK_SOURCE_CODE,
  KIND,
  PLATFORM_CODE,
  normaliseQuery,
} from './codes.ts';
import { localDay } from './day.ts';

/** A raw event as the `events` table stores it (minus id and site). */
export interface EventRow {
  kind: number;
  platform: number;
  sessionId: string;
  at: Date;
  day: string;
  query: string | null;
  hits: number | null;
  correctedQuery: string | null;
  block: number | null;
  productId: string | null;
  revenue: number | null;
  items: number | null;
}

export function toEventRow(event: StorefrontEvent, timeZone: string, now: Date): EventRow {
  const at = event.at ? new Date(event.at) : now;
  const row: EventRow = {
    kind: KIND[event.type],
    platform: PLATFORM_CODE[event.platform],
    sessionId: event.sessionId,
    at,
    day: localDay(at, timeZone),
    query: null,
    hits: null,
    correctedQuery: null,
    block: null,
    productId: null,
    revenue: null,
    items: null,
  };
  switch (event.type) {
    case 'SEARCH':
      row.query = normaliseQuery(event.query);
      row.hits = event.hits;
      row.correctedQuery =
        event.correctedQuery === null ? null : normaliseQuery(event.correctedQuery);
      break;
    case 'AUTOCOMPLETE_CLICK':
      row.block = BLOCK_CODE[event.block];
      row.query = event.query === undefined ? null : normaliseQuery(event.query);
      break;
    case 'PRODUCT_VIEW':
      row.productId = event.productId;
      break;
    case 'ADD_TO_CART':
      row.productId = event.productId;
      row.items = event.quantity;
      break;
    case 'ORDER':
      row.revenue = Math.round(event.revenue * 100) / 100;
      row.items = event.items;
      break;
    case 'PRODUCT_CLICK':
      row.productId = event.productId;
      row.block = CLICK_SOURCE_CODE[event.source];
      row.hits = event.position;
      row.query = event.query === undefined ? null : normaliseQuery(event.query);
      break;
    case 'SESSION_START':
      break;
  }
  return row;
}

type Counters = Record<string, number>;

interface SessionState {
  day: string;
  sessionId: string;
  platform: EventPlatform;
  searched: boolean;
  orders: number;
  /** In kopecks, to add exactly. */
  revenueCents: number;
  fresh: boolean;
}

const sessionKey = (day: string, sessionId: string) => `${day}\u0000${sessionId}`;
const cents = (value: number) => Math.round(value * 100);

/**
 * Writes a batch of events of one site and brings its rollups up to date, in the caller's
 * transaction. Session-level facts live in event_sessions: the batch locks its sessions' rows,
 * and when a session's "searched" flag flips its earlier orders move from the without-search to
 * the with-search columns, so the order of arrival does not matter.
 */
export async function ingestRows(tx: Db | Tx, siteId: number, rows: EventRow[]): Promise<void> {
  if (!rows.length) return;
  await lockSiteEvents(tx, siteId);
  // Every statement below passes its rows as a few arrays (unnest): the parameter count is fixed
  // whatever the batch holds.
  await insertEventRows(tx, siteId, rows);

  // Sessions of the batch, in a fixed order (so concurrent batches lock rows alike).
  const firstPlatform = new Map<
    string,
    { day: string; sessionId: string; platform: number; at: Date }
  >();
  for (const row of rows) {
    const key = sessionKey(row.day, row.sessionId);
    const seen = firstPlatform.get(key);
    if (!seen)
      firstPlatform.set(key, {
        day: row.day,
        sessionId: row.sessionId,
        platform: row.platform,
        at: row.at,
      });
    else if (row.at < seen.at) seen.at = row.at;
  }
  const sessions = [...firstPlatform.keys()].sort().map((key) => firstPlatform.get(key)!);
  const platformName = (code: number): EventPlatform =>
    code === PLATFORM_CODE.DESKTOP ? 'DESKTOP' : code === PLATFORM_CODE.APP ? 'APP' : 'MOBILE';
  const sessionDays = arr(sessions.map((s) => s.day));
  const sessionIds = arr(sessions.map((s) => s.sessionId));

  const created = await run<{ day: string; session_id: string }>(
    tx,
    sql`insert into event_sessions (site_id, day, session_id, platform, started_at)
        select ${siteId}, * from unnest(${sessionDays}::date[], ${sessionIds}::text[],
          ${arr(sessions.map((s) => platformName(s.platform)))}::text[],
          ${arr(sessions.map((s) => s.at.toISOString()))}::timestamptz[])
        on conflict do nothing returning day::text as day, session_id`,
  );
  const fresh = new Set(created.rows.map((row) => sessionKey(row.day, row.session_id)));

  const current = await run<{
    day: string;
    session_id: string;
    platform: EventPlatform;
    searched: boolean;
    orders: number;
    revenue_cents: string | number;
    started_at: string;
  }>(
    tx,
    sql`select s.day::text as day, s.session_id, s.platform, s.searched, s.orders,
          (s.revenue * 100)::bigint as revenue_cents
        from event_sessions s
        join unnest(${sessionDays}::date[], ${sessionIds}::text[]) as k(day, session_id)
          on s.day = k.day and s.session_id = k.session_id
        where s.site_id = ${siteId}
        order by s.day, s.session_id
        for update of s`,
  );
  const states = new Map<string, SessionState>();
  for (const row of current.rows) {
    const key = sessionKey(row.day, row.session_id);
    states.set(key, {
      day: row.day,
      sessionId: row.session_id,
      platform: row.platform,
      searched: row.searched,
      orders: Number(row.orders),
      revenueCents: Number(row.revenue_cents),
      fresh: fresh.has(key),
    });
  }

  const daily = new Map<string, Counters>();
  const bump = (day: string, platform: EventPlatform, column: string, delta: number) => {
    if (!delta) return;
    const key = `${day}|${platform}`;
    let counters = daily.get(key);
    if (!counters) daily.set(key, (counters = {}));
    counters[column] = (counters[column] ?? 0) + delta;
  };
  const queries = new Map<string, { day: string; query: string; counts: Counters }>();

  for (const state of states.values())
    if (state.fresh) bump(state.day, state.platform, 'sessions', 1);
  const changed = new Set<SessionState>();
  for (const row of rows) {
    const state = states.get(sessionKey(row.day, row.sessionId));
    if (!state) throw new Error(`Session ${row.sessionId} on ${row.day} vanished`);
    const { day, platform } = state;
    if ((row.kind === KIND.SEARCH || row.kind === KIND.AUTOCOMPLETE_CLICK) && !state.searched) {
      state.searched = true;
      changed.add(state);
      bump(day, platform, 'search_sessions', 1);
      // The session's earlier orders were counted without search: move them.
      bump(day, platform, 'search_orders', state.orders);
      bump(day, platform, 'search_revenue', state.revenueCents);
      if (state.orders > 0) bump(day, platform, 'search_ordered_sessions', 1);
    }
    switch (row.kind) {
      case KIND.SEARCH: {
        bump(day, platform, 'searches', 1);
        if (row.hits === 0) bump(day, platform, 'zero_searches', 1);
        if (row.correctedQuery !== null) bump(day, platform, 'corrections', 1);
        const key = `${day}|${row.query}`;
        let entry = queries.get(key);
        if (!entry) queries.set(key, (entry = { day, query: row.query!, counts: {} }));
        const column = QUERY_COLUMN[platform];
        entry.counts[column] = (entry.counts[column] ?? 0) + 1;
        if (row.hits === 0)
          entry.counts[`zero_${column}`] = (entry.counts[`zero_${column}`] ?? 0) + 1;
        break;
      }
      case KIND.AUTOCOMPLETE_CLICK:
        bump(day, platform, BLOCK_COLUMN[row.block as keyof typeof BLOCK_COLUMN], 1);
        break;
      case KIND.PRODUCT_VIEW:
        bump(day, platform, 'views', 1);
        break;
      case KIND.ADD_TO_CART:
        bump(day, platform, 'carts', 1);
        break;
      case KIND.PRODUCT_CLICK:
        bump(
          day,
          platform,
          row.block === CLICK_SOURCE_CODE.RECOMMENDATION ? 'recs_clicks' : 'search_clicks',
          1,
        );
        break;
      case KIND.ORDER: {
        const amount = cents(row.revenue ?? 0);
        if (state.orders === 0) {
          bump(day, platform, 'ordered_sessions', 1);
          if (state.searched) bump(day, platform, 'search_ordered_sessions', 1);
        }
        state.orders += 1;
        state.revenueCents += amount;
        changed.add(state);
        bump(day, platform, 'orders', 1);
        bump(day, platform, 'revenue', amount);
        if (state.searched) {
          bump(day, platform, 'search_orders', 1);
          bump(day, platform, 'search_revenue', amount);
        }
        break;
      }
    }
  }

  if (changed.size) {
    const list = [...changed].sort((a, b) =>
      sessionKey(a.day, a.sessionId) < sessionKey(b.day, b.sessionId) ? -1 : 1,
    );
    await run(
      tx,
      sql`update event_sessions s set searched = v.searched, orders = v.orders, revenue = v.revenue
          from unnest(${arr(list.map((s) => s.day))}::date[], ${arr(list.map((s) => s.sessionId))}::text[],
            ${arr(list.map((s) => s.searched))}::boolean[], ${arr(list.map((s) => s.orders))}::int[],
            ${arr(list.map((s) => (s.revenueCents / 100).toFixed(2)))}::numeric[])
            as v(day, session_id, searched, orders, revenue)
          where s.site_id = ${siteId} and s.day = v.day and s.session_id = v.session_id`,
    );
  }

  await upsertDaily(tx, siteId, daily);
  if (queries.size) {
    const ids = await queryIds(tx, siteId, [...new Set([...queries.values()].map((q) => q.query))]);
    const list = [...queries.values()].sort((a, b) =>
      `${a.day}|${a.query}` < `${b.day}|${b.query}` ? -1 : 1,
    );
    await run(
      tx,
      sql`insert into event_daily_queries (site_id, day, query_id, ${sql.raw(QUERY_COLUMNS.join(', '))})
          select ${siteId}, * from unnest(${arr(list.map((q) => q.day))}::date[],
            ${arr(list.map((q) => ids.get(q.query)!))}::int[],
            ${sql.join(
              QUERY_COLUMNS.map(
                (column) => sql`${arr(list.map((q) => q.counts[column] ?? 0))}::int[]`,
              ),
              sql`, `,
            )})
          on conflict (site_id, day, query_id) do update set ${sql.raw(
            QUERY_COLUMNS.map(
              (column) => `${column} = event_daily_queries.${column} + excluded.${column}`,
            ).join(', '),
          )}`,
    );
    // The same counts into their ISO week and month (the long periods' TOP lists read those).
    await run(
      tx,
      sql`insert into event_period_queries (site_id, period, start, query_id, ${sql.raw(QUERY_COLUMNS.join(', '))})
          select ${siteId}, p.period, ${PERIOD_START}, v.query_id, ${sql.raw(
            QUERY_COLUMNS.map((column) => `sum(v.${column})`).join(', '),
          )}
          from unnest(${arr(list.map((q) => q.day))}::date[],
            ${arr(list.map((q) => ids.get(q.query)!))}::int[],
            ${sql.join(
              QUERY_COLUMNS.map(
                (column) => sql`${arr(list.map((q) => q.counts[column] ?? 0))}::int[]`,
              ),
              sql`, `,
            )}) as v(day, query_id, ${sql.raw(QUERY_COLUMNS.join(', '))})
          cross join (values ('week'), ('month')) as p(period)
          group by 2, 3, 4
          order by 2, 3, 4
          on conflict (site_id, period, start, query_id) do update set ${sql.raw(
            QUERY_COLUMNS.map(
              (column) => `${column} = event_period_queries.${column} + excluded.${column}`,
            ).join(', '),
          )}`,
    );
  }
}

/** The first day of `v.day`'s period `p.period` ('week': ISO, Monday; 'month'). */
export const PERIOD_START = sql.raw(
  "(case p.period when 'week' then date_trunc('week', v.day::timestamp) else date_trunc('month', v.day::timestamp) end)::date",
);

/** event_daily_queries counts per platform, so one row serves every platform filter. */
export const QUERY_COLUMN = { MOBILE: 'mobile', DESKTOP: 'desktop', APP: 'app' } as const;
const QUERY_COLUMNS = ['mobile', 'desktop', 'app', 'zero_mobile', 'zero_desktop', 'zero_app'];

/** Dictionary ids of a site's queries, adding the new ones. */
async function queryIds(tx: Db | Tx, siteId: number, queries: string[]) {
  const sorted = arr([...queries].sort());
  await run(
    tx,
    sql`insert into event_queries (site_id, query)
        select ${siteId}, query from unnest(${sorted}::text[]) as q(query)
        on conflict (site_id, query) do nothing`,
  );
  const { rows } = await run<{ id: number; query: string }>(
    tx,
    sql`select id, query from event_queries
        where site_id = ${siteId} and query = any(${sorted}::text[])`,
  );
  return new Map(rows.map((row) => [row.query, Number(row.id)]));
}

const MONEY_COLUMNS = new Set(['revenue', 'search_revenue']);
export const DAILY_COLUMNS = [
  'sessions',
  'search_sessions',
  'ordered_sessions',
  'search_ordered_sessions',
  'orders',
  'search_orders',
  'revenue',
  'search_revenue',
  'searches',
  'zero_searches',
  'corrections',
  'ac_queries',
  'ac_products',
  'ac_categories',
  'ac_history',
  'ac_taps',
  'ac_brands',
  'views',
  'carts',
  'search_clicks',
  'recs_clicks',
] as const;

async function upsertDaily(tx: Db | Tx, siteId: number, daily: Map<string, Counters>) {
  if (!daily.size) return;
  const keys = [...daily.keys()].sort().map((key) => {
    const [day, platform] = key.split('|') as [string, string];
    return { day, platform, counters: daily.get(key)! };
  });
  const cells = DAILY_COLUMNS.map((column) =>
    MONEY_COLUMNS.has(column)
      ? sql`${arr(keys.map((k) => ((k.counters[column] ?? 0) / 100).toFixed(2)))}::numeric[]`
      : sql`${arr(keys.map((k) => k.counters[column] ?? 0))}::bigint[]`,
  );
  const columns = sql.raw(DAILY_COLUMNS.join(', '));
  const updates = sql.raw(
    DAILY_COLUMNS.map((column) => `${column} = event_daily.${column} + excluded.${column}`)
      .concat("version = nextval('event_rollup_version')")
      .join(', '),
  );
  await run(
    tx,
    sql`insert into event_daily (site_id, day, platform, ${columns})
        select ${siteId}, * from unnest(${arr(keys.map((k) => k.day))}::date[],
          ${arr(keys.map((k) => k.platform))}::text[], ${sql.join(cells, sql`, `)})
        on conflict (site_id, day, platform) do update set ${updates}`,
  );
}
