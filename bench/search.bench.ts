/**
 * `npm run bench:search`: p50/p95 of GET /public/search and /public/autocomplete on a demo catalog
 * (BENCH_OFFERS, default 100 000 offers) with empty query lists, then with 10 000 synonyms,
 * 5 000 transliterations and 1 000 black-list entries enabled on the site — the query pipeline's
 * overhead as a ratio — on the embedded database and, when it answers, on PostgreSQL. Requests are
 * sequential (latency, not throughput); each query is asked BENCH_ROUNDS times after a warm-up.
 */
import { performance } from 'node:perf_hooks';
import { buildApp } from '#server/app.ts';
import { invalidateQueryLists } from '#server/search/understanding.ts';
import { seedDemo } from '#server/demo/seed.ts';
import { queryListEntries } from '#server/platform/db/schema.ts';
import { normaliseTerm } from '#contract/entities/query-lists.ts';
import { importYml, openFeed } from '#server/feeds/intake/yml-import.ts';
import { readEnv } from '#server/platform/env.ts';
import { fetchPolicy } from '#server/platform/net/guarded-fetch.ts';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { writeDemoFeed } from '#server/demo/feed.ts';
import { apiKeyOf } from '#tests/helpers/catalog.ts';
import { createTestDatabase, DATABASES, testEnv } from '#tests/helpers/server.ts';

const OFFERS = Number(process.env.BENCH_OFFERS ?? 100_000);
const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 10);
const QUERIES = [
  'куртка',
  'кроссовки женские',
  'rhjccjdrb',
  'платье летнее',
  'худи',
  'джинсы синие',
  'свитер шерсть',
  'сумка кожа',
  'ботинки',
  'kari',
];

const percentile = (values: number[], p: number) => {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))]!;
};

interface Figures {
  p50: number;
  p95: number;
}

async function measure(
  inject: (url: string) => Promise<number>,
  path: string,
  apiKey: string,
): Promise<Figures> {
  const times: number[] = [];
  for (const st of QUERIES) await inject(`${path}?apiKey=${apiKey}&st=${encodeURIComponent(st)}`);
  for (let round = 0; round < ROUNDS; round++)
    for (const st of QUERIES) {
      const started = performance.now();
      const status = await inject(`${path}?apiKey=${apiKey}&st=${encodeURIComponent(st)}`);
      times.push(performance.now() - started);
      if (status !== 200) throw new Error(`${path} ${st}: ${status}`);
    }
  return { p50: percentile(times, 50), p95: percentile(times, 95) };
}

async function fillLists(database: Awaited<ReturnType<typeof createTestDatabase>>) {
  const rows: (typeof queryListEntries.$inferInsert)[] = [];
  const entry = (list: string, term: string, variants: string[] = [], mode = 'none') =>
    rows.push({ list, term, key: normaliseTerm(term), variants, mode, siteIds: [1] });
  entry('synonyms', 'худи', ['свитер'], 'two-way');
  for (let i = 1; i < 10_000; i++)
    entry('synonyms', `синоним${i}`, [`вариант${i}`, `слово${i}`], 'two-way');
  for (let i = 0; i < 5_000; i++) entry('transliterations', `translit${i}`, [`транслит${i}`]);
  for (let i = 0; i < 1_000; i++) entry('black-list', `запрет${i}`, [], i % 2 ? 'word' : 'query');
  for (let start = 0; start < rows.length; start += 1000)
    await database.db.insert(queryListEntries).values(rows.slice(start, start + 1000));
  invalidateQueryLists();
}

const table: string[] = [];
// BENCH_DATABASES=postgres: one database only (the embedded one restarts when a bounded query
// runs past 5 s, which a 100 000-offer search does on a loaded machine).
const only = process.env.BENCH_DATABASES?.split(',');
for (const kind of DATABASES.filter((k) => !only || only.includes(k))) {
  const database = await createTestDatabase(kind);
  await seedDemo(database);
  const importStarted = performance.now();
  // A 100 000-offer feed is beyond the tests' 50 MB feed limit: the bench allows 2 GB.
  const dir = mkdtempSync(join(tmpdir(), 'vitrina-bench-search-'));
  const policy = fetchPolicy(
    readEnv({
      DATA_DIR: dir,
      FETCH_MAX_BYTES: String(2 ** 31),
      FEED_MAX_BYTES: String(2 ** 31),
    }),
  );
  const feed = join(dir, 'feed.yml');
  await writeDemoFeed(feed, { offers: OFFERS });
  await importYml(database.db, {
    siteId: 1,
    source: await openFeed(pathToFileURL(feed).href, { policy }),
  });
  rmSync(dir, { recursive: true, force: true });
  console.log(
    `${kind}: imported ${OFFERS} offers in ${((performance.now() - importStarted) / 1000).toFixed(0)} s`,
  );
  const app = await buildApp({ env: testEnv(), database, staticRoot: false });
  await app.ready();
  const apiKey = await apiKeyOf(database, 1);
  const inject = async (url: string) => (await app.inject({ url })).statusCode;
  try {
    const empty = {
      search: await measure(inject, '/public/search', apiKey),
      autocomplete: await measure(inject, '/public/autocomplete', apiKey),
    };
    await fillLists(database);
    const full = {
      search: await measure(inject, '/public/search', apiKey),
      autocomplete: await measure(inject, '/public/autocomplete', apiKey),
    };
    for (const call of ['search', 'autocomplete'] as const)
      table.push(
        `| ${kind} | /public/${call} | ${empty[call].p50.toFixed(1)} | ${empty[call].p95.toFixed(1)} | ${full[call].p50.toFixed(1)} | ${full[call].p95.toFixed(1)} | ${(full[call].p50 / empty[call].p50).toFixed(2)} | ${(full[call].p95 / empty[call].p95).toFixed(2)} |`,
      );
  } finally {
    await app.close();
    await database.close();
  }
}
console.log(
  `\n${OFFERS} offers; ${QUERIES.length} queries × ${ROUNDS} rounds, sequential; lists: 10 000 synonyms, 5 000 transliterations, 1 000 black-list entries\n`,
);
console.log(
  '| database | call | p50 empty ms | p95 empty ms | p50 lists ms | p95 lists ms | p50 ratio | p95 ratio |',
);
console.log('|---|---|---:|---:|---:|---:|---:|---:|');
for (const line of table) console.log(line);
