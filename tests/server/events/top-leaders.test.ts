/**
 * TOP lists of a period read from the leaders of its days, weeks and months (server/events/
 * metrics.ts, readLeaders): whatever the shape of the counts, the answer is the exact one a sum
 * of every row gives. The rollup rows are written directly, so a period can hold thousands of
 * queries (a long tail, as at 10 M events) or a flat spread that defeats the leaders' bound.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { periodKey, type QueryCount, type ReportCallPlatform } from '#contract/entities/metric.ts';
import { run } from '#server/platform/db/sql.ts';
import type { Database } from '#server/platform/db/client.ts';
import { seedDemo } from '#server/demo/seed.ts';
import { addDays, coverPeriod, daysBetween } from '#server/events/day.ts';
import { PLATFORMS, readLeaders } from '#server/events/metrics.ts';
import { prng } from '#server/demo/random.ts';
import { createEventStore } from '#server/events/store.ts';
import { DATABASES, createTestDatabase } from '#tests/helpers/server.ts';

interface Row {
  day: string;
  query: string;
  mobile: number;
  desktop: number;
  app: number;
  zeroMobile: number;
  zeroDesktop: number;
  zeroApp: number;
}

const PLATFORM_COLUMNS: Record<ReportCallPlatform, (keyof Row)[]> = {
  ALL: ['mobile', 'desktop', 'app'],
  MOBILE: ['mobile', 'app'],
  DESKTOP: ['desktop'],
  'MOBILE APP': ['app'],
};

/** What summing every row of the period gives: count desc, then the name in byte order. */
function bruteForce(
  rows: Row[],
  from: string,
  to: string,
  platform: ReportCallPlatform,
  zero: boolean,
  limit: number,
) {
  const columns = PLATFORM_COLUMNS[platform].map((c) =>
    zero ? (`zero${c[0]!.toUpperCase()}${c.slice(1)}` as keyof Row) : c,
  );
  const totals = new Map<string, number>();
  for (const row of rows)
    if (row.day >= from && row.day <= to)
      totals.set(
        row.query,
        (totals.get(row.query) ?? 0) + columns.reduce((sum, c) => sum + Number(row[c]), 0),
      );
  return [...totals]
    .filter(([, count]) => count > 0)
    .sort(([a, x], [b, y]) => y - x || (a < b ? -1 : a > b ? 1 : 0))
    .slice(0, limit)
    .map(([name, count]) => ({ name, count }));
}

/** Writes daily query rows and the week and month rows ingestion would keep beside them. */
async function writeRollups(database: Database, rows: Row[]) {
  const db = database.db;
  const names = [...new Set(rows.map((row) => row.query))];
  await run(
    db,
    sql`insert into event_queries (site_id, query)
        select 1, q from unnest(${`{${names.map((n) => `"${n}"`).join(',')}}`}::text[]) as q
        on conflict do nothing`,
  );
  const column = (key: keyof Row) => `{${rows.map((row) => row[key]).join(',')}}`;
  await run(
    db,
    sql`insert into event_daily_queries
          (site_id, day, query_id, mobile, desktop, app, zero_mobile, zero_desktop, zero_app)
        select 1, r.day, q.id, r.mobile, r.desktop, r.app, r.zm, r.zd, r.za
        from unnest(${column('day')}::date[], ${column('query')}::text[], ${column('mobile')}::int[],
          ${column('desktop')}::int[], ${column('app')}::int[], ${column('zeroMobile')}::int[],
          ${column('zeroDesktop')}::int[], ${column('zeroApp')}::int[])
          as r(day, query, mobile, desktop, app, zm, zd, za)
        join event_queries q on q.site_id = 1 and q.query = r.query`,
  );
  for (const period of ['week', 'month'])
    await run(
      db,
      sql`insert into event_period_queries
            (site_id, period, start, query_id, mobile, desktop, app, zero_mobile, zero_desktop, zero_app)
          select site_id, ${period}, date_trunc(${period}, day::timestamp)::date, query_id,
            sum(mobile), sum(desktop), sum(app), sum(zero_mobile), sum(zero_desktop), sum(zero_app)
          from event_daily_queries
          where site_id = 1 and day between ${rows[0]!.day}::date and ${rows.at(-1)!.day}::date
          group by 1, 2, 3, 4
          on conflict (site_id, period, start, query_id) do update set
            mobile = excluded.mobile, desktop = excluded.desktop, app = excluded.app,
            zero_mobile = excluded.zero_mobile, zero_desktop = excluded.zero_desktop,
            zero_app = excluded.zero_app`,
    );
}

describe.each(DATABASES)('TOP lists from the leaders of each day, week and month, %s', (kind) => {
  let database: Database;
  beforeAll(async () => {
    database = await createTestDatabase(kind);
    await seedDemo(database);
  });
  afterAll(() => database.close());

  const expectExact = async (
    rows: Row[],
    periods: [string, string][],
    limits: number[],
    platforms: ReportCallPlatform[],
  ) => {
    const store = createEventStore(database);
    for (const [from, to] of periods)
      for (const limit of limits)
        for (const platform of platforms) {
          const metrics = await store.metrics({
            siteId: 1,
            names: ['TOP_SEARCH_QUERIES', 'TOP_ZERO_QUERIES'],
            from,
            to,
            platform,
            limit,
            type: 'AGG',
          });
          const [searches, zero] = metrics.map((m) => m.value[periodKey(from, to)]);
          const label = `${from}…${to} ${platform} top ${limit}`;
          expect(searches, label).toEqual(bruteForce(rows, from, to, platform, false, limit));
          expect(zero, label).toEqual(bruteForce(rows, from, to, platform, true, limit));
        }
  };

  it('a long tail: thousands of queries a day, the leaders answer exactly', async () => {
    const random = prng(17);
    const queries = Array.from({ length: 4000 }, (_, i) => `q${String(i).padStart(4, '0')}`);
    const rows: Row[] = [];
    for (const day of daysBetween('2020-01-01', '2020-04-30')) {
      const seen = new Set<string>();
      for (let i = 0; i < 250; i++) {
        // Zipf-like: a few queries are searched every day, most rarely.
        const rank = Math.floor(queries.length * random() ** 3);
        const query = queries[rank]!;
        if (seen.has(query)) continue;
        seen.add(query);
        const count = 1 + Math.floor(400 / (rank + 1) + random() * 3);
        const mobile = Math.floor(count * random());
        const desktop = Math.floor((count - mobile) * random());
        const app = count - mobile - desktop;
        const zeroShare = rank % 7 === 0 ? random() : 0;
        rows.push({
          day,
          query,
          mobile,
          desktop,
          app,
          zeroMobile: Math.floor(mobile * zeroShare),
          zeroDesktop: Math.floor(desktop * zeroShare),
          zeroApp: Math.floor(app * zeroShare),
        });
      }
    }
    expect(rows.length).toBeGreaterThan(25_000);
    await writeRollups(database, rows);
    await expectExact(
      rows,
      [
        ['2020-01-04', '2020-04-02'], // the home screen's 90 days: days, weeks, months
        ['2020-02-01', '2020-03-31'], // whole months
        ['2020-01-13', '2020-01-15'], // days only
      ],
      [1, 20, 100],
      ['ALL', 'MOBILE', 'DESKTOP', 'MOBILE APP'],
    );
    // Each platform's lists come from its own leaders, as ALL's do: no sum of every row.
    const [from, to] = ['2020-01-04', '2020-04-02'];
    for (const platform of ['ALL', 'MOBILE', 'DESKTOP', 'MOBILE APP'] as const)
      for (const list of ['TOP_SEARCH_QUERIES', 'TOP_ZERO_QUERIES'] as const) {
        const leaders = await readLeaders(
          database.db,
          { siteId: 1, names: [list], from, to, platform, limit: 20, type: 'AGG' },
          PLATFORMS[platform],
          coverPeriod(from, to),
          list,
        );
        expect(leaders, `${platform} ${list}`).not.toBeNull();
        expect(
          leaders!.map(({ name, count }) => ({ name, count })),
          `${platform} ${list}`,
        ).toEqual(bruteForce(rows, from, to, platform, list === 'TOP_ZERO_QUERIES', 20));
      }
    // ≈ 29 000 rows written and 36 lists read: a loaded 2-core machine needs more than 30 s.
  }, 120_000);

  it('a platform none of the heads counts on still gets its queries', async () => {
    // 60 queries searched twice a day on mobile fill every head; one query is searched once in
    // the app: the app's list has it alone, though no head counts anything in the app.
    const from = '2021-06-07';
    const rows: Row[] = [];
    for (let d = 0; d < 2; d++) {
      const day = addDays(from, d);
      for (let i = 0; i < 60; i++)
        rows.push({
          day,
          query: `mobile-${d}-${String(i).padStart(2, '0')}`,
          mobile: 2,
          desktop: 0,
          app: 0,
          zeroMobile: 2,
          zeroDesktop: 0,
          zeroApp: 0,
        });
      rows.push({
        day,
        query: 'in-app',
        mobile: 0,
        desktop: 0,
        app: 1,
        zeroMobile: 0,
        zeroDesktop: 0,
        zeroApp: 1,
      });
    }
    await writeRollups(database, rows);
    const to = addDays(from, 1);
    await expectExact(rows, [[from, to]], [5], ['MOBILE APP', 'DESKTOP', 'ALL']);
    expect(bruteForce(rows, from, to, 'MOBILE APP', false, 5)).toEqual([
      { name: 'in-app', count: 2 },
    ]);
  });

  it('a flat spread that hides the leader from every day’s head still answers exactly', async () => {
    // Each day 60 queries are searched three times, once each; one query is searched twice every
    // day: it leads the period (6) without being among any day's 50 leaders.
    const from = '2021-03-01';
    const rows: Row[] = [];
    for (let d = 0; d < 3; d++) {
      const day = addDays(from, d);
      for (let i = 0; i < 60; i++)
        rows.push({
          day,
          query: `spike-${d}-${String(i).padStart(2, '0')}`,
          mobile: 0,
          desktop: 3,
          app: 0,
          zeroMobile: 0,
          zeroDesktop: 3,
          zeroApp: 0,
        });
      rows.push({
        day,
        query: 'wide',
        mobile: 1,
        desktop: 1,
        app: 0,
        zeroMobile: 1,
        zeroDesktop: 1,
        zeroApp: 0,
      });
    }
    await writeRollups(database, rows);
    const to = addDays(from, 2);
    await expectExact(rows, [[from, to]], [1, 20], ['ALL', 'DESKTOP']);
    const [searches] = await createEventStore(database).metrics({
      siteId: 1,
      names: ['TOP_SEARCH_QUERIES'],
      from,
      to,
      platform: 'ALL',
      limit: 3,
      type: 'AGG',
    });
    expect((searches!.value[periodKey(from, to)] as QueryCount[])[0]).toEqual({
      name: 'wide',
      count: 6,
    });
  });
});
