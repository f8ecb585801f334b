/**
 * Search index rebuild: on each database, imports a 100 000-offer demo feed, measures
 * the search p95 of a query set, rebuilds the index with other attribute weights through the
 * feed generation job's code (offers/s, peak RSS), measures the p95 again, then runs the
 * autocomplete suggestion job over 10 M searches (daily query rows). Prints JSON per database.
 * `npm run bench:index -- --offers 100000 --events 10000000 [--databases pglite,postgres]`
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { parseArgs } from 'node:util';
import { sql } from 'drizzle-orm';
import { writeDemoFeed } from '#server/demo/feed.ts';
import { importYml, openFeed } from '#server/feeds/intake/yml-import.ts';
import { search } from '#server/search/search.ts';
import { run } from '#server/platform/db/sql.ts';
import { readEnv } from '#server/platform/env.ts';
import { fetchPolicy } from '#server/platform/net/guarded-fetch.ts';
import { searchSettings, sites } from '#server/platform/db/schema.ts';
import { buildSuggestions, rebuildIndex } from '#server/feeds/reindex-jobs.ts';
import { searchParams } from '#contract/public/search.ts';
import { createTestDatabase, type DatabaseKind } from '#tests/helpers/server.ts';

const { values } = parseArgs({
  options: {
    offers: { type: 'string', default: '100000' },
    events: { type: 'string', default: '10000000' },
    databases: { type: 'string', default: 'pglite,postgres' },
  },
});
const offers = Number(values.offers);
const events = Number(values.events);
const QUERIES = [
  'платье',
  'куртка',
  'джинсы синие',
  'свитер шерсть',
  'кроссовки',
  'хлоп',
  'sela',
  'футболка белая',
  'сумка кожа',
  'тёплый',
];

let peak = 0;
const sample = () => (peak = Math.max(peak, process.memoryUsage().rss));
const timer = setInterval(sample, 20);

const percentile = (list: number[], p: number) => {
  const sorted = [...list].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))]!;
};
const round = (n: number, digits = 1) => Math.round(n * 10 ** digits) / 10 ** digits;

async function searchTimes(db: Parameters<typeof search>[0], siteId: number): Promise<number[]> {
  const times: number[] = [];
  for (let round = 0; round < 5; round++)
    for (const st of QUERIES) {
      const started = performance.now();
      await search(db, siteId, searchParams.parse({ st, apiKey: 'bench' }));
      times.push(performance.now() - started);
    }
  return times;
}

const dir = mkdtempSync(join(tmpdir(), 'vitrina-bench-index-'));
try {
  const feed = join(dir, 'feed.yml');
  await writeDemoFeed(feed, { offers });
  for (const kind of values.databases.split(',') as DatabaseKind[]) {
    const database = await createTestDatabase(
      kind,
      kind === 'pglite' ? join(dir, 'db') : undefined,
    );
    try {
      const db = database.db;
      const [site] = await db
        .insert(sites)
        .values({ apiKey: `bench-${Date.now()}`, name: 'bench', url: 'https://bench.example' })
        .returning();
      const siteId = site!.id;
      await importYml(db, {
        siteId,
        source: await openFeed(pathToFileURL(feed).href, {
          policy: fetchPolicy(
            readEnv({
              DATA_DIR: dir,
              FETCH_MAX_BYTES: String(2 ** 31),
              FEED_MAX_BYTES: String(2 ** 31),
            }),
          ),
        }),
      });
      await searchTimes(db, siteId); // warm-up
      const before = await searchTimes(db, siteId);
      await db.insert(searchSettings).values({
        siteId,
        key: 'attributes',
        updatedBy: 'bench',
        value: {
          attributes: [
            { name: 'name', weight: 100 },
            { name: 'vendor', weight: 80 },
            { name: 'Материал', weight: 50 },
            { name: 'category', weight: 20 },
            { name: 'description', weight: 5 },
          ],
        },
      });
      peak = 0;
      sample();
      const started = performance.now();
      const rebuilt = await rebuildIndex(db, siteId, { jobId: null });
      const rebuildSeconds = (performance.now() - started) / 1000;
      sample();
      const rebuildPeak = peak;
      await run(db, sql`analyze catalog_products`);
      await searchTimes(db, siteId);
      const after = await searchTimes(db, siteId);

      // 10 M searches as the event store keeps them: daily rows per query (20 000 queries × 90 days).
      const queries = 20_000;
      const days = 90;
      const perRow = Math.max(1, Math.round(events / (queries * days)));
      await run(
        db,
        sql`insert into event_queries (site_id, query)
            select ${siteId}::int, 'запрос ' || g from generate_series(1, ${queries}::int) g`,
      );
      await run(
        db,
        sql`insert into event_daily_queries (site_id, day, query_id, mobile, desktop, app, zero_mobile, zero_desktop, zero_app)
            select ${siteId}::int, current_date - d, q.id, ${perRow}::int, 0, 0,
              case when q.id % 10 = 0 then ${perRow}::int else 0 end, 0, 0
            from event_queries q cross join generate_series(0, ${days - 1}::int) d
            where q.site_id = ${siteId}::int`,
      );
      peak = 0;
      sample();
      const suggestStarted = performance.now();
      const suggestions = await buildSuggestions(db, siteId);
      const suggestSeconds = (performance.now() - suggestStarted) / 1000;
      sample();
      console.log(
        JSON.stringify(
          {
            database: database.kind,
            offers: rebuilt.offers,
            products: rebuilt.products,
            rebuildSeconds: round(rebuildSeconds),
            rebuildOffersPerSecond: Math.round(rebuilt.offers / rebuildSeconds),
            rebuildPeakRssMB: Math.round(rebuildPeak / 1e6),
            switchMs: rebuilt.switchMs,
            searchP95BeforeMs: round(percentile(before, 95)),
            searchP95AfterMs: round(percentile(after, 95)),
            searchMedianBeforeMs: round(percentile(before, 50)),
            searchMedianAfterMs: round(percentile(after, 50)),
            suggestionEvents: queries * days * perRow,
            suggestionSeconds: round(suggestSeconds),
            suggestionsBuilt: suggestions.queries + suggestions.vocabulary,
            suggestionPeakRssMB: Math.round(peak / 1e6),
          },
          null,
          2,
        ),
      );
    } finally {
      await database.close();
    }
  }
} finally {
  clearInterval(timer);
  rmSync(dir, { recursive: true, force: true });
}
