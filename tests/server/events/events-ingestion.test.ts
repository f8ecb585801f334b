import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import {
  BASE_METRICS,
  LIST_METRICS,
  periodKey,
  type BaseMetric,
  type MetricName,
  type ReportCallPlatform,
} from '#contract/entities/metric.ts';
import * as z from 'zod';
import { storefrontEvent } from '#contract/public/events.ts';
import { aggregateReportRoute, dailyReportRoute } from '#contract/routes/reports.ts';
import { run } from '#server/platform/db/sql.ts';
import { daysBetween } from '#server/events/day.ts';
import { prng } from '#server/demo/random.ts';
import { createEventStore } from '#server/events/store.ts';
import {
  DATABASES,
  startTestServer,
  type TestClient,
  type TestServer,
} from '#tests/helpers/server.ts';
import {
  TZ,
  batches,
  bruteForce,
  eventStoreHelpers,
  expectSame,
  randomEvents,
  startEventStore,
} from './events-fixtures.ts';

describe.each(DATABASES)('event store on %s', (kind) => {
  let server: TestServer;
  let apiKey: string;
  let admin: TestClient;
  const { post, rollupSnapshot, agg } = eventStoreHelpers(() => ({ server, admin }));

  beforeAll(async () => {
    ({ server, apiKey, admin } = await startEventStore(kind));
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
