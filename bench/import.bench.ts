/**
 * Importer throughput: generates a 100 000-offer YML feed (streaming, on disk) and imports it
 * into a fresh embedded database through the real importer; prints offers/s and peak RSS.
 * `npm run bench:import -- --offers 100000` (DATABASE_URL imports into PostgreSQL instead).
 *
 * `--corpus DIR [--db postgres]` imports every feed of DIR instead (real shops' exports,
 * import-corpus.ts; `--db postgres`: into a throwaway PostgreSQL database) and prints per feed the
 * offers taken, taken with a change and refused.
 */
import { mkdtempSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { parseArgs } from 'node:util';
import { writeDemoFeed } from '#server/demo/feed.ts';
import { importYml, openFeed } from '#server/feeds/intake/yml-import.ts';
import { readEnv } from '#server/platform/env.ts';
import { fetchPolicy } from '#server/platform/net/guarded-fetch.ts';
import { openPglite, openPostgres } from '#server/platform/db/client.ts';
import { sites } from '#server/platform/db/schema.ts';
import { corpusTable, importCorpus } from './import-corpus.ts';
import { throwawayPostgres } from './throwaway-postgres.ts';

const { values } = parseArgs({
  options: {
    offers: { type: 'string', default: '100000' },
    corpus: { type: 'string' },
    db: { type: 'string' },
  },
});
const offers = Number(values.offers);
const dir = mkdtempSync(join(tmpdir(), 'vitrina-bench-'));
const openBenchDatabase = () =>
  process.env['DATABASE_URL']
    ? openPostgres(process.env['DATABASE_URL'])
    : openPglite({ dataDir: join(dir, 'db') });
if (values.corpus !== undefined) {
  const database =
    values.db === 'postgres' ? await throwawayPostgres('corpus') : await openBenchDatabase();
  try {
    console.log(`\n${corpusTable(await importCorpus(database, values.corpus, dir))}`);
  } finally {
    await database.close();
    rmSync(dir, { recursive: true, force: true });
  }
  process.exit(0);
}
const feed = join(dir, 'feed.yml');
let peak = 0;
const sample = () => (peak = Math.max(peak, process.memoryUsage().rss));
const timer = setInterval(sample, 20);
try {
  await writeDemoFeed(feed, { offers });
  const bytes = statSync(feed).size;
  const database = await openBenchDatabase();
  const [site] = await database.db
    .insert(sites)
    .values({ apiKey: `bench-${Date.now()}`, name: 'bench', url: 'https://bench.example' })
    .returning();
  peak = 0;
  sample();
  const started = performance.now();
  const result = await importYml(database.db, {
    siteId: site!.id,
    source: await openFeed(pathToFileURL(feed).href, {
      policy: fetchPolicy(readEnv({ DATA_DIR: dir })),
    }),
  });
  const seconds = (performance.now() - started) / 1000;
  sample();
  console.log(
    JSON.stringify(
      {
        database: database.kind,
        feedMB: Math.round(bytes / 1e5) / 10,
        offers: result.offers,
        products: result.products,
        problems: result.problemCount,
        seconds: Math.round(seconds * 10) / 10,
        offersPerSecond: Math.round(result.offers / seconds),
        peakRssMB: Math.round(peak / 1e6),
      },
      null,
      2,
    ),
  );
  await database.close();
} finally {
  clearInterval(timer);
  rmSync(dir, { recursive: true, force: true });
}
