/**
 * `npm run bench:merch`: GET /public/search p50 and p95 with 10 000 live boost rules against none,
 * as a ratio, on the embedded database and, when it answers, on PostgreSQL. The rules are spread
 * over the catalog's words (every type, a quarter full-match), so most searches fire a few of
 * them while the lookup has to find them among all 10 000 (a GIN index on the query keys).
 */
import { sql } from 'drizzle-orm';
import { demoFeedChunks } from '#server/demo/feed.ts';
import { importYml } from '#server/feeds/intake/yml-import.ts';
import { createTestDatabase, DATABASES, startTestServer } from '#tests/helpers/server.ts';
import { apiKeyOf } from '#tests/helpers/catalog.ts';

const RULES = Number(process.env.BENCH_RULES ?? 10_000);
const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 200);
const OFFERS = Number(process.env.BENCH_OFFERS ?? 600);
const QUERIES = [
  'платье',
  'куртка',
  'свитер вязаный',
  'джинсы',
  'кроссовки',
  'шапка',
  'футболка белая',
  'пальто',
];

const quantile = (values: number[], q: number) => {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.floor(q * sorted.length))]!;
};

async function run(kind: (typeof DATABASES)[number]) {
  const database = await createTestDatabase(kind);
  const server = await startTestServer(kind, { database, work: false });
  await importYml(database.db, {
    siteId: 1,
    source: {
      body: (async function* () {
        for (const chunk of demoFeedChunks({ offers: OFFERS })) yield Buffer.from(chunk);
      })(),
      size: 0,
    },
  });
  const apiKey = await apiKeyOf(database, 1);
  const measure = async () => {
    const times: number[] = [];
    for (let i = 0; i < ROUNDS; i += 1) {
      const st = QUERIES[i % QUERIES.length]!;
      const started = performance.now();
      const response = await server.app.inject({
        url: `/public/search?${new URLSearchParams({ apiKey, st, withFacets: 'false' })}`,
      });
      if (response.statusCode !== 200) throw new Error(response.body);
      times.push(performance.now() - started);
    }
    return { p50: quantile(times, 0.5), p95: quantile(times, 0.95) };
  };
  await measure(); // warm up
  const none = await measure();
  await database.db.execute(sql`
    insert into merch_boost_rules (site_id, name, boost_type, queries, query_keys, full_match, weight, socket, items)
    select 1, 'bench ' || g,
      (array['PRODUCTS','PRODUCTS_EXCLUDE','BRANDS','ATTRIBUTES','CATEGORIES_BOOST','CATEGORIES_INCLUDE','CATEGORIES_EXCLUDE'])[1 + g % 7],
      array[w.word], array[w.word], g % 4 = 0, 1 + g % 3, case when g % 7 = 0 then 1 + g % 5 end,
      case when g % 7 in (0, 1) then array[(select id from catalog_products order by id offset (g % 50) limit 1)]
           when g % 7 = 2 then array['Kari'] when g % 7 = 3 then array['синий']
           else array['1'] end
    from generate_series(1, ${RULES}) g
    join lateral (select word from catalog_words where import_id = (select import_id from catalogs where site_id = 1)
                  order by word offset (g % (select count(*) from catalog_words where import_id = (select import_id from catalogs where site_id = 1))) limit 1) w on true`);
  await database.db.execute(
    sql`update merch_boost_rules set attribute = 'Цвет' where boost_type = 'ATTRIBUTES'`,
  );
  const counted = (await database.db.execute(
    sql`select count(*)::int as n from merch_boost_rules`,
  )) as unknown as { rows: { n: number }[] };
  const n = counted.rows[0]?.n ?? 0;
  await measure();
  const rules = await measure();
  await server.close();
  return { kind, none, rules, n };
}

for (const kind of DATABASES) {
  const { none, rules, n } = await run(kind);
  console.log(
    `${kind}: /public/search without rules p50 ${none.p50.toFixed(1)} ms, p95 ${none.p95.toFixed(1)} ms; ` +
      `with ${n} rules p50 ${rules.p50.toFixed(1)} ms, p95 ${rules.p95.toFixed(1)} ms; ` +
      `ratio p50 ${(rules.p50 / none.p50).toFixed(2)}, p95 ${(rules.p95 / none.p95).toFixed(2)}`,
  );
}
