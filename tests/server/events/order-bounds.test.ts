/**
 * Fake orders cannot move the bound that quarantines them, on both databases: the
 * day's outlier bound is fixed from the orders before the day (a second process reads the same
 * one, whatever was sent since), a site without order history is bounded by its catalog's
 * prices, and the event endpoints count events, not requests.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { orderQuarantineRoute } from '#contract/routes/reports.ts';
import type { StorefrontEvent } from '#contract/public/events.ts';
import { CATALOG_OUTLIER_FACTOR, quarantineOrders } from '#server/events/guard.ts';
import { toEventRow } from '#server/events/ingest.ts';
import { apiKeyOf, feedFileUrl, importFeed, ymlDocument } from '#tests/helpers/catalog.ts';
import { DATABASES, startTestServer, type TestServer } from '#tests/helpers/server.ts';

const HOUR = 3_600_000;

describe.each(DATABASES)('order bounds, %s', (kind) => {
  let server: TestServer;
  let apiKey: string;
  const post = (target: TestServer, url: string, payload: unknown, ip = '198.51.100.7') =>
    target.app.inject({ method: 'POST', url, payload: payload as object, remoteAddress: ip });
  const order = (sessionId: string, revenue: number, at = new Date(Date.now() - HOUR)) => ({
    type: 'ORDER',
    sessionId,
    platform: 'DESKTOP',
    at: at.toISOString(),
    revenue,
  });
  const bulk = (target: TestServer, events: unknown[], ip?: string) =>
    post(target, '/public/events/bulk', { apiKey, events }, ip);

  beforeAll(async () => {
    server = await startTestServer(kind, { env: { EVENT_MAX_PER_MINUTE: '2000' } });
    apiKey = await apiKeyOf(server.database, 1);
  });
  afterAll(() => server.close());

  it('ratcheting orders up all day does not raise the bound, not even for another process', async () => {
    // 150 orders of 1 000 – 3 000 yesterday (UTC): today's bound is 10 × their p99, under 30 000.
    const yesterday = new Date(Date.now() - 30 * HOUR);
    const history = await bulk(
      server,
      Array.from({ length: 150 }, (_, i) => order(`old-${i}`, 1000 + ((i * 53) % 2001), yesterday)),
    );
    expect(history.json()).toEqual({ accepted: 150, quarantined: 0 });
    const probe = await bulk(server, [order('probe', 1e8)]);
    expect(probe.json()).toEqual({ accepted: 1, quarantined: 1 });
    const admin = await server.as('admin');
    const bound = (await admin.call(orderQuarantineRoute, { params: { id: 1 }, query: {} }))
      .items[0]!.threshold;
    expect(bound).toBeLessThan(30_001);

    // The ratchet: many orders just under the bound, which would make them the 28-day p99.
    for (let round = 0; round < 3; round++) {
      const response = await bulk(
        server,
        Array.from({ length: 100 }, (_, i) => order(`ratchet-${round}-${i}`, bound * 0.95)),
      );
      expect(response.json()).toEqual({ accepted: 100, quarantined: 0 });
    }
    // Another process (its own caches, here a fresh cache key) reads the same bound: twice the
    // bound is quarantined at the same threshold, though the day's orders now sit just under it.
    const { kept, quarantined } = await quarantineOrders(
      server.database.db,
      {},
      1,
      [
        toEventRow(
          { ...order('twice', bound * 2), items: 1 } as StorefrontEvent,
          'UTC',
          new Date(),
        ),
      ],
      new Date(),
    );
    expect({ kept: kept.length, quarantined }).toEqual({ kept: 0, quarantined: 1 });
    const listed = await admin.call(orderQuarantineRoute, { params: { id: 1 }, query: {} });
    expect(listed.items[0]).toMatchObject({ revenue: bound * 2, threshold: bound });
  });

  it('bounds a site without order history by its catalog: 50 × its highest price', async () => {
    await importFeed(
      server.database,
      2,
      feedFileUrl(
        ymlDocument({
          categories: '<category id="1">Ноутбуки</category>',
          offers: [1200, 89_990, 450]
            .map(
              (price, i) =>
                `<offer id="n${i}" available="true"><name>Ноутбук ${i}</name><url>https://electro.example.ru/${i}</url><price>${price}</price><categoryId>1</categoryId></offer>`,
            )
            .join(''),
        }),
      ),
    );
    const key = await apiKeyOf(server.database, 2);
    const send = (sessionId: string, revenue: number) =>
      post(server, '/public/events/bulk', { apiKey: key, events: [order(sessionId, revenue)] });
    expect((await send('big-but-real', 89_990 * 3)).json()).toEqual({
      accepted: 1,
      quarantined: 0,
    });
    expect((await send('forged', 1e8)).json()).toEqual({ accepted: 1, quarantined: 1 });
    const admin = await server.as('admin');
    const listed = await admin.call(orderQuarantineRoute, { params: { id: 2 }, query: {} });
    expect(listed.items[0]).toMatchObject({
      revenue: 1e8,
      reason: 'outlier',
      threshold: 89_990 * CATALOG_OUTLIER_FACTOR,
    });
  });

  it('counts events, not requests: a bulk call past the minute budget is a 429 that writes nothing', async () => {
    const views = (n: number, prefix: string) =>
      Array.from({ length: n }, (_, i) => ({
        type: 'SESSION_START',
        sessionId: `${prefix}-${i}`,
        platform: 'MOBILE',
        at: new Date(Date.now() - HOUR).toISOString(),
      }));
    // The budget is counted per minute of the clock: a sequence the minute's turn cuts in two
    // starts afresh at once from another address (a retry of the test too: its own addresses).
    const minute = () => Math.floor(Date.now() / 60_000);
    const net = `198.51.${1 + Math.floor(Math.random() * 250)}`;
    let over: Awaited<ReturnType<typeof bulk>>;
    for (let attempt = 1; ; attempt++) {
      const ip = `${net}.${attempt}`;
      const started = minute();
      expect((await bulk(server, views(1000, `a${attempt}`), ip)).statusCode).toBe(200);
      expect((await bulk(server, views(1000, `b${attempt}`), ip)).statusCode).toBe(200);
      over = await bulk(server, views(1, `c${attempt}`), ip);
      if (minute() === started || attempt === 3) break;
    }
    expect(over.statusCode).toBe(429);
    expect(Number(over.headers['retry-after'])).toBeGreaterThan(0);
    expect(over.json().message).toMatch(/Too many events/);
    // Another address has its own budget.
    expect((await bulk(server, views(10, 'd'), '203.0.113.10')).statusCode).toBe(200);
  });
});
