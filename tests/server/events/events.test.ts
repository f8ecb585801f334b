import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq, sql } from 'drizzle-orm';
import {
  BASE_METRICS,
  LIST_METRICS,
  periodKey,
  type BaseMetric,
  type MetricName,
  type ReportCallPlatform,
} from '#contract/entities/metric.ts';
import * as z from 'zod';
import { storefrontEvent, type StorefrontEventInput } from '#contract/public/events.ts';
import { aggregateReportRoute, dailyReportRoute } from '#contract/routes/reports.ts';
import { updateSiteRoute } from '#contract/routes/sites.ts';
import { run } from '#server/platform/db/sql.ts';
import { sites } from '#server/platform/db/schema.ts';
import { daysBetween } from '#server/events/day.ts';
import { prng } from '#server/demo/random.ts';
import { createEventStore, type WidgetDailyRow } from '#server/events/store.ts';
import { toEventRow } from '#server/events/ingest.ts';
import { rebuildRollupsIn } from '#server/events/rollups.ts';
import {
  DATABASES,
  startTestServer,
  type TestClient,
  type TestServer,
} from '#tests/helpers/server.ts';

const TZ = 'Europe/Moscow';
const dayFormat = new Intl.DateTimeFormat('en-CA', {
  timeZone: TZ,
  year: 'numeric',
  month: '2-digit',
  day: '2-digit',
});
const days = new Map<string, string>();
const dayOf = (at: string) => {
  let day = days.get(at);
  if (day === undefined) days.set(at, (day = dayFormat.format(new Date(at))));
  return day;
};
const normalise = (q: string) => q.trim().replace(/\s+/g, ' ').toLocaleLowerCase('ru');
type Event = StorefrontEventInput & { at: string };

/**
 * A random storefront: every kind of event, any order; one session in ten switches platform
 * between its events (counted under the platform of its first event received).
 */
function randomEvents(seed: number, sessions: number, firstDay: string, days: number): Event[] {
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
function bruteForce(
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

function expectSame(
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
function batches(names: MetricName[]): MetricName[][] {
  const out: MetricName[][] = [];
  for (let i = 0; i < names.length; i += 5) out.push(names.slice(i, i + 5));
  return out;
}

describe.each(DATABASES)('event store on %s', (kind) => {
  let server: TestServer;
  let apiKey: string;
  let admin: TestClient;
  const post = (url: string, payload: unknown) =>
    server.app.inject({ method: 'POST', url, payload: payload as object });
  const rollupSnapshot = async () => ({
    daily: (
      await run(
        server.database.db,
        sql`select day::text, platform, sessions, search_sessions, ordered_sessions, search_ordered_sessions,
              orders, search_orders, revenue::text, search_revenue::text, searches, zero_searches,
              corrections, ac_queries, ac_products, ac_categories, ac_history, ac_taps, ac_brands, views, carts
            from event_daily where site_id = 1 order by day, platform`,
      )
    ).rows,
    queries: (
      await run(
        server.database.db,
        sql`select day::text, query, mobile, desktop, app, zero_mobile, zero_desktop, zero_app
            from event_daily_queries join event_queries q on q.id = query_id
            where event_daily_queries.site_id = 1 order by day, query collate "C"`,
      )
    ).rows,
    periods: (
      await run(
        server.database.db,
        sql`select period, start::text, query, mobile, desktop, app, zero_mobile, zero_desktop, zero_app
            from event_period_queries join event_queries q on q.id = query_id
            where event_period_queries.site_id = 1
              and mobile + desktop + app + zero_mobile + zero_desktop + zero_app > 0
            order by period, start, query collate "C"`,
      )
    ).rows,
  });

  beforeAll(async () => {
    // Fixed dates of 2026 throughout: the 72-hour window of live ingestion is widened here
    // (events-hardening.test.ts covers it).
    // Old dates, and 11 000 orders in a minute from one address (the overflow case below).
    server = await startTestServer(kind, {
      env: { EVENT_MAX_AGE_HOURS: '1000000', EVENT_MAX_PER_MINUTE: '100000' },
    });
    const [site] = await server.database.db.select().from(sites).where(eq(sites.id, 1));
    apiKey = site!.apiKey;
    admin = await server.as('admin');
  });
  afterAll(() => server.close());

  const events = randomEvents(11, 160, '2026-05-01', 6);

  it('ingests shuffled batches incrementally; every metric matches a brute-force count', async () => {
    // Shuffle: orders often arrive before the session's search, events of a day after later days.
    const random = prng(5);
    const shuffled = [...events].sort(() => random() - 0.5);
    for (let i = 0; i < shuffled.length; i += 97) {
      const response = await post('/public/events/bulk', {
        apiKey,
        events: shuffled.slice(i, i + 97),
      });
      expect(response.statusCode, response.body).toBe(200);
    }
    const names = BASE_METRICS.flatMap((name): MetricName[] => [
      name,
      `MOBILE_${name}`,
      `DESKTOP_${name}`,
    ]);
    const periods: [string, string][] = [
      ['2026-05-01', '2026-05-07'],
      ['2026-05-02', '2026-05-03'],
    ];
    // AGG for two periods (compare mode), under each platform parameter.
    for (const [from, to] of periods) {
      for (const platform of ['ALL', 'MOBILE', 'DESKTOP', 'MOBILE APP'] as const) {
        const answers = (
          await Promise.all(
            batches(platform === 'ALL' ? names : [...BASE_METRICS]).map((list) =>
              admin.call(aggregateReportRoute, {
                params: { id: 1 },
                query: { name: list.join(','), from, to, platform, limit: 4 },
              }),
            ),
          )
        ).flat();
        for (const metric of answers) {
          const [, prefix, base] = /^(MOBILE_|DESKTOP_)?(.*)$/.exec(metric.metricName)!;
          const p: ReportCallPlatform = prefix
            ? (prefix.slice(0, -1) as ReportCallPlatform)
            : platform;
          expectSame(
            metric.value[periodKey(from, to)],
            bruteForce(shuffled, base as BaseMetric, p, from, to, 4),
            `${metric.metricName} ${platform} ${from}_${to}`,
          );
        }
      }
    }
    // DAILY: one value per day, including TOP lists.
    const daily = (
      await Promise.all(
        batches(
          names.filter((n) => n.startsWith('MOBILE_') || LIST_METRICS.includes(n as BaseMetric)),
        ).map((list) =>
          admin.call(dailyReportRoute, {
            params: { id: 1 },
            query: { name: list.join(','), from: '2026-04-30', to: '2026-05-08', limit: 3 },
          }),
        ),
      )
    ).flat();
    for (const metric of daily) {
      expect(Object.keys(metric.value)).toHaveLength(9);
      const [, prefix, base] = /^(MOBILE_|DESKTOP_)?(.*)$/.exec(metric.metricName)!;
      const p: ReportCallPlatform = prefix ? (prefix.slice(0, -1) as ReportCallPlatform) : 'ALL';
      for (const [day, value] of Object.entries(metric.value))
        expectSame(
          value,
          bruteForce(shuffled, base as BaseMetric, p, day, day, 3),
          `${metric.metricName} ${day}`,
        );
    }
  });

  it('rebuildRollups reproduces exactly what incremental ingestion kept', async () => {
    const incremental = await rollupSnapshot();
    expect(incremental.daily.length).toBeGreaterThan(10);
    await createEventStore(server.database).rebuildRollups(1);
    expect(await rollupSnapshot()).toEqual(incremental);
    // A partial rebuild leaves the same rows too.
    await createEventStore(server.database).rebuildRollups(1, '2026-05-03', '2026-05-04');
    expect(await rollupSnapshot()).toEqual(incremental);
  });

  const agg = async (name: string, from: string, to = from) =>
    (
      await admin.call(aggregateReportRoute, {
        params: { id: 1 },
        query: { name, from, to },
      })
    ).map((m) => m.value[periodKey(from, to)]);

  it('puts an event on the day of the site time zone (23:30 local is 20:30 UTC)', async () => {
    const ok = await post('/public/events/bulk', {
      apiKey,
      events: [
        { type: 'SESSION_START', sessionId: 'tz', platform: 'DESKTOP', at: '2026-06-10T20:30:00Z' },
        { type: 'SESSION_START', sessionId: 'tz', platform: 'DESKTOP', at: '2026-06-10T21:30:00Z' },
      ],
    });
    expect(ok.statusCode).toBe(200);
    // 20:30Z is 23:30 in Moscow (June 10); 21:30Z is 00:30 on June 11: two sessions.
    expect(await agg('SESSIONS_TOTAL', '2026-06-10')).toEqual([1]);
    expect(await agg('SESSIONS_TOTAL', '2026-06-11')).toEqual([1]);
    expect(await agg('SESSIONS_TOTAL', '2026-06-09')).toEqual([0]);
  });

  it('keeps session facts right when the order arrives before the search, and for late events', async () => {
    const at = (time: string) => `2026-06-20T${time}+03:00`;
    const ingest = (event: object) => post('/public/events', { apiKey, ...event });
    expect(
      (
        await ingest({
          type: 'ORDER',
          sessionId: 'late',
          platform: 'APP',
          at: at('12:00:00'),
          revenue: 250.5,
        })
      ).statusCode,
    ).toBe(200);
    expect(
      await agg(
        'WITHOUT_SEARCH_SESSIONS_REVENUE,AUTOCOMPLETE_AND_SEARCH_SESSIONS_REVENUE,CONVERSION',
        '2026-06-20',
      ),
    ).toEqual([250.5, 0, 100]);
    // The search comes later (another request): the session and its order move to "with search".
    await ingest({
      type: 'AUTOCOMPLETE_CLICK',
      sessionId: 'late',
      platform: 'APP',
      at: at('11:59:00'),
      block: 'BRANDS',
    });
    expect(
      await agg(
        'WITHOUT_SEARCH_SESSIONS_REVENUE,AUTOCOMPLETE_AND_SEARCH_SESSIONS_REVENUE,AUTOCOMPLETE_AND_SEARCH_SESSIONS_CONVERSION,WITHOUT_SEARCH_SESSIONS_TOTAL,MOBILE_AUTOCOMPLETE_CLICKS_BRANDS',
        '2026-06-20',
      ),
    ).toEqual([0, 250.5, 100, 0, 1]);
    await ingest({
      type: 'SEARCH',
      sessionId: 'late',
      platform: 'APP',
      at: at('12:01:00'),
      query: 'Шапка',
      hits: 0,
    });
    await ingest({
      type: 'ORDER',
      sessionId: 'late',
      platform: 'APP',
      at: at('12:02:00'),
      revenue: 100,
    });
    expect(
      await agg(
        'AUTOCOMPLETE_AND_SEARCH_SESSIONS_ORDERS_TOTAL,AUTOCOMPLETE_AND_SEARCH_SESSIONS_AOV,ORDERS_TOTAL,SESSIONS_TOTAL,TOP_ZERO_QUERIES',
        '2026-06-20',
      ),
    ).toEqual([2, 175.25, 2, 1, [{ name: 'шапка', count: 1 }]]);

    // A late event for an old day updates that day only.
    const before = await agg('SEARCH_EVENTS_TOTAL', '2026-05-02');
    await ingest({
      type: 'SEARCH',
      sessionId: 'old',
      platform: 'DESKTOP',
      at: '2026-05-02T10:00:00+03:00',
      query: 'x',
      hits: 1,
    });
    expect(await agg('SEARCH_EVENTS_TOTAL', '2026-05-02')).toEqual([(before[0] as number) + 1]);
    expect(await agg('SESSIONS_TOTAL', '2026-06-20')).toEqual([1]);
    // And the rebuild agrees with all of it.
    const incremental = await rollupSnapshot();
    await createEventStore(server.database).rebuildRollups(1);
    expect(await rollupSnapshot()).toEqual(incremental);
  });

  it('never serves a stale TOP list: a late search or a rebuild changes the answer', async () => {
    const top = async () =>
      (
        await admin.call(aggregateReportRoute, {
          params: { id: 1 },
          query: { name: 'TOP_SEARCH_QUERIES', from: '2026-05-01', to: '2026-05-07', limit: 50 },
        })
      )[0]!.value[periodKey('2026-05-01', '2026-05-07')] as { name: string; count: number }[];
    const before = await top();
    expect(await top()).toEqual(before);
    const search = {
      type: 'SEARCH',
      sessionId: 'cache',
      platform: 'DESKTOP',
      at: '2026-05-05T12:00:00+03:00',
      query: 'Новый запрос',
      hits: 3,
    };
    expect(
      (await post('/public/events/bulk', { apiKey, events: [search, search] })).statusCode,
    ).toBe(200);
    const after = await top();
    expect(after).toContainEqual({ name: 'новый запрос', count: 2 });
    expect(after).not.toEqual(before);
    // Rows rewritten by a rebuild carry new versions: recomputed, same answer.
    await createEventStore(server.database).rebuildRollups(1, '2026-05-05', '2026-05-05');
    expect(await top()).toEqual(after);
    await createEventStore(server.database).clear(1);
    expect(await top()).toEqual([]);
  });

  it('validates ingestion: a bad event, too many events or an unknown key write nothing', async () => {
    const total = async () =>
      Number(
        (await run<{ n: string }>(server.database.db, sql`select count(*) as n from events`))
          .rows[0]!.n,
      );
    const before = await total();
    const good = { type: 'PRODUCT_VIEW', sessionId: 'v', platform: 'MOBILE', productId: 'p1' };
    const bad: [string, unknown][] = [
      ['/public/events/bulk', { apiKey, events: [good, { ...good, platform: 'TV' }] }],
      [
        '/public/events/bulk',
        {
          apiKey,
          events: [good, { type: 'ORDER', sessionId: 'v', platform: 'MOBILE', revenue: -1 }],
        },
      ],
      [
        '/public/events/bulk',
        {
          apiKey,
          events: [good, { type: 'SEARCH', sessionId: 'v', platform: 'MOBILE', query: 'a' }],
        },
      ],
      ['/public/events/bulk', { apiKey, events: Array.from({ length: 1001 }, () => good) }],
      ['/public/events/bulk', { apiKey, events: [] }],
      ['/public/events/bulk', { apiKey, events: [{ ...good, extra: 1 }] }],
      ['/public/events/bulk', { apiKey, events: [{ ...good, at: '2099-01-01T00:00:00Z' }] }],
      ['/public/events', { apiKey, ...good, sessionId: '' }],
      ['/public/events', { ...good }],
    ];
    for (const [url, payload] of bad) {
      const response = await post(url, payload);
      expect(response.statusCode, JSON.stringify(payload).slice(0, 200)).toBe(400);
      expect(response.json()).toMatchObject({ status: 400 });
    }
    expect((await post('/public/events', { apiKey: 'nope', ...good })).statusCode).toBe(401);
    expect(await total()).toBe(before);

    const many = await post('/public/events/bulk', {
      apiKey,
      events: Array.from({ length: 1000 }, (_, i) => ({
        ...good,
        sessionId: `m${i % 37}`,
        at: '2026-07-01T12:00:00Z',
      })),
    });
    expect(many.statusCode).toBe(200);
    expect(many.json()).toEqual({ accepted: 1000, quarantined: 0 });
    expect(many.headers['access-control-allow-origin']).toBe('*');
    expect(await total()).toBe(before + 1000);
    expect(await agg('VIEWS_TOTAL,SESSIONS_TOTAL', '2026-07-01')).toEqual([1000, 37]);
  });

  it('caps an order at 1e8 (400 beyond) and sums the largest orders without overflow', async () => {
    const order = (revenue: number) => ({
      type: 'ORDER',
      sessionId: 'whale',
      platform: 'DESKTOP',
      at: '2026-08-01T12:00:00Z',
      revenue,
    });
    const refused = await post('/public/events', { apiKey, ...order(1e8 + 0.01) });
    expect(refused.statusCode).toBe(400);
    // 11 000 orders of 1e8 in one session: 1.1e12, beyond the old numeric(14,2) of a session.
    for (let batch = 0; batch < 11; batch++) {
      const response = await post('/public/events/bulk', {
        apiKey,
        events: Array.from({ length: 1000 }, () => order(1e8)),
      });
      expect(response.statusCode).toBe(200);
    }
    expect(await agg('REVENUE_TOTAL,ORDERS_TOTAL,SESSIONS_TOTAL', '2026-08-01')).toEqual([
      1.1e12, 11_000, 1,
    ]);
    const before = await rollupSnapshot();
    await createEventStore(server.database).rebuildRollups(1);
    expect(await rollupSnapshot()).toEqual(before);
  });

  it('serialises the writers of a site: ingestion waits while a rebuild holds the site lock', async () => {
    const store = createEventStore(server.database);
    let release!: () => void;
    const gate = new Promise<void>((resolve) => (release = resolve));
    let locked!: () => void;
    const holding = new Promise<void>((resolve) => (locked = resolve));
    const holder = server.database.db.transaction(async (tx) => {
      await rebuildRollupsIn(tx, 1, '2026-09-01', '2026-09-01');
      locked();
      await gate;
    });
    await holding;
    let done = false;
    const ingest = store
      .ingest(1, TZ, [
        {
          type: 'SESSION_START',
          sessionId: 'lock',
          platform: 'MOBILE',
          at: '2026-09-01T10:00:00Z',
        },
      ])
      .then(() => (done = true));
    await new Promise((resolve) => setTimeout(resolve, 300));
    expect(done).toBe(false);
    release();
    await holder;
    await ingest;
    expect(await agg('SESSIONS_TOTAL', '2026-09-01')).toEqual([1]);
  });

  it('replace swaps the events of a site in one transaction: a failure half-way keeps the old data', async () => {
    const store = createEventStore(server.database);
    const count = async () =>
      Number(
        (
          await run<{ n: string }>(
            server.database.db,
            sql`select count(*) as n from events where site_id = 1`,
          )
        ).rows[0]!.n,
      );
    const before = { events: await count(), rollups: await rollupSnapshot() };
    expect(before.events).toBeGreaterThan(1000);
    const row = toEventRow(
      { type: 'SESSION_START', sessionId: 'new', platform: 'DESKTOP', at: '2026-10-01T10:00:00Z' },
      TZ,
      new Date('2026-10-02T00:00:00Z'),
    );
    function* failing() {
      yield [row];
      throw new Error('generator failed');
    }
    await expect(store.replace(1, failing())).rejects.toThrow('generator failed');
    expect({ events: await count(), rollups: await rollupSnapshot() }).toEqual(before);

    expect(await store.replace(1, [[row], [{ ...row, sessionId: 'other' }]])).toBe(2);
    expect(await count()).toBe(2);
    expect(await agg('SESSIONS_TOTAL,DESKTOP_SESSIONS_TOTAL', '2026-10-01')).toEqual([2, 2]);

    // With the widget rows the generator filled as it went, they replace the site's widget_daily;
    // a failure keeps the old ones too.
    const widgets = async () =>
      (
        await run<{ day: string; block: string; views: number; clicks: number }>(
          server.database.db,
          sql`select day::text as day, block, views::int as views, clicks::int as clicks
              from widget_daily where site_id = 1 order by day, block`,
        )
      ).rows;
    await store.addWidgetDaily(1, [
      {
        day: '2026-09-30',
        block: 'old',
        strategy: 'popular',
        widgetType: 'W',
        views: 5,
        clicks: 1,
      },
    ]);
    const filled: WidgetDailyRow[] = [];
    function* withWidgets(fail: boolean) {
      yield [row];
      filled.push({
        day: '2026-10-01',
        block: '9',
        strategy: 'popular',
        widgetType: 'RECOMMENDATIONS',
        views: 3,
        clicks: 1,
      });
      if (fail) throw new Error('generator failed');
    }
    await expect(store.replace(1, withWidgets(true), undefined, () => filled)).rejects.toThrow(
      'generator failed',
    );
    expect(await widgets()).toEqual([{ day: '2026-09-30', block: 'old', views: 5, clicks: 1 }]);
    filled.length = 0;
    expect(await store.replace(1, withWidgets(false), undefined, () => filled)).toBe(1);
    expect(await widgets()).toEqual([{ day: '2026-10-01', block: '9', views: 3, clicks: 1 }]);
  });

  it('moves events and rollups to the new day when the site time zone changes', async () => {
    // 22:30 UTC on 2 November: the 3rd in Moscow (UTC+3), still the 2nd in New York (UTC−5).
    const ok = await post('/public/events/bulk', {
      apiKey,
      events: [
        {
          type: 'SESSION_START',
          sessionId: 'zone',
          platform: 'MOBILE',
          at: '2026-11-02T22:30:00Z',
        },
        {
          type: 'ORDER',
          sessionId: 'zone',
          platform: 'MOBILE',
          at: '2026-11-02T22:40:00Z',
          revenue: 50,
        },
        {
          type: 'SESSION_START',
          sessionId: 'noon',
          platform: 'DESKTOP',
          at: '2026-11-02T12:00:00Z',
        },
      ],
    });
    expect(ok.statusCode).toBe(200);
    const days = async () => ({
      nov2: await agg('SESSIONS_TOTAL,REVENUE_TOTAL', '2026-11-02'),
      nov3: await agg('SESSIONS_TOTAL,REVENUE_TOTAL', '2026-11-03'),
    });
    expect(await days()).toEqual({ nov2: [1, 0], nov3: [1, 50] });

    await admin.call(updateSiteRoute, {
      params: { id: 1 },
      body: { timeZone: 'America/New_York' },
    });
    expect(await days()).toEqual({ nov2: [2, 50], nov3: [0, 0] });
    // What the site update left is exactly what a rebuild from the raw events gives.
    const moved = await rollupSnapshot();
    await createEventStore(server.database).rebuildRollups(1);
    expect(await rollupSnapshot()).toEqual(moved);

    await admin.call(updateSiteRoute, { params: { id: 1 }, body: { timeZone: TZ } });
    expect(await days()).toEqual({ nov2: [1, 0], nov3: [1, 50] });
  });

  it('puts events on local days across a DST change (America/New_York, 8 March 2026)', async () => {
    await admin.call(updateSiteRoute, {
      params: { id: 1 },
      body: { timeZone: 'America/New_York' },
    });
    try {
      // Clocks go from 02:00 EST (UTC−5) to 03:00 EDT (UTC−4) on the 8th: a 23-hour day.
      const at = [
        ['2026-03-08T04:59:00Z', '2026-03-07'], // 23:59 EST
        ['2026-03-08T05:00:00Z', '2026-03-08'], // 00:00 EST
        ['2026-03-08T06:59:00Z', '2026-03-08'], // 01:59 EST
        ['2026-03-08T07:00:00Z', '2026-03-08'], // 03:00 EDT
        ['2026-03-09T03:59:00Z', '2026-03-08'], // 23:59 EDT
        ['2026-03-09T04:00:00Z', '2026-03-09'], // 00:00 EDT
      ] as const;
      const ok = await post('/public/events/bulk', {
        apiKey,
        events: at.map(([time], i) => ({
          type: 'SESSION_START',
          sessionId: `dst${i}`,
          platform: 'MOBILE',
          at: time,
        })),
      });
      expect(ok.statusCode).toBe(200);
      const [sessions] = await admin.call(dailyReportRoute, {
        params: { id: 1 },
        query: { name: 'SESSIONS_TOTAL', from: '2026-03-07', to: '2026-03-09' },
      });
      expect(sessions!.value).toEqual({ '2026-03-07': 1, '2026-03-08': 4, '2026-03-09': 1 });
      const rolled = await rollupSnapshot();
      await createEventStore(server.database).rebuildRollups(1);
      expect(await rollupSnapshot()).toEqual(rolled);
    } finally {
      await admin.call(updateSiteRoute, { params: { id: 1 }, body: { timeZone: TZ } });
    }
  });
});

describe.each(DATABASES)('TOP lists of long periods from week and month rows, %s', (kind) => {
  let server: TestServer;
  beforeAll(async () => {
    server = await startTestServer(kind);
  });
  afterAll(() => server.close());

  it('answers exactly what the raw events give, for periods made of months, weeks and days', async () => {
    const store = createEventStore(server.database);
    // ~110 days crossing four month boundaries, ingested shuffled in batches (late days first too).
    const events = randomEvents(23, 1200, '2026-03-14', 110);
    const random = prng(9);
    const shuffled = [...events].sort(() => random() - 0.5);
    for (let i = 0; i < shuffled.length; i += 500)
      await store.ingest(1, TZ, z.array(storefrontEvent).parse(shuffled.slice(i, i + 500)));
    const periods: [string, string][] = [
      ['2026-03-14', '2026-07-01'], // months, weeks and days at both ends
      ['2026-04-01', '2026-05-31'], // whole months only
      ['2026-04-06', '2026-04-26'], // whole weeks only
      ['2026-03-25', '2026-06-22'], // the home screen's 90 days
      ['2026-05-13', '2026-05-15'], // days only
    ];
    for (const [from, to] of periods)
      for (const platform of ['ALL', 'MOBILE', 'DESKTOP'] as const) {
        const metrics = await store.metrics({
          siteId: 1,
          names: ['TOP_SEARCH_QUERIES', 'TOP_ZERO_QUERIES'],
          from,
          to,
          platform,
          limit: 5,
          type: 'AGG',
        });
        for (const metric of metrics)
          expect(metric.value[periodKey(from, to)], `${metric.metricName} ${from} ${to}`).toEqual(
            bruteForce(shuffled, metric.metricName as BaseMetric, platform, from, to, 5),
          );
      }
    // A rebuild of part of the range rewrites the touched weeks and months with the same sums.
    const periodRows = async () =>
      (
        await run(
          server.database.db,
          sql`select period, start::text, query_id, mobile, desktop, app, zero_mobile, zero_desktop, zero_app
              from event_period_queries where site_id = 1
                and mobile + desktop + app + zero_mobile + zero_desktop + zero_app > 0
              order by 1, 2, 3`,
        )
      ).rows;
    const incremental = await periodRows();
    expect(incremental.length).toBeGreaterThan(20);
    await store.rebuildRollups(1, '2026-04-15', '2026-05-02');
    expect(await periodRows()).toEqual(incremental);
    await store.rebuildRollups(1);
    expect(await periodRows()).toEqual(incremental);
  });
});

describe('daysBetween', () => {
  it('lists the days of a period and refuses invalid days and periods beyond the limit', () => {
    expect(daysBetween('2026-02-27', '2026-03-01')).toEqual([
      '2026-02-27',
      '2026-02-28',
      '2026-03-01',
    ]);
    expect(daysBetween('2026-03-02', '2026-03-01')).toEqual([]);
    expect(daysBetween('2026-01-01', '2027-02-04')).toHaveLength(400);
    expect(() => daysBetween('2026-01-01', '2027-02-05')).toThrow(RangeError);
    expect(() => daysBetween('9999-12-31', '9999-12-31')).toThrow(RangeError);
    expect(() => daysBetween('2026-02-30', '2026-03-01')).toThrow(RangeError);
    expect(() => daysBetween('yesterday', '2026-03-01')).toThrow(RangeError);
  });
});
