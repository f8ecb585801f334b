/**
 * `npm run bench:recs [-- --events 10000000] [--db pglite|postgres|both] [--offers 2000] [--calls 200]`:
 * loads N storefront events of the demo behaviour (server/demo/events.ts over the site's real
 * catalog: sessions in one category near one price, co-bought complements) for one site, then
 * runs the RECS build of each event- and catalog-built strategy and prints, per database: the
 * build time and events/s, the peak RSS of this process (PGlite runs inside it; PostgreSQL's
 * own memory is not counted), the offline quality of every strategy (hit rate@10 on held-out
 * sessions against popularity), and the p50/p95 of GET /public/recommendations by strategy.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { parseArgs } from 'node:util';
import { buildApp } from '#server/app.ts';
import { demoFeedChunks } from '#server/demo/feed.ts';
import { importYml } from '#server/feeds/intake/yml-import.ts';
import { openPglite } from '#server/platform/db/client.ts';
import { throwawayPostgres } from './throwaway-postgres.ts';
import { seedDemo } from '#server/demo/seed.ts';
import { demoEvents } from '#server/demo/events.ts';
import { demoCatalog } from '#server/demo/shop.ts';
import { demoVocabulary } from '#server/demo/vocabulary.ts';
import { localDay } from '#server/events/day.ts';
import { createEventStore } from '#server/events/store.ts';
import { createRecsRepository } from '#server/recs/strategies.ts';
import { sites } from '#server/platform/db/schema.ts';
import { eq } from 'drizzle-orm';
import { DATABASES, testEnv } from '#tests/helpers/server.ts';

const { values } = parseArgs({
  options: {
    events: { type: 'string', default: '10000000' },
    db: { type: 'string', default: 'both' },
    offers: { type: 'string', default: '2000' },
    calls: { type: 'string', default: '200' },
  },
});
const EVENTS = Number(values.events);
const CALLS = Number(values.calls);
/** Events loaded per session of the demo behaviour over 2 000 offers, measured: ≈ 3.87 (today’s
 * hours still to come are left out). */
const EVENTS_PER_SESSION = 3.87;

const STRATEGIES = [
  { name: 'Популярное за 30 дней', modelName: 'popular_window', configs: {} },
  { name: 'Набирает популярность', modelName: 'trending', configs: {} },
  { name: 'Смотрят вместе', modelName: 'co_viewed', configs: {} },
  { name: 'Покупают вместе', modelName: 'co_bought', configs: {} },
  { name: 'Похожие', modelName: 'similar_attributes', configs: {} },
];

const percentile = (sorted: number[], p: number) =>
  sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))] ?? 0;

async function bench(kind: (typeof DATABASES)[number]) {
  const dataDir =
    kind === 'pglite' ? mkdtempSync(join(tmpdir(), 'vitrina-bench-recs-')) : undefined;
  const database = dataDir ? await openPglite({ dataDir }) : await throwawayPostgres('recs');
  let peak = process.memoryUsage().rss;
  const sampler = setInterval(() => (peak = Math.max(peak, process.memoryUsage().rss)), 100);
  try {
    await seedDemo(database);
    await importYml(database.db, {
      siteId: 1,
      source: {
        body: (async function* () {
          for (const chunk of demoFeedChunks({ offers: Number(values.offers) }))
            yield Buffer.from(chunk);
        })(),
        size: 0,
      },
    });
    const [site] = await database.db.select().from(sites).where(eq(sites.id, 1));
    const store = createEventStore(database);
    const catalog = await demoCatalog(database.db, 1);
    const loadStart = performance.now();
    let loaded = 0;
    const today = localDay(new Date(), site!.timeZone);
    for (const rows of demoEvents({
      timeZone: site!.timeZone,
      endDay: today,
      days: 60,
      sessions: Math.round(EVENTS / EVENTS_PER_SESSION),
      vocabulary: await demoVocabulary(database.db, 1),
      catalog,
      seed: 7,
      chunk: 50_000,
    })) {
      // Only what is in the past: the generator fills today's whole day.
      const now = Date.now();
      const past = rows.filter((row) => row.at.getTime() <= now);
      await store.bulkInsert(1, past);
      loaded += past.length;
      process.stdout.write(`\r  ${kind}: ${loaded} events loaded`);
    }
    const loadSeconds = (performance.now() - loadStart) / 1000;
    console.log(`\r  ${kind}: ${loaded} events loaded in ${loadSeconds.toFixed(1)} s`);

    const repo = createRecsRepository(database.db);
    const built: {
      hash: string;
      model: string;
      seconds: number;
      rows: number;
      events: number;
      hit: number | null;
      popular: number | null;
      cases: number;
    }[] = [];
    for (const input of STRATEGIES) {
      const strategy = await repo.create(1, input, 'bench');
      await repo.setEnabled(1, strategy.hash, true, 'bench');
      const started = performance.now();
      const revision = await repo.build(1, strategy.hash, { activate: true });
      const seconds = (performance.now() - started) / 1000;
      built.push({
        hash: strategy.hash,
        model: input.modelName,
        seconds,
        rows: revision?.rows ?? 0,
        events: revision?.events ?? 0,
        hit: revision?.quality.hitRateAt10 ?? null,
        popular: revision?.quality.popularityHitRateAt10 ?? null,
        cases: revision?.quality.cases ?? 0,
      });
      console.log(
        `  ${kind}: ${input.modelName} built in ${seconds.toFixed(1)} s (${revision?.rows ?? 0} rows)`,
      );
    }

    const app = await buildApp({
      env: testEnv(),
      database,
      staticRoot: false,
      jobs: { work: false },
    });
    await app.ready();
    const latency: Record<string, { p50: number; p95: number }> = {};
    try {
      const ids = catalog.map((p) => p.id);
      for (const strategy of [
        ...built.map((b) => ({ key: b.hash, model: b.model })),
        { key: 'popular', model: 'popular (fixed)' },
        { key: 'same_category', model: 'same_category (fixed)' },
      ]) {
        const times: number[] = [];
        for (let i = 0; i < CALLS; i++) {
          const productId = ids[(i * 7919) % ids.length]!;
          const started = performance.now();
          const response = await app.inject({
            url: `/public/recommendations?${new URLSearchParams({ apiKey: site!.apiKey, strategy: strategy.key, productId, size: '20' })}`,
          });
          times.push(performance.now() - started);
          if (response.statusCode !== 200) throw new Error(response.body);
        }
        times.sort((a, b) => a - b);
        latency[strategy.model] = { p50: percentile(times, 50), p95: percentile(times, 95) };
      }
    } finally {
      await app.close();
    }
    return { kind, loaded, loadSeconds, built, latency, peakRss: peak };
  } finally {
    clearInterval(sampler);
    await database.close();
    if (dataDir) rmSync(dataDir, { recursive: true, force: true });
  }
}

const kinds = values.db === 'both' ? DATABASES : DATABASES.filter((k) => k === values.db);
for (const kind of kinds) {
  const result = await bench(kind);
  const totalSeconds = result.built.reduce((sum, b) => sum + b.seconds, 0);
  const eventSeconds = result.built
    .filter((b) => b.model !== 'similar_attributes')
    .reduce((sum, b) => sum + b.seconds, 0);
  console.log(`\n== ${kind}: ${result.loaded} events`);
  console.log(
    `RECS build (5 strategies): ${totalSeconds.toFixed(1)} s; event-built strategies ${Math.round(
      (result.loaded * 4) / Math.max(eventSeconds, 0.001),
    )} events/s (each of 4 reads the window); peak RSS ${(result.peakRss / 2 ** 20).toFixed(0)} MB`,
  );
  console.log('strategy              build s   rows      hit@10   popularity@10  cases');
  for (const b of result.built)
    console.log(
      `${b.model.padEnd(21)} ${b.seconds.toFixed(1).padStart(7)}   ${String(b.rows).padEnd(9)} ${(b.hit === null ? '—' : (b.hit * 100).toFixed(1) + ' %').padStart(8)}   ${(b.popular === null ? '—' : (b.popular * 100).toFixed(1) + ' %').padStart(12)}  ${b.cases}`,
    );
  console.log('/public/recommendations   p50 ms   p95 ms');
  for (const [model, t] of Object.entries(result.latency))
    console.log(
      `${model.padEnd(25)} ${t.p50.toFixed(1).padStart(6)}   ${t.p95.toFixed(1).padStart(6)}`,
    );
}
process.exit(0);
