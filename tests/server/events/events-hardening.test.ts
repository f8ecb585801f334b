import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq, sql } from 'drizzle-orm';
import { periodKey } from '#contract/entities/metric.ts';
import {
  aggregateReportRoute,
  orderCapRoute,
  orderQuarantineRoute,
} from '#contract/routes/reports.ts';
import { run } from '#server/platform/db/sql.ts';
import { sites } from '#server/platform/db/schema.ts';
import { localDay } from '#server/events/day.ts';
import {
  DATABASES,
  failure,
  startTestServer,
  type TestClient,
  type TestServer,
} from '#tests/helpers/server.ts';

const TZ = 'Europe/Moscow';

/** Attacks on the public event endpoints (items 1, 6 and 9). */
describe.each(DATABASES)('public event endpoints under attack, %s', (kind) => {
  let server: TestServer;
  let apiKey: string;
  let admin: TestClient;
  const post = (url: string, payload: unknown, headers: Record<string, string> = {}) =>
    server.app.inject({ method: 'POST', url, payload: payload as object, headers });
  const count = async (table: string, where = sql`true`) =>
    Number(
      (
        await run<{ n: string }>(
          server.database.db,
          sql`select count(*) as n from ${sql.raw(table)} where ${where}`,
        )
      ).rows[0]!.n,
    );
  const agg = async (name: string, day: string) =>
    (
      await admin.call(aggregateReportRoute, {
        params: { id: 1 },
        query: { name, from: day, to: day },
      })
    ).map((m) => m.value[periodKey(day, day)]);

  beforeAll(async () => {
    server = await startTestServer(kind);
    const [site] = await server.database.db.select().from(sites).where(eq(sites.id, 1));
    apiKey = site!.apiKey;
    admin = await server.as('admin');
  });
  afterAll(() => server.close());

  it('takes 1 000 distinct sessions in one bulk call, and a failed statement poisons nothing', async () => {
    // Before: one bind parameter pair per session; ~300 made PGlite answer nothing, ~500 hung it.
    const at = new Date(Date.now() - 3_600_000).toISOString();
    const day = localDay(new Date(at), TZ);
    const before = await agg('SESSIONS_TOTAL,SEARCH_EVENTS_TOTAL', day);
    const response = await post('/public/events/bulk', {
      apiKey,
      events: Array.from({ length: 1000 }, (_, i) => ({
        type: 'SEARCH',
        sessionId: `wide-${i}`,
        platform: i % 2 ? 'MOBILE' : 'DESKTOP',
        at,
        query: `запрос ${i}`,
        hits: i % 3,
      })),
    });
    expect(response.statusCode, response.body).toBe(200);
    expect(response.json()).toEqual({ accepted: 1000, quarantined: 0 });
    expect(await count('event_sessions', sql`session_id like 'wide-%'`)).toBe(1000);
    expect(await agg('SESSIONS_TOTAL,SEARCH_EVENTS_TOTAL', day)).toEqual([
      (before[0] as number) + 1000,
      (before[1] as number) + 1000,
    ]);
    // A statement that fails leaves the connection usable.
    await expect(run(server.database.db, sql`select 1 / 0`)).rejects.toThrow();
    const again = await post('/public/events', {
      apiKey,
      type: 'SESSION_START',
      sessionId: 'after-failure',
      platform: 'APP',
      at,
    });
    expect(again.statusCode, again.body).toBe(200);
    expect(await count('event_sessions', sql`session_id = 'after-failure'`)).toBe(1);
  });

  it('refuses widget events with huge page numbers or positions, and NUL bytes, with a 400', async () => {
    const widget = {
      eventType: 'WIDGET_CLICK',
      widgetType: 'RECOMMENDATIONS',
      viewGUID: 'v-1',
      sessionId: 's-1',
      referer: '',
      location: 'https://shop.example/',
      apiKey,
      pageProducts: ['p1'],
      pageNumber: 1,
      mvtGroups: [],
      strategy: 'popular',
      userGUID: 'u-1',
      productId: 'p1',
      position: 0,
    };
    const before = await count('widget_events');
    expect((await post('/public/tracking/widget', widget)).statusCode).toBe(204);
    const bad: Record<string, unknown>[] = [
      { pageNumber: 2 ** 31 },
      { pageNumber: 10_001 },
      { position: 1e12 },
      { position: 100_001 },
      { sessionId: 'a\u0000b' },
      { location: 'https://shop.example/\u0000' },
      { pageProducts: ['p\u0000'] },
      { apiKey: `${apiKey}\u0000` },
    ];
    for (const change of bad) {
      const response = await post('/public/tracking/widget', { ...widget, ...change });
      expect(response.statusCode, JSON.stringify(change)).toBe(400);
      expect(response.json()).toMatchObject({ status: 400 });
    }
    expect(
      (await post('/public/tracking/widget', { ...widget, pageNumber: 10_000, position: 100_000 }))
        .statusCode,
    ).toBe(204);
    expect(await count('widget_events')).toBe(before + 2);

    const event = { type: 'SEARCH', sessionId: 'nul', platform: 'DESKTOP', query: 'q', hits: 1 };
    const events = await count('events');
    for (const change of [
      { sessionId: 'n\u0000l' },
      { query: 'q\u0000' },
      { correctedQuery: '\u0000' },
      { apiKey: `${apiKey}\u0000` },
    ]) {
      const single = await post('/public/events', { apiKey, ...event, ...change });
      expect(single.statusCode, JSON.stringify(change)).toBe(400);
      const { apiKey: key = apiKey, ...rest } = change as { apiKey?: string };
      const bulk = await post('/public/events/bulk', {
        apiKey: key,
        events: [{ ...event, ...rest }],
      });
      expect(bulk.statusCode, JSON.stringify(change)).toBe(400);
    }
    expect(
      (
        await post('/public/events/bulk', {
          apiKey,
          events: [
            { type: 'PRODUCT_VIEW', sessionId: 'nul', platform: 'APP', productId: '\u0000' },
          ],
        })
      ).statusCode,
    ).toBe(400);
    expect(await count('events')).toBe(events);
  });

  it('records a console page view only for a site the user is attached to (403 otherwise)', async () => {
    const client = await server.as('client');
    const views = await count('page_views');
    const view = (query: string) =>
      client.raw({
        method: 'POST',
        url: `/api/event-tracking/page-views?${query}`,
        headers: { 'x-xsrf-token': client.cookies.get('XSRF-TOKEN') ?? '' },
      });
    expect((await view('page=%2Fhome&siteId=1')).statusCode).toBe(200);
    expect((await view('page=%2Fhome')).statusCode).toBe(200);
    // Site 2 exists but is not the client's.
    expect((await view('page=%2Fhome&siteId=2')).statusCode).toBe(403);
    expect((await view('page=%2Fhome&siteId=99999')).statusCode).toBe(404);
    expect((await view('page=%2Fhome&siteId=99999999999')).statusCode).toBe(400);
    expect((await view('page=%2Fho%00me&siteId=1')).statusCode).toBe(400);
    expect(await count('page_views')).toBe(views + 2);
  });

  it('refuses events dated too long ago or ahead of the clock (the 112 orders of 2000)', async () => {
    const before = await count('events');
    const order = (at: string) => ({
      type: 'ORDER',
      sessionId: 'forged',
      platform: 'DESKTOP',
      at,
      revenue: 1e8,
    });
    const old = await post('/public/events/bulk', {
      apiKey,
      events: Array.from({ length: 112 }, () => order('2000-01-01T12:00:00Z')),
    });
    expect(old.statusCode).toBe(400);
    expect(old.json()).toMatchObject({ status: 400, message: expect.stringContaining('72 hours') });
    const hour = 3_600_000;
    for (const at of [Date.now() - 73 * hour, Date.now() + hour]) {
      const response = await post('/public/events', {
        apiKey,
        ...order(new Date(at).toISOString()),
      });
      expect(response.statusCode).toBe(400);
    }
    expect(await count('events')).toBe(before);
    expect(await count('event_order_quarantine')).toBe(0);
  });

  it('quarantines orders above 10× the p99 of the 28 days before today instead of summing them into revenue', async () => {
    const at = new Date(Date.now() - 2 * 3_600_000).toISOString();
    const day = localDay(new Date(at), TZ);
    // 120 plausible orders (1 000 – 3 000) 30 hours ago, before today (UTC): the site now has a
    // p99 for today's bound. Orders of today never count towards it.
    const normal = await post('/public/events/bulk', {
      apiKey,
      events: Array.from({ length: 120 }, (_, i) => ({
        type: 'ORDER',
        sessionId: `buyer-${i}`,
        platform: 'MOBILE',
        at: new Date(Date.now() - 30 * 3_600_000).toISOString(),
        revenue: 1000 + ((i * 37) % 2001),
      })),
    });
    expect(normal.json()).toEqual({ accepted: 120, quarantined: 0 });
    const [revenue, orders] = (await agg('REVENUE_TOTAL,ORDERS_TOTAL', day)) as number[];

    // The forged-orders attack, with fresh timestamps: 112 orders of 1e8.
    const attack = await post('/public/events/bulk', {
      apiKey,
      events: Array.from({ length: 112 }, (_, i) => ({
        type: 'ORDER',
        sessionId: `fake-${i}`,
        platform: 'DESKTOP',
        at,
        revenue: 1e8,
      })),
    });
    expect(attack.statusCode, attack.body).toBe(200);
    expect(attack.json()).toEqual({ accepted: 112, quarantined: 112 });
    expect(await agg('REVENUE_TOTAL,ORDERS_TOTAL', day)).toEqual([revenue, orders]);
    const listed = await admin.call(orderQuarantineRoute, { params: { id: 1 }, query: {} });
    expect(listed.total).toBe(112);
    expect(listed.items).toHaveLength(100);
    expect(listed.items[0]).toMatchObject({ revenue: 1e8, reason: 'outlier', day });
    expect(listed.items[0]!.threshold).toBeLessThan(40_000);
    // A plausible order still counts.
    await post('/public/events', {
      apiKey,
      type: 'ORDER',
      sessionId: 'buyer-x',
      platform: 'MOBILE',
      at,
      revenue: 2500,
    });
    expect(await agg('REVENUE_TOTAL', day)).toEqual([revenue! + 2500]);
  });

  it('quarantines orders above the site cap an administrator sets', async () => {
    const at = new Date(Date.now() - 3_600_000).toISOString();
    const day = localDay(new Date(at), TZ);
    const client = await server.as('client');
    expect(
      (await failure(client.call(orderCapRoute, { params: { id: 1 }, body: { cap: 10 } }))).status,
    ).toBe(403);
    expect(
      (await failure(admin.call(orderCapRoute, { params: { id: 1 }, body: { cap: -1 } }))).status,
    ).toBe(400);
    await admin.call(orderCapRoute, { params: { id: 1 }, body: { cap: 2800 } });
    const [revenue] = (await agg('REVENUE_TOTAL', day)) as number[];
    const orders = [2900, 2700].map((value, i) => ({
      type: 'ORDER',
      sessionId: `capped-${i}`,
      platform: 'APP',
      at,
      revenue: value,
    }));
    const response = await post('/public/events/bulk', { apiKey, events: orders });
    expect(response.json()).toEqual({ accepted: 2, quarantined: 1 });
    expect(await agg('REVENUE_TOTAL', day)).toEqual([revenue! + 2700]);
    const listed = await client.call(orderQuarantineRoute, {
      params: { id: 1 },
      query: { limit: 1 },
    });
    expect(listed).toMatchObject({ cap: 2800, total: 113 });
    expect(listed.items).toEqual([
      expect.objectContaining({ revenue: 2900, reason: 'cap', threshold: 2800, platform: 'APP' }),
    ]);
    await admin.call(orderCapRoute, { params: { id: 1 }, body: { cap: null } });
    expect((await client.call(orderQuarantineRoute, { params: { id: 1 }, query: {} })).cap).toBe(
      null,
    );
  });
});

describe.each(DATABASES)('public event rate limit, %s', (kind) => {
  let server: TestServer;
  let apiKey: string;
  beforeAll(async () => {
    server = await startTestServer(kind, { env: { EVENT_RATE_LIMIT: '3' } });
    const [site] = await server.database.db.select().from(sites).where(eq(sites.id, 1));
    apiKey = site!.apiKey;
  });
  afterAll(() => server.close());

  it('answers 429 past EVENT_RATE_LIMIT requests a minute per apiKey and client address', async () => {
    const send = (url: string, payload: object, remoteAddress = '10.0.0.1') =>
      server.app.inject({ method: 'POST', url, payload, remoteAddress });
    const event = { apiKey, type: 'SESSION_START', sessionId: 'rl', platform: 'MOBILE' };
    const codes: number[] = [];
    for (let i = 0; i < 4; i++) codes.push((await send('/public/events', event)).statusCode);
    expect(codes).toEqual([200, 200, 200, 429]);
    const limited = await send('/public/events/bulk', { apiKey, events: [event] });
    expect(limited.statusCode).toBe(429);
    expect(limited.json()).toMatchObject({ status: 429 });
    // Another client address, or another key, has its own allowance.
    expect((await send('/public/events', event, '10.0.0.2')).statusCode).toBe(200);
    expect((await send('/public/events', { ...event, apiKey: 'other' })).statusCode).toBe(401);
    const widget = {
      eventType: 'WIDGET_VIEW',
      widgetType: 'RECOMMENDATIONS',
      viewGUID: 'v',
      sessionId: 's',
      referer: '',
      location: 'https://shop.example/',
      apiKey,
      pageProducts: [],
      mvtGroups: [],
      strategy: 'popular',
      userGUID: 'u',
    };
    const widgetCodes: number[] = [];
    for (let i = 0; i < 4; i++)
      widgetCodes.push((await send('/public/tracking/widget', widget, '10.0.0.3')).statusCode);
    expect(widgetCodes).toEqual([204, 204, 204, 429]);
  });
});
