/**
 * `npm run bench:reports [-- --events 10000000] [--db pglite|postgres|both] [--runs 20]`:
 * generates N storefront events for one site over 180 days (inside the database), rebuilds the
 * rollups, then loads the home screen R times for a 90-day period with compare on: every home
 * metric name in calls of at most 5, the calls in parallel, once per period (2 × 5 calls).
 * Prints the load and rollup times and the p50/p95 of single calls and of whole home loads; then
 * the same uncached loads with each platform chosen (MOBILE, DESKTOP, MOBILE APP), and the p50/p95
 * of their TOP list calls alone (the call that carries TOP_SEARCH_QUERIES and TOP_ZERO_QUERIES).
 * Budget (DESIGN.md): p95 < 300 ms on both databases. PostgreSQL: a throwaway database on
 * 127.0.0.1:5432, dropped after; PGlite: a temporary data directory, removed after.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { parseArgs } from 'node:util';
import { sql } from 'drizzle-orm';
import { loginRoute } from '#contract/routes/auth.ts';
import { buildApp } from '#server/app.ts';
import { run } from '#server/platform/db/sql.ts';
import { seedDemo } from '#server/demo/seed.ts';
import { addDays } from '#server/events/day.ts';
import { yesterday } from '#server/demo/events.ts';
import { generateEventsInDatabase } from '#server/demo/events-in-database.ts';
import { demoVocabulary } from '#server/demo/vocabulary.ts';
import { createEventStore } from '#server/events/store.ts';
import { openPglite } from '#server/platform/db/client.ts';
import { throwawayPostgres } from './throwaway-postgres.ts';
import { DATABASES, primed, testEnv } from '#tests/helpers/server.ts';

const { values } = parseArgs({
  options: {
    events: { type: 'string', default: '10000000' },
    db: { type: 'string', default: 'both' },
    runs: { type: 'string', default: '20' },
  },
});
const EVENTS = Number(values.events);
const RUNS = Number(values.runs);
const DAYS = 180;
/** Events per session of the in-database generator, measured (≈ 3.2). */
const EVENTS_PER_SESSION = 3.18;
const STEP = 250_000;

/** What the home screen asks for (spec part 1 §2 "Home screen"). */
const HOME_NAMES = [
  'SESSIONS_TOTAL',
  'ORDERS_TOTAL',
  'REVENUE_TOTAL',
  'CONVERSION',
  'RPS',
  'AOV',
  'AUTOCOMPLETE_AND_SEARCH_SESSIONS_TOTAL',
  'AUTOCOMPLETE_AND_SEARCH_SESSIONS_ORDERS_TOTAL',
  'AUTOCOMPLETE_AND_SEARCH_SESSIONS_REVENUE',
  'AUTOCOMPLETE_AND_SEARCH_SESSIONS_CONVERSION',
  'AUTOCOMPLETE_AND_SEARCH_SESSIONS_RPS',
  'AUTOCOMPLETE_AND_SEARCH_SESSIONS_AOV',
  'WITHOUT_SEARCH_SESSIONS_TOTAL',
  'WITHOUT_SEARCH_SESSIONS_ORDERS_TOTAL',
  'WITHOUT_SEARCH_SESSIONS_REVENUE',
  'WITHOUT_SEARCH_SESSIONS_CONVERSION',
  'WITHOUT_SEARCH_SESSIONS_RPS',
  'WITHOUT_SEARCH_SESSIONS_AOV',
  'TOP_SEARCH_QUERIES',
  'TOP_ZERO_QUERIES',
  'SEARCH_EVENTS_TOTAL',
  'ZERO_QUERIES_COUNT',
];

const percentile = (sorted: number[], p: number) =>
  sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))] ?? 0;
const ms = (value: number) => value.toFixed(1);

interface Result {
  kind: string;
  events: number;
  loadSeconds: number;
  rollupSeconds: number;
  dailyRows: number;
  queryRows: number;
  periodRows: number;
  uncached: Timing;
  repeat: Timing;
  /** Uncached home loads per platform filter, ALL included. */
  platforms: Array<{ platform: Platform; timing: Timing; top: { p50: number; p95: number } }>;
}

const PLATFORMS = ['ALL', 'MOBILE', 'DESKTOP', 'MOBILE APP'] as const;
type Platform = (typeof PLATFORMS)[number];

interface Timing {
  call: { p50: number; p95: number; max: number };
  home: { p50: number; p95: number; max: number };
}

/** A database of its own name (other suites sweep theirs), dropped on close. */
async function bench(kind: (typeof DATABASES)[number]): Promise<Result> {
  const dataDir = kind === 'pglite' ? mkdtempSync(join(tmpdir(), 'vitrina-bench-')) : undefined;
  const database = dataDir ? await openPglite({ dataDir }) : await throwawayPostgres('reports');
  try {
    await seedDemo(database);
    const store = createEventStore(database);
    const timeZone = (await store.timeZoneOf(1))!;
    const endDay = yesterday(timeZone);
    const vocabulary = await demoVocabulary(database.db, 1);
    const sessions = Math.max(1, Math.round(EVENTS / EVENTS_PER_SESSION));

    const loadStart = performance.now();
    let events = 0;
    for (let first = 1; first <= sessions; first += STEP) {
      events += await generateEventsInDatabase(database.db, {
        siteId: 1,
        timeZone,
        endDay,
        days: DAYS,
        first,
        last: Math.min(sessions, first + STEP - 1),
        vocabulary,
      });
      process.stdout.write(`\r${kind}: ${events} events`);
    }
    await run(database.db, sql`analyze events`);
    const loadSeconds = (performance.now() - loadStart) / 1000;
    console.log(`\r${kind}: ${events} events loaded in ${loadSeconds.toFixed(1)} s`);

    const rollupStart = performance.now();
    await store.rebuildRollups(1);
    await run(database.db, sql`vacuum analyze event_daily`);
    await run(database.db, sql`vacuum analyze event_daily_queries`);
    await run(database.db, sql`vacuum analyze event_period_queries`);
    const rollupSeconds = (performance.now() - rollupStart) / 1000;
    const count = async (table: string) =>
      Number(
        (await run<{ n: string }>(database.db, sql`select count(*) as n from ${sql.raw(table)}`))
          .rows[0]!.n,
      );
    const dailyRows = await count('event_daily');
    const queryRows = await count('event_daily_queries');
    const periodRows = await count('event_period_queries');
    console.log(
      `${kind}: rollups rebuilt in ${rollupSeconds.toFixed(1)} s (${dailyRows} daily rows, ${queryRows} query rows, ${periodRows} week and month query rows)`,
    );

    const app = await buildApp({ env: testEnv(), database, staticRoot: false });
    await app.ready();
    try {
      const client = await primed(app);
      await client.call(loginRoute, { body: { username: 'admin', password: 'vitrina-demo' } });
      const cookie = [...client.cookies].map(([k, v]) => `${k}=${v}`).join('; ');
      const batches: string[] = [];
      for (let i = 0; i < HOME_NAMES.length; i += 5)
        batches.push(HOME_NAMES.slice(i, i + 5).join(','));
      const call = async (
        names: string,
        period: readonly [string, string],
        limit: number,
        calls: number[],
        platform: Platform = 'ALL',
        tops?: number[],
      ) => {
        const started = performance.now();
        const response = await app.inject({
          method: 'GET',
          url: `/api/report/agg/1/global?name=${names}&from=${period[0]}&to=${period[1]}&platform=${encodeURIComponent(platform)}&limit=${limit}`,
          headers: { cookie },
        });
        if (response.statusCode !== 200) throw new Error(response.body);
        calls.push(performance.now() - started);
        if (names.includes('TOP_')) tops?.push(performance.now() - started);
      };
      /** 90 days ending `to`, and the 90 days before (compare). */
      const periodsEnding = (to: string) => {
        const from = addDays(to, -89);
        return [
          [from, to],
          [addDays(from, -90), addDays(from, -1)],
        ] as const;
      };
      // repeat: the same request every load (the home screen's default periods, ended yesterday);
      // uncached: the TOP length changes each load (20, 21 …), so no load finds a cached TOP list
      // while reading exactly the same rollup rows.
      const measure = async (
        mode: 'repeat' | 'uncached',
        platform: Platform = 'ALL',
        tops: number[] = [],
      ): Promise<Timing> => {
        const calls: number[] = [];
        const homes: number[] = [];
        for (let i = 0; i < RUNS + 1; i++) {
          const periods = periodsEnding(endDay);
          const limit = mode === 'repeat' ? 20 : 20 + i;
          const started = performance.now();
          await Promise.all(
            periods.flatMap((period) =>
              batches.map((names) => call(names, period, limit, calls, platform, tops)),
            ),
          );
          // The first load warms the connections and the JIT; it is not counted.
          if (i === 0) calls.length = tops.length = 0;
          else homes.push(performance.now() - started);
        }
        calls.sort((a, b) => a - b);
        homes.sort((a, b) => a - b);
        return {
          call: { p50: percentile(calls, 50), p95: percentile(calls, 95), max: calls.at(-1) ?? 0 },
          home: { p50: percentile(homes, 50), p95: percentile(homes, 95), max: homes.at(-1) ?? 0 },
        };
      };
      return {
        kind,
        events,
        loadSeconds,
        rollupSeconds,
        dailyRows,
        queryRows,
        periodRows,
        uncached: await measure('uncached'),
        repeat: await measure('repeat'),
        platforms: await PLATFORMS.reduce<Promise<Result['platforms']>>(async (done, platform) => {
          const tops: number[] = [];
          const timing = await measure('uncached', platform, tops);
          tops.sort((a, b) => a - b);
          const top = { p50: percentile(tops, 50), p95: percentile(tops, 95) };
          return [...(await done), { platform, timing, top }];
        }, Promise.resolve([])),
      };
    } finally {
      await app.close();
    }
  } finally {
    await database.close();
    if (dataDir) rmSync(dataDir, { recursive: true, force: true });
  }
}

const kinds = DATABASES.filter((kind) => values.db === 'both' || values.db === kind);
const results: Result[] = [];
for (const kind of kinds) results.push(await bench(kind));

console.log(
  `\nHome screen, 90 days with compare (2 periods × ${Math.ceil(HOME_NAMES.length / 5)} calls of ≤ 5 names, in parallel), ${RUNS} loads; budget p95 < 300 ms\n`,
);
console.log(
  '| database | events | load s | rollup s | daily rows | query rows | week/month rows | periods | call p50 ms | call p95 ms | home load p50 ms | home load p95 ms | max ms |',
);
console.log('|---|---:|---:|---:|---:|---:|---:|---|---:|---:|---:|---:|---:|');
for (const r of results) {
  for (const mode of ['uncached', 'repeat'] as const) {
    const t = r[mode];
    console.log(
      `| ${r.kind} | ${r.events} | ${r.loadSeconds.toFixed(1)} | ${r.rollupSeconds.toFixed(1)} | ${r.dailyRows} | ${r.queryRows} | ${r.periodRows} | ${mode} | ${ms(t.call.p50)} | ${ms(t.call.p95)} | ${ms(t.home.p50)} | ${ms(t.home.p95)} | ${ms(t.home.max)} |`,
    );
  }
}

console.log(
  `\nThe same home loads (uncached) with a platform chosen; TOP call: the call carrying both TOP lists\n`,
);
console.log(
  '| database | platform | TOP call p50 ms | TOP call p95 ms | home load p50 ms | home load p95 ms |',
);
console.log('|---|---|---:|---:|---:|---:|');
for (const r of results)
  for (const { platform, timing, top } of r.platforms)
    console.log(
      `| ${r.kind} | ${platform} | ${ms(top.p50)} | ${ms(top.p95)} | ${ms(timing.home.p50)} | ${ms(timing.home.p95)} |`,
    );
