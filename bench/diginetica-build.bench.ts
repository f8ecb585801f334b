/**
 * `node --import tsx bench/diginetica-build.bench.ts --data <corpus>/diginetica [--db pglite|postgres]
 *   [--calls 300] [--keep NAME] [--profile] [--answers FILE]`
 *
 * The RECS build alone on DIGINETICA's training sessions: the events written straight into the
 * event table (the same rows /public/events/bulk stores, without the 5–20 minutes of HTTP
 * ingestion bench:diginetica spends), then the RECS job timed strategy by strategy with the
 * build's peak RSS, then p50/p95 of /public/recommendations over HTTP for `calls` test cases a
 * strategy (as bench:diginetica samples them). For profiling the build and the serving path;
 * bench:diginetica measures the whole path and the quality.
 *
 * `--keep NAME` keeps the built database (PostgreSQL: the database `vitrina_bench_keep_NAME`;
 * PGlite: the folder NAME) and, when it is already built, skips straight to the serving
 * figures (`--rebuild`: after running the RECS job again): for iterating on the serving path
 * (drop or remove it afterwards). `--profile` times
 * every statement of the sampled calls at the driver (bench/recs-statements.ts) and prints them
 * by strategy. `--answers FILE` writes every sampled answer, with paging, category and rule
 * variants, as JSON lines: two runs' files diff to nothing when the serving path answers the same.
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
import { openPostgres, type Database } from '#server/platform/db/client.ts';
import { POSTGRES_ADMIN_URL } from '#tests/helpers/server.ts';
import pg from 'pg';
import { writeFileSync } from 'node:fs';
import {
  installStatementTimer,
  startRecording,
  statementTable,
  stopRecording,
} from './recs-statements.ts';

const { values } = parseArgs({
  options: {
    data: { type: 'string' },
    db: { type: 'string', default: 'pglite' },
    calls: { type: 'string', default: '300' },
    keep: { type: 'string' },
    profile: { type: 'boolean', default: false },
    answers: { type: 'string' },
    rebuild: { type: 'boolean', default: false },
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
const dataDir =
  kind === 'pglite'
    ? (values.keep ?? mkdtempSync(join(tmpdir(), 'vitrina-bench-digi-build-')))
    : null;
const database = dataDir
  ? await openPglite({ dataDir })
  : values.keep
    ? await keptPostgres(`vitrina_bench_keep_${values.keep.replace(/\W/g, '_')}`)
    : await throwawayPostgres('digibuild');
if (values.profile) installStatementTimer();

/** A PostgreSQL database kept between runs (created when missing; never dropped here). */
async function keptPostgres(name: string): Promise<Database> {
  const client = new pg.Client({ connectionString: POSTGRES_ADMIN_URL });
  await client.connect();
  try {
    const { rowCount } = await client.query('select 1 from pg_database where datname = $1', [name]);
    if (!rowCount) await client.query(`create database ${name}`);
  } finally {
    await client.end();
  }
  const url = new URL(POSTGRES_ADMIN_URL);
  url.pathname = `/${name}`;
  console.log(`postgres: kept database ${name}`);
  return openPostgres(url.toString());
}

/** The strategies' hashes when a kept database holds all of them built, else null. */
async function builtHashes(): Promise<string[] | null> {
  const { rows } = await run<{ hash: string; revision: number }>(
    database.db,
    sql`select hash, revision from recs_strategies where site_id = ${SITE}
        order by created_at, hash`,
  );
  return rows.length === DIGINETICA_STRATEGIES.length && rows.every((r) => r.revision > 0)
    ? rows.map((r) => r.hash)
    : null;
}

try {
  const kept = values.keep ? await builtHashes() : null;
  if (kept && values.rebuild) await recsJob();
  const hashes: string[] = kept ?? (await build());
  await serve(hashes);
} finally {
  await database.close();
  if (dataDir && !values.keep) rmSync(dataDir, { recursive: true, force: true });
}
process.exit(0);

async function build(): Promise<string[]> {
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
  const started = performance.now();
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
  await recsJob();
  return hashes;
}

/** The RECS job over every strategy of the site, timed strategy by strategy, with its peak RSS. */
async function recsJob(): Promise<void> {
  let peak = process.memoryUsage().rss;
  const sampler = setInterval(() => (peak = Math.max(peak, process.memoryUsage().rss)), 100);
  const started = performance.now();
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
}

async function serve(hashes: string[]): Promise<void> {
  const [site] = await database.db.select().from(sites).where(eq(sites.id, SITE));
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
    if (values.answers) await writeAnswers(address, site!.apiKey, hashes, sample.slice(0, 100));
    // The first calls of a fresh process compile its code paths: not the first strategy's figures.
    await recommendationLatency(address, site!.apiKey, hashes[0]!, sample.slice(-20));
    for (const [i, hash] of hashes.entries()) {
      if (values.profile) startRecording();
      const started = performance.now();
      const {
        p50,
        p95,
        calls: done,
      } = await recommendationLatency(address, site!.apiKey, hash, sample.slice(0, calls));
      const wall = performance.now() - started;
      console.log(
        `  /public/recommendations ${DIGINETICA_STRATEGIES[i]!.name.padEnd(30)} p50 ${p50.toFixed(1)} ms, p95 ${p95.toFixed(1)} ms (${done} calls)`,
      );
      if (values.profile) console.log(`\n${statementTable(stopRecording(), done, wall)}\n`);
    }
  } finally {
    await app.close();
  }
}

/**
 * Every strategy's answers to `cases` over HTTP, as JSON lines: the page of 20, a later page, a
 * category's, the current product allowed to show, then the same with recommendation rules live
 * (a filter on a category, a boost of another, a pin of two products), which are removed after.
 */
async function writeAnswers(
  address: string,
  apiKey: string,
  hashes: string[],
  cases: { prefix: string[] }[],
): Promise<void> {
  const lines: string[] = [];
  const ask = async (label: string) => {
    for (const hash of hashes)
      for (const { prefix } of cases)
        for (const extra of <Record<string, string>[]>[
          { size: '20' },
          { size: '7', offset: '13' },
          { size: '20', categoryId: String((Number(prefix.at(-1)) % 100) + 1) },
          { size: '5', offset: '600' },
          { size: '20', showUnavailable: 'true' },
        ]) {
          const query = new URLSearchParams({
            apiKey,
            strategy: hash,
            productId: prefix.at(-1)!,
            viewed: prefix.join(','),
            ...extra,
          });
          const response = await fetch(`${address}/public/recommendations?${query}`);
          lines.push(
            JSON.stringify({
              label,
              hash,
              query: extra,
              prefix,
              status: response.status,
              body: await response.json(),
            }),
          );
        }
  };
  await ask('no rules');
  await run(
    database.db,
    sql`insert into merch_recs_rules (site_id, name, priority, boost_type, start_at, product_ids, category_ids)
        values (${SITE}, 'bench filter', 1, 'FILTER', now() - interval '1 hour', '{}', '{5}'),
               (${SITE}, 'bench boost', 2, 'HARD', now() - interval '1 hour', '{}', '{7}'),
               (${SITE}, 'bench pin', 3, 'PIN', now() - interval '1 hour', '{1,2}', '{}')`,
  );
  try {
    await ask('rules');
  } finally {
    await run(
      database.db,
      sql`delete from merch_recs_rules where site_id = ${SITE} and name like 'bench %'`,
    );
  }
  writeFileSync(values.answers!, `${lines.join('\n')}\n`);
  console.log(`answers: ${lines.length} written to ${values.answers}`);
}
