/** Random storefront events, their brute-force report and the event store suite's setup, shared by its tests. */
import { expect } from 'vitest';
import { eq, sql } from 'drizzle-orm';
import {
  periodKey,
  type BaseMetric,
  type MetricName,
  type ReportCallPlatform,
} from '#contract/entities/metric.ts';
import { type StorefrontEventInput } from '#contract/public/events.ts';
import { aggregateReportRoute } from '#contract/routes/reports.ts';
import { run } from '#server/platform/db/sql.ts';
import { sites } from '#server/platform/db/schema.ts';
import { prng } from '#server/demo/random.ts';
import type { DATABASES } from '#tests/helpers/server.ts';
import { startTestServer, type TestClient, type TestServer } from '#tests/helpers/server.ts';

export const TZ = 'Europe/Moscow';
const dayFormat = new Intl.DateTimeFormat('en-CA', {
  timeZone: TZ,
  year: 'numeric',
  month: '2-digit',
  day: '2-digit',
});
const days = new Map<string, string>();
export const dayOf = (at: string) => {
  let day = days.get(at);
  if (day === undefined) days.set(at, (day = dayFormat.format(new Date(at))));
  return day;
};
export const normalise = (q: string) => q.trim().replace(/\s+/g, ' ').toLocaleLowerCase('ru');
export type Event = StorefrontEventInput & { at: string };

/**
 * A random storefront: every kind of event, any order; one session in ten switches platform
 * between its events (counted under the platform of its first event received).
 */
export function randomEvents(
  seed: number,
  sessions: number,
  firstDay: string,
  days: number,
): Event[] {
  const random = prng(seed);
  const pick = <T>(list: readonly T[]) => list[Math.floor(random() * list.length)]!;
  const queries = [
    'Платье',
    ' платье ',
    'джинсы',
    'куртка  зимняя',
    'Куртка зимняя',
    'шапка',
    'qwerty',
    'ремень',
  ];
  const out: Event[] = [];
  for (let s = 0; s < sessions; s++) {
    const sessionId = `s${seed}-${s}`;
    const sessionPlatform = pick(['MOBILE', 'DESKTOP', 'APP'] as const);
    const mixed = s % 10 === 3;
    const base =
      Date.parse(`${firstDay}T00:00:00+03:00`) + Math.floor(random() * days * 86_400_000);
    const count = 1 + Math.floor(random() * 6);
    for (let e = 0; e < count; e++) {
      // Spread over two hours, so some sessions cross local midnight (two sessions then).
      const at = new Date(base + Math.floor(random() * 7_200_000)).toISOString();
      const platform = mixed ? pick(['MOBILE', 'DESKTOP', 'APP'] as const) : sessionPlatform;
      const common = { sessionId, platform, at };
      const r = random();
      if (r < 0.1) out.push({ type: 'SESSION_START', ...common });
      else if (r < 0.4) {
        const zero = random() < 0.3;
        out.push({
          type: 'SEARCH',
          ...common,
          query: pick(queries),
          hits: zero ? 0 : 1 + Math.floor(random() * 50),
          correctedQuery: random() < 0.15 ? 'платье' : null,
        });
      } else if (r < 0.55)
        out.push({
          type: 'AUTOCOMPLETE_CLICK',
          ...common,
          block: pick(['QUERIES', 'PRODUCTS', 'CATEGORIES', 'HISTORY', 'TAPS', 'BRANDS'] as const),
        });
      else if (r < 0.75)
        out.push({ type: 'PRODUCT_VIEW', ...common, productId: `p${Math.floor(random() * 20)}` });
      else if (r < 0.85) out.push({ type: 'ADD_TO_CART', ...common, productId: 'p1', quantity: 2 });
      else
        out.push({
          type: 'ORDER',
          ...common,
          revenue: Math.round(random() * 1_000_000) / 100,
          items: 1,
        });
    }
  }
  return out;
}

/**
 * The metric definitions of contract/entities/metric.ts, computed straight from raw events given
 * in the order they were received.
 */
const tables = new Map<string, Record<BaseMetric, number | { name: string; count: number }[]>>();
export function bruteForce(
  events: Event[],
  base: BaseMetric,
  platform: ReportCallPlatform,
  from: string,
  to: string,
  limit: number,
): number | { name: string; count: number }[] {
  const key = `${events.length}|${platform}|${from}|${to}|${limit}`;
  let table = tables.get(key);
  if (!table) tables.set(key, (table = bruteForceTable(events, platform, from, to, limit)));
  return table[base];
}

function bruteForceTable(
  events: Event[],
  platform: ReportCallPlatform,
  from: string,
  to: string,
  limit: number,
): Record<BaseMetric, number | { name: string; count: number }[]> {
  const inPlatform = (p: string) =>
    platform === 'ALL' ||
    (platform === 'MOBILE'
      ? p !== 'DESKTOP'
      : platform === 'MOBILE APP'
        ? p === 'APP'
        : p === 'DESKTOP');
  // The rule: a session (sessionId on one day) has the platform of its first event received —
  // `events` are in the order they were sent — and all its events count under that platform.
  const sessionPlatform = new Map<string, string>();
  for (const e of events) {
    const key = `${dayOf(e.at)}|${e.sessionId}`;
    if (!sessionPlatform.has(key)) sessionPlatform.set(key, e.platform);
  }
  const chosen = events.filter((e) => {
    const day = dayOf(e.at);
    return day >= from && day <= to && inPlatform(sessionPlatform.get(`${day}|${e.sessionId}`)!);
  });
  const sessions = new Map<string, { searched: boolean; orders: number; revenue: number }>();
  for (const e of chosen) {
    const key = `${dayOf(e.at)}|${e.sessionId}`;
    const s = sessions.get(key) ?? { searched: false, orders: 0, revenue: 0 };
    if (e.type === 'SEARCH' || e.type === 'AUTOCOMPLETE_CLICK') s.searched = true;
    if (e.type === 'ORDER') {
      s.orders += 1;
      s.revenue += e.revenue;
    }
    sessions.set(key, s);
  }
  const group = (filter: (s: { searched: boolean }) => boolean) => {
    const list = [...sessions.values()].filter(filter);
    const orders = list.reduce((a, s) => a + s.orders, 0);
    const revenue = list.reduce((a, s) => a + s.revenue, 0);
    const ordered = list.filter((s) => s.orders > 0).length;
    const n = list.length;
    return {
      TOTAL: n,
      ORDERS_TOTAL: orders,
      REVENUE: revenue,
      CONVERSION: n ? (ordered / n) * 100 : 0,
      RPS: n ? revenue / n : 0,
      AOV: orders ? revenue / orders : 0,
    };
  };
  const count = (test: (e: Event) => boolean) => chosen.filter(test).length;
  const top = (zero: boolean) => {
    const counts = new Map<string, number>();
    for (const e of chosen)
      if (e.type === 'SEARCH' && (!zero || e.hits === 0))
        counts.set(normalise(e.query), (counts.get(normalise(e.query)) ?? 0) + 1);
    return [...counts]
      .map(([name, n]) => ({ name, count: n }))
      .sort((a, b) => b.count - a.count || (a.name < b.name ? -1 : 1))
      .slice(0, limit);
  };
  const all = group(() => true);
  const withSearch = group((s) => s.searched);
  const without = group((s) => !s.searched);
  const block = (b: string) => count((e) => e.type === 'AUTOCOMPLETE_CLICK' && e.block === b);
  const table: Record<BaseMetric, number | { name: string; count: number }[]> = {
    TOP_SEARCH_QUERIES: top(false),
    TOP_ZERO_QUERIES: top(true),
    SEARCH_EVENTS_TOTAL: count((e) => e.type === 'SEARCH'),
    ZERO_QUERIES_COUNT: count((e) => e.type === 'SEARCH' && e.hits === 0),
    CORRECTIONS_COUNT: count((e) => e.type === 'SEARCH' && !!e.correctedQuery),
    SESSIONS_TOTAL: all.TOTAL,
    ORDERS_TOTAL: all.ORDERS_TOTAL,
    REVENUE_TOTAL: all.REVENUE,
    CONVERSION: all.CONVERSION,
    RPS: all.RPS,
    AOV: all.AOV,
    AUTOCOMPLETE_AND_SEARCH_SESSIONS_TOTAL: withSearch.TOTAL,
    AUTOCOMPLETE_AND_SEARCH_SESSIONS_ORDERS_TOTAL: withSearch.ORDERS_TOTAL,
    AUTOCOMPLETE_AND_SEARCH_SESSIONS_REVENUE: withSearch.REVENUE,
    AUTOCOMPLETE_AND_SEARCH_SESSIONS_CONVERSION: withSearch.CONVERSION,
    AUTOCOMPLETE_AND_SEARCH_SESSIONS_RPS: withSearch.RPS,
    AUTOCOMPLETE_AND_SEARCH_SESSIONS_AOV: withSearch.AOV,
    WITHOUT_SEARCH_SESSIONS_TOTAL: without.TOTAL,
    WITHOUT_SEARCH_SESSIONS_ORDERS_TOTAL: without.ORDERS_TOTAL,
    WITHOUT_SEARCH_SESSIONS_REVENUE: without.REVENUE,
    WITHOUT_SEARCH_SESSIONS_CONVERSION: without.CONVERSION,
    WITHOUT_SEARCH_SESSIONS_RPS: without.RPS,
    WITHOUT_SEARCH_SESSIONS_AOV: without.AOV,
    AUTOCOMPLETE_CLICKS_QUERIES: block('QUERIES'),
    AUTOCOMPLETE_CLICKS_PRODUCTS: block('PRODUCTS'),
    AUTOCOMPLETE_CLICKS_CATEGORIES: block('CATEGORIES'),
    AUTOCOMPLETE_CLICKS_HISTORY: block('HISTORY'),
    AUTOCOMPLETE_CLICKS_TAPS: block('TAPS'),
    AUTOCOMPLETE_CLICKS_BRANDS: block('BRANDS'),
    VIEWS_TOTAL: count((e) => e.type === 'PRODUCT_VIEW'),
    ADD_TO_CART_TOTAL: count((e) => e.type === 'ADD_TO_CART'),
  };
  return table;
}

export function expectSame(
  actual: unknown,
  expected: number | { name: string; count: number }[],
  label: string,
) {
  if (typeof expected === 'number') {
    expect(typeof actual, label).toBe('number');
    expect(actual as number, label).toBeCloseTo(expected, 6);
  } else expect(actual, label).toEqual(expected);
}

/** All metric names in calls of at most 5, as the console sends them. */
export function batches(names: MetricName[]): MetricName[][] {
  const out: MetricName[][] = [];
  for (let i = 0; i < names.length; i += 5) out.push(names.slice(i, i + 5));
  return out;
}

/** A server whose live-ingestion window and rate allow the fixed 2026 dates and the overflow case. */
export async function startEventStore(kind: (typeof DATABASES)[number]) {
  // Fixed dates of 2026 throughout: the 72-hour window of live ingestion is widened here
  // (events-hardening.test.ts covers it).
  // Old dates, and 11 000 orders in a minute from one address (the overflow case below).
  const server = await startTestServer(kind, {
    env: { EVENT_MAX_AGE_HOURS: '1000000', EVENT_MAX_PER_MINUTE: '100000' },
  });
  const [site] = await server.database.db.select().from(sites).where(eq(sites.id, 1));
  const apiKey = site!.apiKey;
  const admin = await server.as('admin');
  return { server, apiKey, admin };
}

/** Posting, the rollup tables of site 1 and the aggregate report of the suite's current server. */
export function eventStoreHelpers(current: () => { server: TestServer; admin: TestClient }) {
  const post = (url: string, payload: unknown) =>
    current().server.app.inject({ method: 'POST', url, payload: payload as object });
  const rollupSnapshot = async () => ({
    daily: (
      await run(
        current().server.database.db,
        sql`select day::text, platform, sessions, search_sessions, ordered_sessions, search_ordered_sessions,
              orders, search_orders, revenue::text, search_revenue::text, searches, zero_searches,
              corrections, ac_queries, ac_products, ac_categories, ac_history, ac_taps, ac_brands, views, carts
            from event_daily where site_id = 1 order by day, platform`,
      )
    ).rows,
    queries: (
      await run(
        current().server.database.db,
        sql`select day::text, query, mobile, desktop, app, zero_mobile, zero_desktop, zero_app
            from event_daily_queries join event_queries q on q.id = query_id
            where event_daily_queries.site_id = 1 order by day, query collate "C"`,
      )
    ).rows,
    periods: (
      await run(
        current().server.database.db,
        sql`select period, start::text, query, mobile, desktop, app, zero_mobile, zero_desktop, zero_app
            from event_period_queries join event_queries q on q.id = query_id
            where event_period_queries.site_id = 1
              and mobile + desktop + app + zero_mobile + zero_desktop + zero_app > 0
            order by period, start, query collate "C"`,
      )
    ).rows,
  });

  const agg = async (name: string, from: string, to = from) =>
    (
      await current().admin.call(aggregateReportRoute, {
        params: { id: 1 },
        query: { name, from, to },
      })
    ).map((m) => m.value[periodKey(from, to)]);
  return { post, rollupSnapshot, agg };
}
