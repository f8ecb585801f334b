/**
 * `npm run bench:events [-- --db pglite|postgres|both] [--single 2000] [--bulk 40] [--batch 500]
 * [--concurrency 8]`: storefront event ingestion on the demo site, through the server
 * (`app.inject`, the public routes with their validation, guards and limits; the rate limits
 * raised out of the way). `--single` POST /public/events requests, `--concurrency` at a time, then
 * `--bulk` POST /public/events/bulk requests of `--batch` events each, 2 at a time. The events are
 * a storefront's mix (sessions that search, with zero results now and then, click autocomplete,
 * view, add to cart, order) on the three platforms, stamped now, so every request writes the day's
 * rollups (event_daily, the TOP lists' query rows of the day, week and month) and all their indexes
 * in its transaction. Prints events/s and request latency p50/p95 per route, and checks the
 * rollups counted every search. PostgreSQL: a throwaway database on 127.0.0.1:5432; PGlite: a
 * temporary data directory.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { parseArgs } from 'node:util';
import { sql } from 'drizzle-orm';
import type { StorefrontEventInput } from '#contract/public/events.ts';
import { buildApp } from '#server/app.ts';
import { seedDemo } from '#server/demo/seed.ts';
import { run } from '#server/platform/db/sql.ts';
import { apiKeyOf } from '#tests/helpers/catalog.ts';
import { createTestDatabase, DATABASES, testEnv } from '#tests/helpers/server.ts';

const { values } = parseArgs({
  options: {
    db: { type: 'string', default: 'both' },
    single: { type: 'string', default: '2000' },
    bulk: { type: 'string', default: '40' },
    batch: { type: 'string', default: '500' },
    concurrency: { type: 'string', default: '8' },
  },
});
const SINGLE = Number(values.single);
const BULK = Number(values.bulk);
const BATCH = Number(values.batch);
const CONCURRENCY = Number(values.concurrency);
const BULK_CONCURRENCY = 2;

/** A deterministic generator (mulberry32), so both databases get the same events. */
function prng(seed: number) {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

const WORDS = ['куртка', 'кроссовки', 'платье', 'джинсы', 'худи', 'сумка', 'шапка', 'пальто'];
const TRAITS = ['женские', 'мужские', 'летние', 'синие', 'чёрные', 'детские', 'зимние', 'кожаные'];
/** 2 000 queries; a few are asked often, most rarely (rank drawn as random³). */
const QUERIES = Array.from(
  { length: 2000 },
  (_, i) => `${WORDS[i % WORDS.length]} ${TRAITS[Math.floor(i / 8) % TRAITS.length]} ${i}`,
);
const PLATFORMS = ['MOBILE', 'DESKTOP', 'APP'] as const;

/** One shopper's session: what a storefront sends for it, in order. */
function session(random: () => number, id: string): StorefrontEventInput[] {
  const base = {
    sessionId: id,
    platform: PLATFORMS[Math.floor(random() * PLATFORMS.length)]!,
    at: new Date(Date.now() - Math.floor(random() * 60_000)).toISOString(),
  };
  const events: StorefrontEventInput[] = [{ type: 'SESSION_START', ...base }];
  const searches = Math.floor(random() * 3);
  for (let i = 0; i < searches; i++) {
    const query = QUERIES[Math.floor(QUERIES.length * random() ** 3)]!;
    if (random() < 0.3)
      events.push({ type: 'AUTOCOMPLETE_CLICK', ...base, block: 'QUERIES', query });
    events.push({
      type: 'SEARCH',
      ...base,
      query,
      hits: random() < 0.1 ? 0 : 1 + Math.floor(random() * 500),
    });
  }
  const productId = String(1 + Math.floor(random() * 5000));
  if (searches > 0 && random() < 0.5)
    events.push({ type: 'PRODUCT_CLICK', ...base, productId, source: 'SEARCH', position: 0 });
  if (random() < 0.6) events.push({ type: 'PRODUCT_VIEW', ...base, productId });
  if (random() < 0.2) events.push({ type: 'ADD_TO_CART', ...base, productId });
  if (random() < 0.05)
    events.push({ type: 'ORDER', ...base, revenue: 500 + Math.floor(random() * 20_000), items: 1 });
  return events;
}

/** `count` events, whole sessions, each with an id (as the storefront runtime sets one). */
function eventStream(random: () => number, prefix: string, count: number): StorefrontEventInput[] {
  const out: StorefrontEventInput[] = [];
  for (let s = 0; out.length < count; s++)
    for (const event of session(random, `${prefix}-${s}`))
      out.push({ ...event, id: `${prefix}-${out.length}` });
  return out.slice(0, count);
}

const percentile = (sorted: number[], p: number) =>
  sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))] ?? 0;

interface Figures {
  route: string;
  requests: number;
  events: number;
  seconds: number;
  p50: number;
  p95: number;
}

/** Runs `jobs` with `parallel` at a time; each job's wall time is one latency sample. */
async function drive(jobs: Array<() => Promise<number>>, parallel: number) {
  const latencies: number[] = [];
  let next = 0;
  let events = 0;
  const started = performance.now();
  await Promise.all(
    Array.from({ length: parallel }, async () => {
      while (next < jobs.length) {
        const job = jobs[next++]!;
        const t = performance.now();
        const accepted = await job();
        events += accepted;
        latencies.push(performance.now() - t);
      }
    }),
  );
  const seconds = (performance.now() - started) / 1000;
  latencies.sort((a, b) => a - b);
  return { events, seconds, p50: percentile(latencies, 50), p95: percentile(latencies, 95) };
}

async function bench(kind: (typeof DATABASES)[number]) {
  const dir = mkdtempSync(join(tmpdir(), 'vitrina-bench-events-'));
  const database = await createTestDatabase(kind, kind === 'pglite' ? join(dir, 'db') : undefined);
  try {
    await seedDemo(database);
    const apiKey = await apiKeyOf(database, 1);
    const env = testEnv({
      EVENT_RATE_LIMIT: '10000000',
      EVENT_MAX_PER_MINUTE: '100000000',
      EVENT_KEY_MAX_PER_MINUTE: '100000000',
    });
    const app = await buildApp({ env, database, staticRoot: false });
    await app.ready();
    const counted = async () => {
      const { rows } = await run<{ searches: string; queries: string; periods: string }>(
        database.db,
        sql`select
              (select coalesce(sum(searches), 0) from event_daily where site_id = 1) as searches,
              (select count(*) from event_daily_queries where site_id = 1) as queries,
              (select count(*) from event_period_queries where site_id = 1) as periods`,
      );
      return {
        searches: Number(rows[0]!.searches),
        queries: Number(rows[0]!.queries),
        periods: Number(rows[0]!.periods),
      };
    };
    const { rows: indexes } = await run<{ n: string }>(
      database.db,
      sql`select count(*) as n from pg_indexes
          where tablename in ('event_daily', 'event_daily_queries', 'event_period_queries')`,
    );
    try {
      const before = await counted();
      const post = async (url: string, payload: Record<string, unknown>) => {
        const response = await app.inject({ method: 'POST', url, payload });
        if (response.statusCode !== 200)
          throw new Error(`${url}: ${response.statusCode} ${response.body}`);
        return (response.json() as { accepted: number }).accepted;
      };
      const singles = eventStream(prng(7), `${kind}-single`, SINGLE);
      // The first requests warm the routes, the connections and the JIT: not counted.
      const warm = eventStream(prng(3), `${kind}-warm`, 50);
      for (const event of warm) await post('/public/events', { ...event, apiKey });
      const single = await drive(
        singles.map((event) => () => post('/public/events', { ...event, apiKey })),
        CONCURRENCY,
      );
      const bulkEvents = eventStream(prng(11), `${kind}-bulk`, BULK * BATCH);
      const bulk = await drive(
        Array.from(
          { length: BULK },
          (_, i) => () =>
            post('/public/events/bulk', {
              apiKey,
              events: bulkEvents.slice(i * BATCH, (i + 1) * BATCH),
            }),
        ),
        BULK_CONCURRENCY,
      );
      const after = await counted();
      const sent = [...warm, ...singles, ...bulkEvents].filter((e) => e.type === 'SEARCH').length;
      const searched = after.searches - before.searches;
      if (searched !== sent)
        throw new Error(`the rollups counted ${searched} searches of the ${sent} sent`);
      console.log(
        `${kind}: rollups live: +${searched} searches in event_daily, query rows ${before.queries} → ${after.queries}, week/month rows ${before.periods} → ${after.periods}; ${indexes[0]!.n} indexes on the three rollup tables`,
      );
      const figures: Figures[] = [
        { route: `/public/events (${CONCURRENCY} at a time)`, requests: SINGLE, ...single },
        {
          route: `/public/events/bulk (${BATCH} a request, ${BULK_CONCURRENCY} at a time)`,
          requests: BULK,
          ...bulk,
        },
      ];
      return figures.map((f) => ({ kind, ...f }));
    } finally {
      await app.close();
    }
  } finally {
    await database.close();
    rmSync(dir, { recursive: true, force: true });
  }
}

const kinds = DATABASES.filter((kind) => values.db === 'both' || values.db === kind);
const rows = [];
for (const kind of kinds) rows.push(...(await bench(kind)));

console.log('\nStorefront event ingestion, rollups and their indexes written in each request\n');
console.log(
  '| database | route | requests | events | s | events/s | request p50 ms | request p95 ms |',
);
console.log('|---|---|---:|---:|---:|---:|---:|---:|');
for (const r of rows)
  console.log(
    `| ${r.kind} | ${r.route} | ${r.requests} | ${r.events} | ${r.seconds.toFixed(1)} | ${(r.events / r.seconds).toFixed(0)} | ${r.p50.toFixed(1)} | ${r.p95.toFixed(1)} |`,
  );
