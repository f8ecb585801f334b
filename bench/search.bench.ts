/**
 * `npm run bench:search`: p50/p95 of GET /public/search and /public/autocomplete on a demo catalog
 * (`--offers N` or BENCH_OFFERS, default 100 000 offers) on the embedded database and, when it
 * answers, on PostgreSQL (`--databases postgres` or BENCH_DATABASES: some only):
 * - through the one-pass path and the per-statement one it replaces (search-path.ts), asked in turn
 *   in the same run, with the ratio old / new;
 * - with `--connections 16`: searches a second through 16 connections (autocannon, BENCH_SECONDS
 *   each, default 10), old and new path;
 * - with empty query lists and no rules, then with 10 000 synonyms, 5 000 transliterations and
 *   1 000 black-list entries enabled on the site and 10 000 live merchandising rules (7 500 boosts,
 *   2 500 redirects): the query pipeline's overhead as a ratio (DESIGN's budget: 1.3×).
 * Latency requests are sequential; each query is asked BENCH_ROUNDS times after a warm-up.
 */
import { performance } from 'node:perf_hooks';
import { parseArgs } from 'node:util';
import autocannon from 'autocannon';
import { useCatalogMemory, useSearchPath } from '#server/search/search-path.ts';
import { buildApp } from '#server/app.ts';
import { merchBoostRules, merchRedirects, queryListEntries } from '#server/platform/db/schema.ts';
import { normaliseTerm } from '#contract/entities/query-lists.ts';
import { apiKeyOf } from '#tests/helpers/catalog.ts';
import { createTestDatabase, DATABASES, testEnv } from '#tests/helpers/server.ts';
import { importDemoCatalog, SEARCH_QUERIES } from './demo-catalog.ts';

const { values: args } = parseArgs({
  options: {
    offers: { type: 'string' },
    connections: { type: 'string' },
    databases: { type: 'string' },
  },
});
const OFFERS = Number(args.offers ?? process.env.BENCH_OFFERS ?? 100_000);
const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 10);
const CONNECTIONS = args.connections ? Number(args.connections) : 0;
const SECONDS = Number(process.env.BENCH_SECONDS ?? 10);
/**
 * What is measured in turn: the per-statement path, the one-pass path reading everything from
 * the database, and the one-pass path reading what the process keeps of the live catalog (the
 * default: the names' typo match, the words, the categories; catalog-memory.ts).
 */
const VARIANTS = {
  'per-statement': () => {
    useSearchPath('per-statement');
    useCatalogMemory(true);
  },
  database: () => {
    useSearchPath('one-pass');
    useCatalogMemory(false);
  },
  'one-pass': () => {
    useSearchPath('one-pass');
    useCatalogMemory(true);
  },
};
type Variant = keyof typeof VARIANTS;
const ALL = Object.keys(VARIANTS) as Variant[];
const QUERIES = SEARCH_QUERIES;

const percentile = (values: number[], p: number) => {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))]!;
};

interface Figures {
  p50: number;
  p95: number;
  /** Each query's median. */
  byQuery: Map<string, number>;
}

/**
 * The figures of each search path on the same queries; the paths take turns on every query (the
 * first one changing each round) so that a machine's load falls on both alike.
 */
async function measure(
  inject: (url: string) => Promise<number>,
  path: string,
  apiKey: string,
  paths: Variant[] = ['one-pass'],
): Promise<Record<Variant, Figures>> {
  const times = new Map<Variant, number[]>(paths.map((p) => [p, []]));
  const perQuery = new Map<Variant, Map<string, number[]>>(
    paths.map((p) => [p, new Map(QUERIES.map((st) => [st, []]))]),
  );
  const ask = async (variant: Variant, st: string) => {
    VARIANTS[variant]();
    const started = performance.now();
    const status = await inject(`${path}?apiKey=${apiKey}&st=${encodeURIComponent(st)}`);
    if (status !== 200) throw new Error(`${path} ${st}: ${status}`);
    return performance.now() - started;
  };
  for (const searchPath of paths) for (const st of QUERIES) await ask(searchPath, st);
  for (let round = 0; round < ROUNDS; round++)
    for (const st of QUERIES)
      for (const searchPath of round % 2 ? [...paths].reverse() : paths) {
        const ms = await ask(searchPath, st);
        times.get(searchPath)!.push(ms);
        perQuery.get(searchPath)!.get(st)!.push(ms);
      }
  VARIANTS['one-pass']();
  const figures = {} as Record<Variant, Figures>;
  for (const [searchPath, list] of times)
    figures[searchPath] = {
      p50: percentile(list, 50),
      p95: percentile(list, 95),
      byQuery: new Map(
        [...perQuery.get(searchPath)!].map(([st, ms]) => [st, percentile(ms, 50)] as const),
      ),
    };
  return figures;
}

/** Searches a second through CONNECTIONS connections, the bench's queries in turn. */
async function throughput(address: string, apiKey: string, variant: Variant) {
  VARIANTS[variant]();
  const result = await autocannon({
    url: address,
    connections: CONNECTIONS,
    duration: SECONDS,
    // In a worker thread: in the server's own event loop it would delay the answers it times.
    workers: 1,
    requests: QUERIES.map((st) => ({
      method: 'GET' as const,
      path: `/public/search?apiKey=${apiKey}&st=${encodeURIComponent(st)}`,
    })),
  });
  if (result.non2xx > 0)
    throw new Error(
      `${variant}: ${result.non2xx} answers were not 2xx (4xx ${result['4xx']}, 5xx ${result['5xx']})`,
    );
  return { rps: result.requests.average, p50: result.latency.p50, p99: result.latency.p99 };
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
}

/**
 * 10 000 live merchandising rules on the site: 7 500 boost rules of every kind on queries of
 * their own, and 2 500 redirects; one boost and one redirect on the bench's own queries.
 */
async function fillRules(database: Awaited<ReturnType<typeof createTestDatabase>>) {
  const types = ['PRODUCTS', 'BRANDS', 'CATEGORIES_BOOST', 'PRODUCTS_EXCLUDE'];
  const boosts: (typeof merchBoostRules.$inferInsert)[] = [];
  for (let i = 0; i < 7_500; i++) {
    const query = i === 0 ? 'платье летнее' : `правило${i} запрос`;
    boosts.push({
      siteId: 1,
      name: `bench ${i}`,
      boostType: types[i % types.length]!,
      queries: [query],
      queryKeys: [query],
      items: [`item-${i}`, `item-${i + 1}`],
      weight: 1 + (i % 5),
    });
  }
  const redirects: (typeof merchRedirects.$inferInsert)[] = [];
  for (let i = 0; i < 2_500; i++) {
    const query = i === 0 ? 'ботинки' : `переход${i}`;
    redirects.push({ siteId: 1, query, queryKey: query, url: `https://shop.example/${i}` });
  }
  for (let start = 0; start < boosts.length; start += 1000)
    await database.db.insert(merchBoostRules).values(boosts.slice(start, start + 1000));
  for (let start = 0; start < redirects.length; start += 1000)
    await database.db.insert(merchRedirects).values(redirects.slice(start, start + 1000));
}

const table: string[] = [];
const byQuery: string[] = [];
const variantsByQuery: string[] = [];
const paths: string[] = [];
const rates: string[] = [];
// --databases postgres (BENCH_DATABASES): one database only (the embedded one's 100 000-offer
// import alone takes minutes).
const only = (args.databases ?? process.env.BENCH_DATABASES)?.split(',');
for (const kind of DATABASES.filter((k) => !only || only.includes(k))) {
  const database = await createTestDatabase(kind);
  const importStarted = performance.now();
  await importDemoCatalog(database, OFFERS);
  console.log(
    `${kind}: imported ${OFFERS} offers in ${((performance.now() - importStarted) / 1000).toFixed(0)} s`,
  );
  // The throughput run must meet no rate limit, and a loaded machine no public query deadline.
  const env = testEnv({
    PUBLIC_RATE_LIMIT: '100000000',
    PUBLIC_KEY_RATE_LIMIT: '100000000',
    PUBLIC_QUERY_TIMEOUT_MS: '60000',
    PUBLIC_QUERY_RUNAWAY_MS: '120000',
    // A run's last requests are still queued when the next run starts.
    PUBLIC_MAX_QUEUED: '10000',
  });
  const app = await buildApp({ env, database, staticRoot: false });
  const address = await app.listen({ port: 0, host: '127.0.0.1' });
  const apiKey = await apiKeyOf(database, 1);
  const inject = async (url: string) => (await app.inject({ url })).statusCode;
  try {
    // The name index is built in the background on the first search; measure it built.
    const indexStarted = performance.now();
    const memory = await app.repos.catalog.catalogMemory((await app.repos.catalog.liveImport(1))!);
    console.log(
      `${kind}: the catalog memory (${memory.names.names.length} distinct names, ${memory.words.words.length} words, ${memory.categories.size} categories) built in ${(performance.now() - indexStarted).toFixed(0)} ms`,
    );
    const compared = {
      search: await measure(inject, '/public/search', apiKey, ALL),
      autocomplete: await measure(inject, '/public/autocomplete', apiKey, ALL),
    };
    for (const call of ['search', 'autocomplete'] as const) {
      const { 'per-statement': old, database: trgm, 'one-pass': now } = compared[call];
      paths.push(
        `| ${kind} | /public/${call} | ${old.p50.toFixed(1)} | ${old.p95.toFixed(1)} | ${trgm.p50.toFixed(1)} | ${trgm.p95.toFixed(1)} | ${now.p50.toFixed(1)} | ${now.p95.toFixed(1)} | ${(old.p50 / now.p50).toFixed(2)} | ${(old.p95 / now.p95).toFixed(2)} | ${(trgm.p50 / now.p50).toFixed(2)} |`,
      );
      // As soon as measured: a run stopped later keeps its figures.
      console.log(paths.at(-1));
      for (const st of QUERIES)
        variantsByQuery.push(
          `| ${kind} | /public/${call} | ${st} | ${old.byQuery.get(st)!.toFixed(1)} | ${trgm.byQuery.get(st)!.toFixed(1)} | ${now.byQuery.get(st)!.toFixed(1)} |`,
        );
    }
    if (CONNECTIONS > 0) {
      const old = await throughput(address, apiKey, 'per-statement');
      // Let the requests still queued from the old path's run finish on it.
      await new Promise((resolve) => setTimeout(resolve, 3000));
      VARIANTS['one-pass']();
      await inject(`/public/search?apiKey=${apiKey}&st=`);
      const now = await throughput(address, apiKey, 'one-pass');
      rates.push(
        `| ${kind} | ${old.rps.toFixed(1)} | ${old.p50} | ${old.p99} | ${now.rps.toFixed(1)} | ${now.p50} | ${now.p99} | ${(now.rps / old.rps).toFixed(2)} |`,
      );
    }
    // Measured again alone, as the lists case is (not in turn with the old path).
    const empty = {
      search: (await measure(inject, '/public/search', apiKey))['one-pass'],
      autocomplete: (await measure(inject, '/public/autocomplete', apiKey))['one-pass'],
    };
    await fillLists(database);
    await fillRules(database);
    const full = {
      search: (await measure(inject, '/public/search', apiKey))['one-pass'],
      autocomplete: (await measure(inject, '/public/autocomplete', apiKey))['one-pass'],
    };
    for (const call of ['search', 'autocomplete'] as const)
      for (const st of QUERIES)
        byQuery.push(
          `| ${kind} | /public/${call} | ${st} | ${empty[call].byQuery.get(st)!.toFixed(1)} | ${full[call].byQuery.get(st)!.toFixed(1)} | ${(full[call].byQuery.get(st)! / empty[call].byQuery.get(st)!).toFixed(2)} |`,
        );
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
  `\n${OFFERS} offers; ${QUERIES.length} queries × ${ROUNDS} rounds, sequential, the three in turn (old: per-statement; database: one-pass, every read in the database; one-pass: with the catalog memory)\n`,
);
console.log(
  '| database | call | p50 old ms | p95 old ms | p50 database ms | p95 database ms | p50 one-pass ms | p95 one-pass ms | p50 old / new | p95 old / new | p50 database / new |',
);
console.log('|---|---|---:|---:|---:|---:|---:|---:|---:|---:|---:|');
for (const line of paths) console.log(line);
console.log("\nEach query's p50 through the three\n");
console.log('| database | call | query | p50 old ms | p50 database ms | p50 one-pass ms |');
console.log('|---|---|---|---:|---:|---:|');
for (const line of variantsByQuery) console.log(line);
if (rates.length) {
  console.log(
    `\n/public/search through ${CONNECTIONS} connections (autocannon, ${SECONDS} s a path, the bench's queries in turn)\n`,
  );
  console.log(
    '| database | req/s old | p50 old ms | p99 old ms | req/s one-pass | p50 one-pass ms | p99 one-pass ms | req/s new / old |',
  );
  console.log('|---|---:|---:|---:|---:|---:|---:|---:|');
  for (const line of rates) console.log(line);
}
console.log(
  `\nOne-pass path, empty lists vs 10 000 synonyms, 5 000 transliterations, 1 000 black-list entries and 10 000 live rules (7 500 boosts, 2 500 redirects)\n`,
);
console.log(
  '| database | call | p50 empty ms | p95 empty ms | p50 lists ms | p95 lists ms | p50 ratio | p95 ratio |',
);
console.log('|---|---|---:|---:|---:|---:|---:|---:|');
for (const line of table) console.log(line);
console.log(
  "\nThe same, each query's p50 (the lists give 'худи' the synonym 'свитер', a boost rule fires on 'платье летнее' and a redirect on 'ботинки': their answers change)\n",
);
console.log('| database | call | query | p50 empty ms | p50 lists ms | ratio |');
console.log('|---|---|---|---:|---:|---:|');
for (const line of byQuery) console.log(line);
