/**
 * `npm run bench:diginetica -- --data <corpus>/diginetica [--db pglite|postgres]
 *   [--cases N] [--calls 500] [--concurrency 2] [--minutes M]`
 *
 * The public DIGINETICA benchmark (CIKM Cup 2016, the SR-GNN split) through Vitrina's real
 * paths: a generated YML feed of the 43 097 items through the importer; the 186 670 training
 * sessions as storefront events POSTed over HTTP to /public/events/bulk (1 000 a request, the
 * session ids kept, spread over the last 60 hours in order); every event-built strategy built by
 * the RECS job handler; then each of the 60 858 test cases (prefix → next item, rebuilt from
 * test_sessions.txt by the SR-GNN splitting rule) asked of `recommendations()` — the function
 * GET /public/recommendations answers with — for 20 products: the current product is the
 * prefix's last, a session-aware strategy gets the prefix as the session's views. P@20 (hit
 * rate) and MRR@20 ×100 by strategy beside the published table, with p50/p95 of
 * /public/recommendations over HTTP for a sample of cases (measured before the scoring). The
 * cases go in a fixed shuffled order, every strategy answering each, with running figures every
 * 2 000 cases; --minutes stops the scoring after that long and reports the cases done (the same
 * random sample for every strategy). Peak RSS is this process's (PGlite runs in it;
 * PostgreSQL's own memory is not counted).
 */
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { parseArgs } from 'node:util';
import { eq } from 'drizzle-orm';
import { buildApp } from '#server/app.ts';
import { seedDemo } from '#server/demo/seed.ts';
import { localDay } from '#server/events/day.ts';
import { importYml } from '#server/feeds/intake/yml-import.ts';
import { openPglite } from '#server/platform/db/client.ts';
import { throwawayPostgres } from './throwaway-postgres.ts';
import { DIGINETICA_STRATEGIES, digineticaFeed, recommendationLatency } from './diginetica-data.ts';
import { sites } from '#server/platform/db/schema.ts';
import { recsBuildJob, type RecsBuildResult } from '#server/recs/job.ts';
import { recommendations } from '#server/recs/query.ts';
import { createRecsRepository } from '#server/recs/strategies.ts';
import { nextItemCases } from '#server/recs/session-knn.ts';
import { tally } from '#server/recs/build.ts';
import type { Ranks } from '#server/recs/session-knn-store.ts';
import { recommendationsParams } from '#contract/public/recommendations.ts';
import { testEnv } from '#tests/helpers/server.ts';

const { values } = parseArgs({
  options: {
    data: { type: 'string' },
    db: { type: 'string', default: 'pglite' },
    cases: { type: 'string' },
    calls: { type: 'string', default: '500' },
    concurrency: { type: 'string', default: '2' },
    minutes: { type: 'string' },
  },
});
if (!values.data) {
  console.error('--data <folder of the DIGINETICA corpus (srgnn-protocol/)> is required');
  process.exit(2);
}
const SITE = 1;
const HOURS = 60;

const PUBLISHED: [string, number, number][] = [
  ['POP', 0.89, 0.2],
  ['Item-KNN', 35.75, 11.57],
  ['GRU4Rec', 29.45, 8.33],
  ['STAMP', 45.64, 14.32],
  ['NARM', 49.7, 16.17],
  ['SR-GNN', 50.73, 17.59],
  ['GCE-GNN', 54.22, 19.04],
];

const sessionsFrom = (file: string) =>
  readFileSync(join(values.data!, 'srgnn-protocol', file), 'utf8')
    .split('\n')
    .filter(Boolean)
    .map((line) => line.split(' '));

/**
 * The training sessions as storefront events: session i starts at its share of the last HOURS
 * hours (the split's date order kept), its views a second apart; a session that would cross the
 * site's midnight starts after it (a session is one id on one day).
 */
function* sessionEvents(train: string[][], timeZone: string, now: number) {
  const start = now - HOURS * 3_600_000;
  const step = (HOURS * 3_600_000 - 3_600_000) / train.length;
  for (const [i, session] of train.entries()) {
    let at = Math.floor(start + i * step);
    const last = () => at + (session.length - 1) * 1000;
    if (localDay(new Date(at), timeZone) !== localDay(new Date(last()), timeZone))
      while (localDay(new Date(at), timeZone) !== localDay(new Date(last()), timeZone)) at += 1000;
    for (const [position, productId] of session.entries())
      yield {
        type: 'PRODUCT_VIEW' as const,
        id: `d${i}-${position}`,
        sessionId: `digi-${i}`,
        platform: 'DESKTOP' as const,
        at: new Date(at + position * 1000).toISOString(),
        productId,
      };
  }
}

/** 0 … n-1 in a fixed pseudo-random order (a seeded Fisher–Yates shuffle). */
function shuffled(n: number): number[] {
  const order = Array.from({ length: n }, (_, i) => i);
  let seed = 20_161;
  const random = () => (seed = (seed * 1_103_515_245 + 12_345) % 2 ** 31) / 2 ** 31;
  for (let i = n - 1; i > 0; i--) {
    const j = Math.floor(random() * (i + 1));
    [order[i], order[j]] = [order[j]!, order[i]!];
  }
  return order;
}

async function pool<T>(items: T[], workers: number, work: (item: T, i: number) => Promise<void>) {
  let next = 0;
  await Promise.all(
    Array.from({ length: workers }, async () => {
      while (next < items.length) {
        const i = next++;
        await work(items[i]!, i);
      }
    }),
  );
}

async function bench(kind: 'pglite' | 'postgres') {
  const train = sessionsFrom('train_sessions.txt');
  const cases = sessionsFrom('test_sessions.txt').flatMap((s) => nextItemCases(s));
  const measured = values.cases ? cases.slice(0, Number(values.cases)) : cases;
  const items = new Set(train.flat()).size;
  const dataDir = kind === 'pglite' ? mkdtempSync(join(tmpdir(), 'vitrina-bench-digi-')) : null;
  const database = dataDir ? await openPglite({ dataDir }) : await throwawayPostgres('digi');
  let peak = process.memoryUsage().rss;
  // The build's own peak: reset when it starts.
  let stepPeak = peak;
  const sampler = setInterval(() => {
    const rss = process.memoryUsage().rss;
    peak = Math.max(peak, rss);
    stepPeak = Math.max(stepPeak, rss);
  }, 100);
  const app = await buildApp({
    env: testEnv({
      // A backfill of history from one address: the per-minute budgets are the operator's to set.
      EVENT_RATE_LIMIT: '1000000',
      EVENT_MAX_PER_MINUTE: '100000000',
      EVENT_KEY_MAX_PER_MINUTE: '100000000',
      // The latency sample asks /public/recommendations faster than one shopper's address may.
      PUBLIC_RATE_LIMIT: '1000000',
    }),
    database,
    staticRoot: false,
    jobs: { work: false },
  });
  try {
    await seedDemo(database, { bundle: false });
    let started = performance.now();
    const imported = await importYml(database.db, {
      siteId: SITE,
      source: { body: digineticaFeed(items), size: 0 },
    });
    console.log(
      `${kind}: feed of ${items} items imported in ${((performance.now() - started) / 1000).toFixed(1)} s (${JSON.stringify(imported).slice(0, 120)}…)`,
    );
    const [site] = await database.db.select().from(sites).where(eq(sites.id, SITE));
    const address = await app.listen({ port: 0, host: '127.0.0.1' });

    started = performance.now();
    let sent = 0;
    let batch: ReturnType<typeof sessionEvents> extends Generator<infer E> ? E[] : never = [];
    const post = async (events: typeof batch) => {
      const response = await fetch(`${address}/public/events/bulk`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ apiKey: site!.apiKey, events }),
      });
      if (!response.ok) throw new Error(`bulk: ${response.status} ${await response.text()}`);
      sent += events.length;
      if (sent % 50_000 < 1000)
        process.stdout.write(
          `\r${kind}: ${sent} events, ${Math.round(sent / ((performance.now() - started) / 1000))}/s   `,
        );
    };
    const now = Date.now();
    for (const event of sessionEvents(train, site!.timeZone, now)) {
      batch.push(event);
      if (batch.length === 1000) {
        await post(batch);
        batch = [];
      }
    }
    if (batch.length) await post(batch);
    const ingestSeconds = (performance.now() - started) / 1000;
    console.log(
      `\r${kind}: ${sent} events of ${train.length} sessions ingested over HTTP in ${ingestSeconds.toFixed(1)} s: ${Math.round(sent / ingestSeconds)} events/s`,
    );

    const repo = createRecsRepository(database.db);
    const strategies: ((typeof DIGINETICA_STRATEGIES)[number] & { hash: string })[] = [];
    for (const input of DIGINETICA_STRATEGIES) {
      const strategy = await repo.create(SITE, input, 'bench');
      await repo.setEnabled(SITE, strategy.hash, true, 'bench');
      strategies.push({ ...input, hash: strategy.hash });
    }
    const rssBeforeBuild = process.memoryUsage().rss;
    stepPeak = rssBeforeBuild;
    started = performance.now();
    // The job reports progress after each strategy: the time between two reports is its build.
    const marks: number[] = [started];
    const built = (await recsBuildJob({
      job: { id: 0, siteId: SITE, payload: { jobName: 'RECS' } },
      db: database.db,
      signal: new AbortController().signal,
      progress: async () => void marks.push(performance.now()),
    } as unknown as Parameters<typeof recsBuildJob>[0])) as RecsBuildResult;
    const buildSeconds = (performance.now() - started) / 1000;
    const buildRss = stepPeak;
    console.log(
      `${kind}: RECS job built ${built.strategies.length} strategies in ${buildSeconds.toFixed(1)} s (peak RSS during the build ${(buildRss / 2 ** 20).toFixed(0)} MB)`,
    );
    for (const [i, s] of built.strategies.entries())
      console.log(
        `  ${s.name.padEnd(30)} ${(((marks[i + 1] ?? marks[i]!) - marks[i]!) / 1000).toFixed(1).padStart(6)} s, rows ${s.revision.rows}, own held-out sessions: hit@20 ${pct(s.revision.quality.hitRateAt20)}, MRR@20 ${pct(s.revision.quality.mrrAt20)} (${s.revision.quality.cases} cases)`,
      );

    // Latency first: a time-boxed run (--minutes) still reports it.
    const latency: Record<string, { p50: number; p95: number }> = {};
    const sample = measured.filter(
      (_, i) => i % Math.max(1, Math.floor(measured.length / Number(values.calls))) === 0,
    );
    for (const strategy of strategies) {
      const { p50, p95 } = await recommendationLatency(
        address,
        site!.apiKey,
        strategy.hash,
        sample.slice(0, Number(values.calls)),
      );
      latency[strategy.name] = { p50, p95 };
      console.log(
        `  /public/recommendations ${strategy.name}: p50 ${latency[strategy.name]!.p50.toFixed(1)} ms, p95 ${latency[strategy.name]!.p95.toFixed(1)} ms`,
      );
    }

    // Every strategy answers each case in turn, the cases in a fixed shuffled order: a run cut
    // short by --minutes scores all strategies on the same unbiased sample (the test file is in
    // date order), and the whole set gives the same figures in any order.
    const order = shuffled(measured.length);
    const tallies = strategies.map((strategy) => ({
      name: strategy.name,
      ranks: { cases: 0, hitsAt10: 0, hitsAt20: 0, reciprocalAt20: 0 } satisfies Ranks,
    }));
    const deadline = values.minutes ? Date.now() + Number(values.minutes) * 60_000 : Infinity;
    let done = 0;
    started = performance.now();
    const progress = () =>
      `${done}/${measured.length} cases, ${((performance.now() - started) / 1000).toFixed(0)} s: ` +
      tallies
        .map(
          (t) =>
            `${t.name} ${((t.ranks.hitsAt20 / done) * 100).toFixed(2)}/${((t.ranks.reciprocalAt20 / done) * 100).toFixed(2)}`,
        )
        .join(', ');
    await pool(order, Number(values.concurrency), async (caseIndex) => {
      if (Date.now() > deadline) return;
      const { prefix, next } = measured[caseIndex]!;
      const ranks: number[] = [];
      for (const strategy of strategies) {
        const answer = await recommendations(
          database.db,
          SITE,
          recommendationsParams.parse({
            apiKey: site!.apiKey,
            strategy: strategy.hash,
            productId: prefix.at(-1),
            viewed: prefix.join(','),
            size: '20',
          }),
        );
        ranks.push(answer.products.findIndex((p) => p.id === next));
      }
      // Counted once every strategy answered, so every figure covers the same cases.
      for (const [i, rank] of ranks.entries()) tally(tallies[i]!.ranks, rank < 0 ? null : rank + 1);
      done += 1;
      if (done % 2000 === 0) console.log(`  ${progress()}`);
    });
    console.log(`  ${progress()}`);
    const results = tallies.map((t) => ({
      name: t.name,
      hitRate: (t.ranks.hitsAt20 / done) * 100,
      mrr: (t.ranks.reciprocalAt20 / done) * 100,
      seconds: (performance.now() - started) / 1000,
    }));
    // As a product page serves it the page's product is never recommended: the cases whose next
    // product is the current one cannot be hit by a strategy that leaves it out.
    const repeats = order
      .slice(0, done)
      .filter((i) => measured[i]!.next === measured[i]!.prefix.at(-1)).length;
    return {
      kind,
      sent,
      ingestSeconds,
      buildSeconds,
      buildRss,
      repeats,
      rssBeforeBuild,
      results,
      latency,
      cases: done,
      total: measured.length,
      peak: () => peak,
    };
  } finally {
    clearInterval(sampler);
    await app.close();
    await database.close();
    if (dataDir) rmSync(dataDir, { recursive: true, force: true });
  }
}

function pct(value: number | null | undefined) {
  return value === null || value === undefined ? '—' : `${(value * 100).toFixed(2)} %`;
}

const kind = values.db === 'postgres' ? 'postgres' : 'pglite';
const result = await bench(kind);
console.log(
  `\n== DIGINETICA (SR-GNN split), ${kind}: ${result.cases === result.total ? `all ${result.total}` : `${result.cases} of ${result.total} (cut by --minutes; a fixed random sample)`} test cases, all items ranked`,
);
console.log(
  `ingestion ${Math.round(result.sent / result.ingestSeconds)} events/s over HTTP (${result.sent} events, ${result.ingestSeconds.toFixed(1)} s); RECS build ${result.buildSeconds.toFixed(1)} s (peak RSS ${(result.buildRss / 2 ** 20).toFixed(0)} MB); peak RSS of the run ${(result.peak() / 2 ** 20).toFixed(0)} MB`,
);
console.log(
  `cases whose next product is the current one (never recommended on its own page): ${result.repeats} of ${result.cases} (${((result.repeats / result.cases) * 100).toFixed(2)} %)`,
);
console.log('| model | P@20 | MRR@20 |\n|---|---:|---:|');
for (const [name, p, m] of PUBLISHED)
  console.log(`| ${name} (published) | ${p.toFixed(2)} | ${m.toFixed(2)} |`);
for (const r of result.results)
  console.log(`| Vitrina ${r.name} | ${r.hitRate.toFixed(2)} | ${r.mrr.toFixed(2)} |`);
console.log('\n/public/recommendations over HTTP   p50 ms   p95 ms');
for (const [name, t] of Object.entries(result.latency))
  console.log(
    `${name.padEnd(34)} ${t.p50.toFixed(1).padStart(6)}   ${t.p95.toFixed(1).padStart(6)}`,
  );
process.exit(0);
