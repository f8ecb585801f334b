/**
 * The name index (name-index.ts, trigrams.ts) measures what pg_trgm measures: the same trigrams
 * and word similarities, value for value, over a demo catalog's names and a set of awkward ones;
 * and a search's match and score read through it are the database's own, product for product and
 * to the last bit, at the default, a looser and a stricter typo cut, on both databases.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { arrayParam } from '#server/platform/db/any.ts';
import { run } from '#server/platform/db/sql.ts';
import { matchCondition, scoreExpression, type Matching } from '#server/search/common.ts';
import {
  buildNameIndex,
  nameLookup,
  TRGM_THRESHOLD,
  type NameIndex,
  type NameLookup,
} from '#server/search/name-index.ts';
import { switchLayout } from '#server/search/transliterate.ts';
import { prepareName, trigramsOf, wordSimilarity } from '#server/search/trigrams.ts';
import { demoFeedUrl, importFeed } from '#tests/helpers/catalog.ts';
import { DATABASES, startTestServer, type TestServer } from '#tests/helpers/server.ts';

/** Names where case, word characters, multibyte trigrams or the padding could part the two. */
const AWKWARD = [
  'КУРТКА Зимняя',
  'ЁЛКА ёлка Ёлка',
  'куртка-парка',
  'куртка_парка',
  'Джинсы «Синие» slim™ ®',
  'Ключ №5 и №',
  'джинсы\u00a0синие',
  'Kari KARI kari_shoes',
  'к у р т к а',
  'a',
  'ab',
  '1',
  '2.5 кг, 30x40 (см)',
  'кроссовки/кеды; #1 & +2 *3 =4',
  "Men's 'Air'",
  'tab\tnew\nline',
  '   ',
  '',
];

/** Names with characters the index leaves to the database. */
const UNDECIDED = ['курткаé', 'Куртка²', 'Ελληνικά куртка', 'куртка 🧥', 'İstanbul джинсы'];

/** A few queries beyond the catalog's words: typos, pairs, a prefix, the wrong layout. */
const EXTRA = ['куртка', 'курткa', 'кросовки', 'джинсы синие', 'kari', 'ку', 'к', 'ёлка', 'елка'];

describe.each(DATABASES)('the name index on %s', (kind) => {
  let server: TestServer;
  let importId: number;
  let queries: string[];
  let index: NameIndex;

  beforeAll(async () => {
    server = await startTestServer(kind);
    await importFeed(server.database, 1, await demoFeedUrl({ offers: 600 }));
    const { rows } = await run<{ word: string; import_id: number }>(
      server.database.db,
      sql`select w.word, w.import_id from catalog_words w join catalogs c on c.import_id = w.import_id
          where c.site_id = 1 and length(w.word) >= 2 order by w.products desc, w.word limit 60`,
    );
    importId = Number(rows[0]!.import_id);
    const words = rows.map((row) => row.word);
    queries = [
      ...words,
      ...words.map((word, i) => `${word} ${words[(i * 7 + 3) % words.length]}`),
      ...words
        .slice(0, 10)
        .map((word) => `${word.slice(0, 2)}${word[3] ?? ''}${word[2] ?? ''}${word.slice(4)}`),
      ...words.slice(0, 10).map(switchLayout),
      ...EXTRA,
    ];
    // Some products get the awkward and undecided names, so the index meets them.
    const names = [...AWKWARD.filter((name) => name.trim()), ...UNDECIDED];
    await run(
      server.database.db,
      sql`update catalog_products p set name = n.name
          from (select name, row_number() over () as k from unnest(${arrayParam(names, 'text')}) name) n,
               (select id, row_number() over (order by id) as k from catalog_products where import_id = ${importId}) t
          where p.import_id = ${importId} and p.id = t.id and t.k = n.k * 7`,
    );
    index = await buildNameIndex(server.database.db, importId);
  }, 240_000);
  afterAll(() => server?.close());

  it('makes the trigrams show_trgm makes, and leaves the characters it does not know', async () => {
    const names = AWKWARD;
    const { rows } = await run<{ name: string; trigrams: number[] }>(
      server.database.db,
      sql`select name, array(select case when length(t) = 8 and t like '0x%' then ('x' || lpad(substr(t, 3), 8, '0'))::bit(32)::int
                  else (ascii(substr(t, 1, 1)) << 16) | (ascii(substr(t, 2, 1)) << 8) | ascii(substr(t, 3, 1)) end
                from unnest(show_trgm(name)) t) as trigrams
          from unnest(${arrayParam(names, 'text')}) name`,
    );
    for (const row of rows) {
      // show_trgm prints a trigram's three bytes first byte highest.
      const ours = [...new Set(trigramsOf(row.name)!)]
        .map((code) => ((code & 0xff) << 16) | (code & 0xff00) | ((code >> 16) & 0xff))
        .sort((a, b) => a - b);
      expect(ours, row.name).toEqual([...row.trigrams].sort((a, b) => a - b));
    }
    for (const name of UNDECIDED) expect(trigramsOf(name), name).toBeNull();
    expect(index.undecided.length).toBeGreaterThanOrEqual(UNDECIDED.length);
  });

  it('measures word_similarity and %> as pg_trgm does, for every query and name', async () => {
    const { rows: catalog } = await run<{ name: string }>(
      server.database.db,
      sql`select distinct name from catalog_products where import_id = ${importId}`,
    );
    const names = [...new Set([...catalog.map((row) => row.name), ...AWKWARD])].filter(
      (name) => trigramsOf(name) !== null,
    );
    const prepared = names.map((name) => prepareName(trigramsOf(name)!));
    let pairs = 0;
    let matches = 0;
    for (const query of queries) {
      const { rows } = await run<{ similarity: number; match: boolean }>(
        server.database.db,
        sql`select word_similarity(${query}, n)::float8 as similarity, n %> ${query} as match
            from unnest(${arrayParam(names, 'text')}) with ordinality as x(n, k) order by k`,
      );
      const set = new Set(trigramsOf(query)!);
      rows.forEach((row, i) => {
        const ours = wordSimilarity(set, prepared[i]!);
        expect(ours, `${query} | ${names[i]}`).toBe(row.similarity);
        expect(ours >= TRGM_THRESHOLD, `${query} %> ${names[i]}`).toBe(row.match);
        if (row.match) matches++;
      });
      pairs += rows.length;
    }
    expect(pairs).toBeGreaterThan(20_000);
    expect(matches).toBeGreaterThan(500);
  });

  it('matches and scores products as the database does, at three typo cuts', async () => {
    const answer = async (m: Matching) =>
      (
        await run<{ id: string; score: number }>(
          server.database.db,
          sql`select p.id, ${scoreExpression(m)}::float8 as score from catalog_products p
              where p.import_id = ${importId} and ${matchCondition(m)} order by p.id`,
        )
      ).rows;
    // The statement reads the ids (not `%>`) whatever it would choose: both forms are proven.
    const byIds = (lookup: NameLookup): NameLookup => ({
      index: lookup.index,
      matches: (text, threshold) => {
        const found = lookup.matches(text, threshold);
        return found && { ...found, byIds: true };
      },
    });
    let compared = 0;
    for (const typo of [undefined, 0.4, 0.75])
      for (const query of queries) {
        const words = query.split(' ');
        const m: Matching = {
          importId,
          st: query,
          words,
          showUnavailable: true,
          multiplier: 0.5,
          cut: typo === undefined ? undefined : { typo },
        };
        const database = await answer(m);
        expect(await answer({ ...m, names: nameLookup(index) }), query).toEqual(database);
        expect(await answer({ ...m, names: byIds(nameLookup(index)) }), query).toEqual(database);
        compared += database.length;
      }
    expect(compared).toBeGreaterThan(1_000);
  });
});
