import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { dailyReportRoute } from '#contract/routes/reports.ts';
import { updateSiteRoute } from '#contract/routes/sites.ts';
import { run } from '#server/platform/db/sql.ts';
import { createEventStore, type WidgetDailyRow } from '#server/events/store.ts';
import { toEventRow } from '#server/events/ingest.ts';
import { rebuildRollupsIn } from '#server/events/rollups.ts';
import { DATABASES, type TestClient, type TestServer } from '#tests/helpers/server.ts';
import { TZ, eventStoreHelpers, startEventStore } from './events-fixtures.ts';

describe.each(DATABASES)('event store on %s', (kind) => {
  let server: TestServer;
  let apiKey: string;
  let admin: TestClient;
  const { post, rollupSnapshot, agg } = eventStoreHelpers(() => ({ server, admin }));

  beforeAll(async () => {
    ({ server, apiKey, admin } = await startEventStore(kind));
  });
  afterAll(() => server.close());

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
