/**
 * `node --import tsx bench/diginetica-build.bench.ts --data <corpus>/diginetica [--db pglite|postgres]
 *   [--calls 300]`
 *
 * The RECS build alone on DIGINETICA's training sessions: the events written straight into the
 * event table (the same rows /public/events/bulk stores, without the 5–20 minutes of HTTP
 * ingestion bench:diginetica spends), then the RECS job timed strategy by strategy with the
 * build's peak RSS, then p50/p95 of /public/recommendations over HTTP for `calls` test cases a
 * strategy (as bench:diginetica samples them). For profiling the build and the serving path;
 * bench:diginetica measures the whole path and the quality.
 */
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { parseArgs } from 'node:util';
import { eq, sql } from 'drizzle-orm';
import { seedDemo } from '#server/demo/seed.ts';
import { localDay } from '#server/events/day.ts';
import { KIND } from '#server/events/codes.ts';
import { openPglite } from '#server/platform/db/client.ts';
import { run } from '#server/platform/db/sql.ts';
import { arr } from '#server/platform/db/sql-array.ts';
import { sites } from '#server/platform/db/schema.ts';
import { buildApp } from '#server/app.ts';
import { recsBuildJob, type RecsBuildResult } from '#server/recs/job.ts';
import { nextItemCases } from '#server/recs/session-knn.ts';
import { testEnv } from '#tests/helpers/server.ts';
import { createRecsRepository } from '#server/recs/strategies.ts';
import { throwawayPostgres } from './throwaway-postgres.ts';
import { DIGINETICA_STRATEGIES, digineticaFeed, recommendationLatency } from './diginetica-data.ts';
import { importYml } from '#server/feeds/intake/yml-import.ts';

const { values } = parseArgs({
  options: {
    data: { type: 'string' },
    db: { type: 'string', default: 'pglite' },
    calls: { type: 'string', default: '300' },
  },
});
if (!values.data) {
  console.error('--data <folder of the DIGINETICA corpus (srgnn-protocol/)> is required');
  process.exit(2);
}
const SITE = 1;
const HOURS = 60;
const kind = values.db === 'postgres' ? 'postgres' : 'pglite';
const sessionsFrom = (file: string) =>
  readFileSync(join(values.data!, 'srgnn-protocol', file), 'utf8')
    .split('\n')
    .filter(Boolean)
    .map((line) => line.split(' '));
const train = sessionsFrom('train_sessions.txt');
const dataDir = kind === 'pglite' ? mkdtempSync(join(tmpdir(), 'vitrina-bench-digi-build-')) : null;
const database = dataDir ? await openPglite({ dataDir }) : await throwawayPostgres('digibuild');
try {
  await seedDemo(database, { bundle: false });
  await importYml(database.db, {
    siteId: SITE,
    source: { body: digineticaFeed(new Set(train.flat()).size), size: 0 },
  });
  const [site] = await database.db.select().from(sites).where(eq(sites.id, SITE));
  // As bench:diginetica spreads them: session i at its share of the last HOURS hours, views a
  // second apart, a session never crossing the site's midnight.
  const now = Date.now();
  const start = now - HOURS * 3_600_000;
  const step = (HOURS * 3_600_000 - 3_600_000) / train.length;
  let batch: { session: string; at: string; day: string; product: string }[] = [];
  const flush = async () => {
    await run(
      database.db,
      sql`insert into events (site_id, kind, platform, session_id, at, day, product_id)
          select ${SITE}, ${KIND.PRODUCT_VIEW}, 2, u.s, u.a::timestamptz, u.d::date, u.p
          from unnest(${arr(batch.map((e) => e.session))}::text[], ${arr(batch.map((e) => e.at))}::text[],
            ${arr(batch.map((e) => e.day))}::text[], ${arr(batch.map((e) => e.product))}::text[]) as u(s, a, d, p)`,
    );
    batch = [];
  };
  let started = performance.now();
  let events = 0;
  for (const [i, session] of train.entries()) {
    let at = Math.floor(start + i * step);
    const last = () => at + (session.length - 1) * 1000;
    while (localDay(new Date(at), site!.timeZone) !== localDay(new Date(last()), site!.timeZone))
      at += 1000;
    for (const [position, product] of session.entries()) {
      const when = new Date(at + position * 1000);
      batch.push({
        session: `digi-${i}`,
        at: when.toISOString(),
        day: localDay(when, site!.timeZone),
        product,
      });
      events += 1;
    }
    if (batch.length >= 20_000) await flush();
  }
  if (batch.length) await flush();
  await run(database.db, sql`analyze events`);
  console.log(
    `${kind}: ${events} events written in ${((performance.now() - started) / 1000).toFixed(1)} s`,
  );

  const repo = createRecsRepository(database.db);
  const hashes: string[] = [];
  for (const input of DIGINETICA_STRATEGIES) {
    const strategy = await repo.create(SITE, input, 'bench');
    await repo.setEnabled(SITE, strategy.hash, true, 'bench');
    hashes.push(strategy.hash);
  }
  let peak = process.memoryUsage().rss;
  const sampler = setInterval(() => (peak = Math.max(peak, process.memoryUsage().rss)), 100);
  started = performance.now();
  const marks: number[] = [started];
  const built = (await recsBuildJob({
    job: { id: 0, siteId: SITE, payload: { jobName: 'RECS' } },
    db: database.db,
    signal: new AbortController().signal,
    progress: async () => void marks.push(performance.now()),
  } as unknown as Parameters<typeof recsBuildJob>[0])) as RecsBuildResult;
  clearInterval(sampler);
  console.log(
    `${kind}: RECS job built ${built.strategies.length} strategies in ${((performance.now() - started) / 1000).toFixed(1)} s, peak RSS ${(peak / 2 ** 20).toFixed(0)} MB`,
  );
  for (const [i, s] of built.strategies.entries())
    console.log(
      `  ${s.name.padEnd(30)} ${((marks[i + 1]! - marks[i]!) / 1000).toFixed(1).padStart(6)} s, rows ${s.revision.rows}, hit@20 ${s.revision.quality.hitRateAt20}, MRR@20 ${s.revision.quality.mrrAt20} (${s.revision.quality.cases} cases)`,
    );

  const app = await buildApp({
    env: testEnv({ PUBLIC_RATE_LIMIT: '1000000' }),
    database,
    staticRoot: false,
    jobs: { work: false },
  });
  try {
    const address = await app.listen({ port: 0, host: '127.0.0.1' });
    const cases = sessionsFrom('test_sessions.txt').flatMap((s) => nextItemCases(s));
    const calls = Number(values.calls);
    const sample = cases.filter((_, i) => i % Math.max(1, Math.floor(cases.length / calls)) === 0);
    for (const [i, hash] of hashes.entries()) {
      const {
        p50,
        p95,
        calls: done,
      } = await recommendationLatency(address, site!.apiKey, hash, sample.slice(0, calls));
      console.log(
        `  /public/recommendations ${DIGINETICA_STRATEGIES[i]!.name.padEnd(30)} p50 ${p50.toFixed(1)} ms, p95 ${p95.toFixed(1)} ms (${done} calls)`,
      );
    }
  } finally {
    await app.close();
  }
} finally {
  await database.close();
  if (dataDir) rmSync(dataDir, { recursive: true, force: true });
}
process.exit(0);
