import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { aggregateReportRoute, dailyReportRoute } from '#contract/routes/reports.ts';
import { widgetCtrRoute } from '#contract/routes/recs.ts';
import { seedDemoEvents } from '#server/demo/seed.ts';
import { sql } from 'drizzle-orm';
import { run } from '#server/platform/db/sql.ts';
import { addDays, localDay } from '#server/events/day.ts';
import { yesterday as demoYesterday } from '#server/demo/events.ts';
import { registerSiteToUserRoute, registerUserRoute } from '#contract/routes/users.ts';
import { apiKeyOf } from '#tests/helpers/catalog.ts';
import { DATABASES, failure, startTestServer, type TestServer } from '#tests/helpers/server.ts';

const HOME_NAMES = [
  'SESSIONS_TOTAL',
  'ORDERS_TOTAL',
  'REVENUE_TOTAL',
  'CONVERSION',
  'RPS',
  'AOV',
] as const;

describe.each(DATABASES)('report calls on demo data, %s', (kind) => {
  let server: TestServer;
  let yesterday: string;
  beforeAll(async () => {
    server = await startTestServer(kind);
    const before = demoYesterday('Europe/Moscow');
    expect(await seedDemoEvents(server.database, { days: 30, sessions: 3000 })).toBeGreaterThan(0);
    const after = demoYesterday('Europe/Moscow');
    // A second seed finds the store filled and writes nothing.
    expect(await seedDemoEvents(server.database)).toBe(0);
    // The seed's own last day (its 'yesterday'), read back: no flake when midnight passes meanwhile.
    const { rows } = await run<{ day: string }>(
      server.database.db,
      sql`select max(day)::text as day from event_daily where site_id = 1`,
    );
    yesterday = rows[0]!.day;
    expect([before, after]).toContain(yesterday);
  });
  afterAll(() => server.close());

  it('answers the home metrics for the last 7 days ending yesterday', async () => {
    const client = await server.as('client');
    const from = addDays(yesterday, -6);
    // As the home screen calls: batches of at most 5 names, in parallel.
    const batches = await Promise.all(
      [HOME_NAMES.slice(0, 5), HOME_NAMES.slice(5)].map((names) =>
        client.call(aggregateReportRoute, {
          params: { id: 1 },
          query: { name: names.join(','), from, to: yesterday },
        }),
      ),
    );
    const metrics = batches.flat();
    const key = `${from}_${yesterday}`;
    expect(metrics.map((m) => m.metricName)).toEqual(HOME_NAMES);
    const value = Object.fromEntries(metrics.map((m) => [m.metricName, m.value[key]]));
    expect(value['SESSIONS_TOTAL']).toBeGreaterThan(300);
    expect(value['ORDERS_TOTAL']).toBeGreaterThan(0);
    expect(value['CONVERSION']).toBeGreaterThan(0.5);
    expect(value['CONVERSION']).toBeLessThan(10);
    expect(value['AOV']).toBeCloseTo(
      (value['REVENUE_TOTAL'] as number) / (value['ORDERS_TOTAL'] as number),
      6,
    );
    // Nothing today: the demo ends yesterday.
    const today = await client.call(aggregateReportRoute, {
      params: { id: 1 },
      query: { name: 'SESSIONS_TOTAL,RPS', from: addDays(yesterday, 1), to: addDays(yesterday, 1) },
    });
    expect(today.map((m) => Object.values(m.value)[0])).toEqual([0, 0]);
  });

  it('reads a search CTR and a recommendation block CTR on the demo data (issue 15)', async () => {
    const client = await server.as('client');
    const report = await client.call(widgetCtrRoute, {
      params: { id: 1 },
      query: { from: addDays(yesterday, -29), to: yesterday },
    });
    // About 30 % of the searches with results end in a click, and the autocomplete's product
    // suggestions add theirs.
    expect(report.search.searches).toBeGreaterThan(500);
    expect(report.search.ctr).toBeGreaterThan(0.25);
    expect(report.search.ctr).toBeLessThan(0.5);
    // The demo block of the seed (production copy), named, with its strategy and the widget's
    // type, seen and clicked now and then.
    expect(report.blocks).toHaveLength(1);
    const [block] = report.blocks;
    expect(block).toMatchObject({
      blockName: 'Популярные товары',
      strategy: 'popular',
      widgetType: 'RECOMMENDATIONS',
    });
    expect(block!.block).toMatch(/^\d+$/);
    expect(block!.views).toBeGreaterThan(200);
    expect(block!.ctr).toBeGreaterThan(0.02);
    expect(block!.ctr).toBeLessThan(0.1);
    // Each widget click is a product click from a recommendation in the event store too.
    expect(report.recsClicks).toBe(block!.clicks);
    // The seeded days are the ones of the events, none after them.
    const { rows } = await run<{ first: string; last: string }>(
      server.database.db,
      sql`select min(day)::text as first, max(day)::text as last from widget_daily
          where site_id = 1`,
    );
    expect(rows[0]).toEqual({ first: addDays(yesterday, -29), last: yesterday });
  });

  it("answers today's CTR rows as the storefront sends them, the seeded days apart", async () => {
    const apiKey = await apiKeyOf(server.database, 1);
    const post = (url: string, payload: object) =>
      server.app.inject({ method: 'POST', url, payload: payload as Record<string, unknown> });
    const session = { sessionId: 'today-1', platform: 'DESKTOP' };
    const events = [
      { type: 'SEARCH', query: 'платье', hits: 12, correctedQuery: null },
      { type: 'SEARCH', query: 'куртка', hits: 7, correctedQuery: null },
      { type: 'SEARCH', query: 'шапка', hits: 3, correctedQuery: null },
      { type: 'SEARCH', query: 'ремень', hits: 9, correctedQuery: null },
      { type: 'PRODUCT_CLICK', source: 'SEARCH', productId: 'p1', position: 0, query: 'платье' },
      { type: 'PRODUCT_CLICK', source: 'RECOMMENDATION', productId: 'p2', position: 1 },
    ];
    for (const event of events)
      expect((await post('/public/events', { apiKey, ...session, ...event })).statusCode).toBe(200);
    const widget = (eventType: string, viewGUID: string, extra: object = {}) => ({
      eventType,
      widgetType: 'RECOMMENDATIONS',
      viewGUID,
      sessionId: 'today-1',
      referer: '',
      location: 'https://shop.example/',
      apiKey,
      pageProducts: ['p2', 'p3'],
      mvtGroups: [],
      strategy: 'popular',
      userGUID: 'u-today',
      blockId: 'today-block',
      ...extra,
    });
    for (const guid of ['t1', 't2'])
      expect((await post('/public/tracking/widget', widget('WIDGET_VIEW', guid))).statusCode).toBe(
        204,
      );
    await post('/public/tracking/widget', widget('WIDGET_CLICK', 't2', { productId: 'p2' }));
    // The console's previews (spec part 1 §7) are tracked too, and kept out of the reports.
    for (const strategy of ['dashboard_user', 'dashboard_digi']) {
      const preview = { strategy, blockId: 'today-block' };
      expect(
        (await post('/public/tracking/widget', widget('WIDGET_VIEW', `p-${strategy}`, preview)))
          .statusCode,
      ).toBe(204);
      await post(
        '/public/tracking/widget',
        widget('WIDGET_CLICK', `p-${strategy}`, { ...preview, productId: 'p3' }),
      );
    }
    const stored = await run<{ strategy: string; count: number }>(
      server.database.db,
      sql`select strategy, count(*)::int as count from widget_events
          where site_id = 1 and session_id = 'today-1' group by strategy order by strategy`,
    );
    expect(stored.rows).toEqual([
      { strategy: 'dashboard_digi', count: 2 },
      { strategy: 'dashboard_user', count: 2 },
      { strategy: 'popular', count: 3 },
    ]);

    // Today in the site's time zone (Moscow): the events' own day.
    const today = localDay(new Date(), 'Europe/Moscow');
    const client = await server.as('client');
    const report = await client.call(widgetCtrRoute, {
      params: { id: 1 },
      query: { from: today, to: today },
    });
    expect(report.search).toEqual({ searches: 4, clicks: 1, ctr: 0.25 });
    expect(report.recsClicks).toBe(1);
    expect(report.blocks.map((b) => [b.block, b.views, b.clicks, b.ctr])).toEqual([
      ['today-block', 2, 1, 0.5],
    ]);
    // Yesterday's rows hold none of it.
    const before = await client.call(widgetCtrRoute, {
      params: { id: 1 },
      query: { from: addDays(today, -1), to: addDays(today, -1) },
    });
    expect(before.blocks.map((b) => b.block)).not.toContain('today-block');
  });

  it('answers daily values keyed by day and TOP lists of the requested length', async () => {
    const client = await server.as('client');
    const from = addDays(yesterday, -2);
    const [sessions, top] = await client.call(dailyReportRoute, {
      params: { id: 1 },
      query: { name: 'MOBILE_SESSIONS_TOTAL,TOP_SEARCH_QUERIES', from, to: yesterday, limit: 3 },
    });
    expect(Object.keys(sessions!.value)).toEqual([from, addDays(from, 1), yesterday]);
    expect(Object.keys(top!.value)).toEqual([from, addDays(from, 1), yesterday]);
    for (const list of Object.values(top!.value)) {
      expect(Array.isArray(list) && list.length).toBe(3);
    }
  });

  it('rejects more than 5 names, unknown names and a reversed period with 400', async () => {
    const client = await server.as('client');
    const six = HOME_NAMES.join(',');
    for (const query of [
      { name: six, from: yesterday, to: yesterday },
      { name: 'NOPE', from: yesterday, to: yesterday },
      { name: 'SESSIONS_TOTAL', from: yesterday, to: addDays(yesterday, -1) },
    ]) {
      expect(
        (await failure(client.call(aggregateReportRoute, { params: { id: 1 }, query }))).status,
      ).toBe(400);
    }
  });

  it('rejects days outside 2000–2100 and too long periods with 400 (no endless day loop)', async () => {
    const client = await server.as('client');
    const cases = [
      [dailyReportRoute, '9999-12-31', '9999-12-31'],
      [aggregateReportRoute, '9999-12-31', '9999-12-31'],
      [dailyReportRoute, '1999-12-31', '2000-01-01'],
      [dailyReportRoute, '2000-01-01', '2099-12-31'],
      [dailyReportRoute, '2026-01-01', '2027-02-05'], // 401 days
      [aggregateReportRoute, '2020-01-01', '2023-01-04'], // 1 100 days
    ] as const;
    for (const [route, from, to] of cases) {
      const error = await failure(
        client.call(route, { params: { id: 1 }, query: { name: 'SESSIONS_TOTAL', from, to } }),
      );
      expect(error.status).toBe(400);
      expect(error.issues.map((issue) => issue.message).join()).toMatch(
        /2000-01-01 to 2100-12-31|must not exceed/,
      );
    }
    // The limits themselves pass.
    const daily = await client.call(dailyReportRoute, {
      params: { id: 1 },
      query: { name: 'SESSIONS_TOTAL', from: '2026-01-01', to: '2027-02-04' },
    });
    expect(Object.keys(daily[0]!.value)).toHaveLength(400);
    const agg = await client.call(aggregateReportRoute, {
      params: { id: 1 },
      query: { name: 'SESSIONS_TOTAL', from: '2020-01-01', to: '2023-01-02' },
    });
    expect(Object.keys(agg[0]!.value)).toEqual(['2020-01-01_2023-01-02']);
  });

  it('guards sites and roles: 403 for a site not attached, 401 signed out', async () => {
    const client = await server.as('client');
    const query = { name: 'SESSIONS_TOTAL', from: yesterday, to: yesterday };
    expect(
      (await failure(client.call(aggregateReportRoute, { params: { id: 2 }, query }))).status,
    ).toBe(403);
    expect(
      (await failure(server.client().call(dailyReportRoute, { params: { id: 1 }, query }))).status,
    ).toBe(401);
  });

  it('needs ROLE_REPORT_AGG_VIEW for AGG and ROLE_REPORT_DAILY_VIEW for DAILY', async () => {
    const admin = await server.as('admin');
    for (const [login, role] of [
      ['agg-only', 'ROLE_REPORT_AGG_VIEW'],
      ['daily-only', 'ROLE_REPORT_DAILY_VIEW'],
    ] as const) {
      await admin.call(registerUserRoute, {
        body: { login, password: 'correct-horse-7', roles: [role], isClient: true },
      });
      await admin.call(registerSiteToUserRoute, { query: { siteId: 1 }, body: { login } });
    }
    const query = { name: 'SESSIONS_TOTAL', from: yesterday, to: yesterday };
    const aggOnly = await server.as('agg-only', 'correct-horse-7');
    await aggOnly.call(aggregateReportRoute, { params: { id: 1 }, query });
    expect(
      (await failure(aggOnly.call(dailyReportRoute, { params: { id: 1 }, query }))).status,
    ).toBe(403);
    const dailyOnly = await server.as('daily-only', 'correct-horse-7');
    await dailyOnly.call(dailyReportRoute, { params: { id: 1 }, query });
    expect(
      (await failure(dailyOnly.call(aggregateReportRoute, { params: { id: 1 }, query }))).status,
    ).toBe(403);
  });
});
