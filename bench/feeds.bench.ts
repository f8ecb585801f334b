/**
 * Feed benchmarks: on the embedded database and on PostgreSQL (when one answers at
 * POSTGRES_ADMIN_URL, default postgres://postgres:postgres@127.0.0.1:5432/postgres),
 *   1. a 100 000-row delta CSV (price, availability, region, one attribute) applied to a
 *      100 000-offer catalog, fetched over HTTP from a loopback server: rows/s and peak RSS;
 *   2. a scheduled delta fetch: a per-site schedule (server/platform/jobs/schedules.ts) ticks, pg-boss runs
 *      the job, the job fetches the feed over HTTP from the loopback server; the time from the
 *      tick to the job's end.
 * `npm run bench:feeds -- --offers 100000 [--db pglite|postgres]`
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { parseArgs } from 'node:util';
import { eq } from 'drizzle-orm';
import pino from 'pino';
import { writeDemoFeed } from '#server/demo/feed.ts';
import { importYml, openFeed } from '#server/feeds/intake/yml-import.ts';
import { readEnv } from '#server/platform/env.ts';
import { fetchPolicy } from '#server/platform/net/guarded-fetch.ts';
import type { Database } from '#server/platform/db/client.ts';
import {
  catalogOffers,
  catalogs,
  feedSettings,
  feedUrls,
  jobs,
  sites,
} from '#server/platform/db/schema.ts';
import { importDelta } from '#server/feeds/delta.ts';
import { deltaFeedSettings } from '#contract/entities/feeds.ts';
import { createJobRunner } from '#server/platform/jobs/runner.ts';
import { JOB_HANDLERS } from '#server/plugins/app/jobs.ts';
import { createTestDatabase, DATABASES } from '#tests/helpers/server.ts';

const { values } = parseArgs({
  options: {
    offers: { type: 'string', default: '100000' },
    /** One database only: pglite or postgres (default: both). */
    db: { type: 'string' },
  },
});
const offers = Number(values.offers);
const dir = mkdtempSync(join(tmpdir(), 'vitrina-bench-feeds-'));
let peak = 0;
const sample = () => (peak = Math.max(peak, process.memoryUsage().rss));
const timer = setInterval(sample, 20);

let deltaCsv = '';
const http = createServer((request, response) => {
  response.writeHead(200, { 'content-type': 'text/csv' });
  response.end(request.url?.startsWith('/delta.csv') ? deltaCsv : '');
});
await new Promise<void>((resolve) => http.listen(0, '127.0.0.1', resolve));
const base = `http://127.0.0.1:${(http.address() as AddressInfo).port}`;
const env = readEnv({ DATA_DIR: dir, FETCH_ALLOW_HOSTS: '127.0.0.1', LOG_LEVEL: 'silent' });

async function run(database: Database) {
  const feed = join(dir, `feed-${database.kind}.yml`);
  await writeDemoFeed(feed, { offers });
  const [site] = await database.db
    .insert(sites)
    .values({ apiKey: `bench-${Date.now()}`, name: 'bench', url: 'https://bench.example' })
    .returning();
  const siteId = site!.id;
  const loadStarted = performance.now();
  await importYml(database.db, {
    siteId,
    source: await openFeed(pathToFileURL(feed).href, {
      policy: fetchPolicy(env),
      maxBytes: env.FEED_MAX_BYTES,
    }),
  });
  const loadSeconds = (performance.now() - loadStarted) / 1000;
  const [live] = await database.db.select().from(catalogs).where(eq(catalogs.siteId, siteId));
  const ids = (
    await database.db
      .select({ id: catalogOffers.id })
      .from(catalogOffers)
      .where(eq(catalogOffers.importId, live!.importId))
  ).map((row) => row.id);
  // One row per offer: a new price, availability, every fifth for the region msk, a size list.
  const lines = ['id;price;available;regionId;Размер'];
  ids.forEach((id, i) =>
    lines.push(
      `${id};${1000 + (i % 5000)};${i % 7 ? 'true' : 'false'};${i % 5 ? '' : 'msk'};${i % 3 ? '' : '40|41|42'}`,
    ),
  );
  deltaCsv = lines.join('\n') + '\n';
  const settings = deltaFeedSettings.parse({});

  peak = 0;
  sample();
  const started = performance.now();
  const result = await importDelta(database.db, {
    siteId,
    source: await openFeed(`${base}/delta.csv`, {
      policy: fetchPolicy(env),
      maxBytes: env.FEED_MAX_BYTES,
    }),
    settings,
    maxRows: env.FEED_MAX_OFFERS,
  });
  const seconds = (performance.now() - started) / 1000;
  sample();
  const deltaFigures = {
    rows: result.rows,
    problems: result.problemCount,
    seconds: Math.round(seconds * 10) / 10,
    rowsPerSecond: Math.round(result.rows / seconds),
    peakRssMB: Math.round(peak / 1e6),
    csvMB: Math.round(deltaCsv.length / 1e5) / 10,
  };

  // The scheduled fetch: a per-site delta schedule, ticked, run by pg-boss over HTTP.
  await database.db.insert(feedSettings).values({ siteId, feedType: 'DELTA', settings });
  await database.db
    .insert(feedUrls)
    .values({ siteId, feedType: 'DELTA', url: `${base}/delta.csv` });
  const runner = createJobRunner(database, {
    handlers: JOB_HANDLERS,
    logger: pino({ level: 'silent' }),
    env,
    pollingIntervalSeconds: 0.5,
    schedules: false,
  });
  await runner.start();
  const schedule = await runner.schedules.upsert({
    siteId,
    kind: 'delta-feed',
    cron: '*/15 * * * *',
    createdBy: 'bench',
  });
  const ticked = performance.now();
  const { launched } = await runner.schedules.tick(schedule.nextRunAt);
  const jobId = launched[0]!.id;
  let state = 'queued';
  while (state === 'queued' || state === 'running') {
    await new Promise((resolve) => setTimeout(resolve, 100));
    state = (await database.db.select().from(jobs).where(eq(jobs.id, jobId)))[0]!.state;
  }
  const scheduledSeconds = (performance.now() - ticked) / 1000;
  await runner.stop();
  return {
    database: database.kind,
    catalogOffers: ids.length,
    catalogLoadSeconds: Math.round(loadSeconds * 10) / 10,
    delta: deltaFigures,
    scheduledFetch: { state, secondsFromTickToDone: Math.round(scheduledSeconds * 10) / 10 },
  };
}

try {
  for (const kind of DATABASES.filter((k) => !values.db || k === values.db)) {
    const database = await createTestDatabase(
      kind,
      kind === 'pglite' ? join(dir, 'db') : undefined,
    );
    try {
      console.log(JSON.stringify(await run(database), null, 2));
    } finally {
      await database.close();
    }
  }
} finally {
  clearInterval(timer);
  http.close();
  rmSync(dir, { recursive: true, force: true });
}
