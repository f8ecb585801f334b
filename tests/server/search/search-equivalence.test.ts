/**
 * The one-pass search path answers exactly what the per-statement path did (search-path.ts): on
 * both databases, over a deterministic 2 000-offer demo catalog, a few hundred queries drawn from
 * the catalog's own words (whole, as prefixes, in pairs, typed on the wrong keyboard layout, with a
 * typo) are asked of /public/search (plain, with unavailable products, with a brand, category,
 * price and param filter, sorted by price, with tree facets) and of /public/autocomplete through
 * both paths, and the two answers are the same JSON: the same products in the same order, the same
 * facets, values and counts, the same suggestions.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import type { SearchResponse } from '#contract/public/search.ts';
import { run } from '#server/platform/db/sql.ts';
import { useSearchPath } from '#server/search/search-path.ts';
import { switchLayout } from '#server/search/transliterate.ts';
import { apiKeyOf, demoFeedUrl, importFeed } from '#tests/helpers/catalog.ts';
import { DATABASES, startTestServer, type TestServer } from '#tests/helpers/server.ts';

const SITE = 1;
/**
 * Every query takes ten minutes on a loaded 2-core machine: the test run asks every sixth (the
 * same ones each run, a fifty-odd whole words, prefixes, layouts, pairs and typos, each with its
 * filter variants); SEARCH_EQUIVALENCE=all asks them all, as before the old path is deleted.
 */
const EVERY = process.env.SEARCH_EQUIVALENCE === 'all' ? 1 : 6;

/** A few hundred queries from the catalog's words, the same on every run. */
function queriesOf(words: string[]): string[] {
  const queries = new Set<string>(['', 'куртка', 'кроссовки женские', 'rhjccjdrb', 'kari']);
  words.forEach((word, index) => {
    queries.add(word);
    queries.add(word.slice(0, 3));
    queries.add(switchLayout(word));
    queries.add(`${word} ${words[(index * 7 + 3) % words.length]}`);
    // A typo: two letters swapped in the middle.
    if (index % 2 === 0 && word.length > 4)
      queries.add(`${word.slice(0, 2)}${word[3]}${word[2]}${word.slice(4)}`);
  });
  return [...queries];
}

describe.each(DATABASES)('the one-pass search answers as the per-statement one on %s', (kind) => {
  let server: TestServer;
  let apiKey: string;
  let all: string[];
  let queries: string[];
  let indexReads = 0;

  beforeAll(async () => {
    // SEARCH_EQUIVALENCE=all asks thousands of calls of one client: past the public rate limits.
    server = await startTestServer(kind, {
      env: { PUBLIC_RATE_LIMIT: '100000000', PUBLIC_KEY_RATE_LIMIT: '100000000' },
    });
    await importFeed(server.database, SITE, await demoFeedUrl({ offers: 2000 }));
    apiKey = await apiKeyOf(server.database, SITE);
    // The one-pass path reads the live catalog's memory (names, words, categories) once it is
    // built: build it first, and count its name index's reads, so that the comparison is of the
    // memory against the database.
    const importId = (await server.app.repos.catalog.liveImport(SITE))!;
    // Reviews for two products in three (none counted for some, snippets long and short): the
    // one-pass page reads them with its rows, the per-statement path by its own statement.
    await run(
      server.database.db,
      sql`insert into product_reviews (site_id, external_id, rating, review_count, description)
          select ${SITE}, id, 1 + (abs(hashtext(id)) % 400) / 100.0, abs(hashtext(id)) % 4,
            repeat('Тёплая, удобная вещь. ', abs(hashtext(id)) % 12)
          from catalog_products where import_id = ${importId} and abs(hashtext(id)) % 3 <> 0`,
    );
    const { names: index } = await server.app.repos.catalog.catalogMemory(importId);
    const get = index.postings.get.bind(index.postings);
    index.postings.get = (code: number) => {
      indexReads++;
      return get(code);
    };
    const { rows } = await run<{ word: string }>(
      server.database.db,
      sql`select w.word from catalog_words w join catalogs c on c.import_id = w.import_id
          where c.site_id = ${SITE} and length(w.word) >= 3 order by w.products desc, w.word limit 200`,
    );
    all = queriesOf(rows.map((row) => row.word));
    queries = all.filter((_, index) => index % EVERY === 0);
  }, 240_000);
  afterAll(async () => {
    useSearchPath('one-pass');
    await server?.close();
  });

  const both = async (url: string) => {
    const answers: unknown[] = [];
    for (const path of ['per-statement', 'one-pass'] as const) {
      useSearchPath(path);
      const response = await server.app.inject({ url });
      expect(response.statusCode, url).toBe(200);
      answers.push(response.json());
    }
    return answers as [unknown, unknown];
  };

  it('has a few hundred queries', () => {
    expect(all.length).toBeGreaterThan(250);
    expect(queries.length).toBeGreaterThan(all.length / EVERY - 1);
  });

  it('answers every query the same, with and without filters', async () => {
    let compared = 0;
    let rated = 0;
    for (const [index, st] of queries.entries()) {
      const base = `/public/search?apiKey=${apiKey}&st=${encodeURIComponent(st)}`;
      const [before, after] = await both(base);
      expect(after, st).toEqual(before);
      compared++;
      rated += (after as SearchResponse).products.filter((product) => product.rating).length;
      // The filter variants for every eighth query of them all (every fourth of the sample).
      if (index % (EVERY === 1 ? 8 : 4) !== 0) continue;
      // Filters taken from the answer itself: its first brand, category, param and price range.
      const answer = before as SearchResponse;
      const facet = (name: string) => answer.facets.find((f) => f.name === name);
      const firstParam = answer.facets.find(
        (f) => !['brand', 'categoryId', 'price', 'available'].includes(f.name) && f.values.length,
      );
      const filters = [
        facet('brand')?.values[0] && `brand:${facet('brand')!.values[0]!.id}`,
        facet('categoryId')?.values[0] && `categoryId:${facet('categoryId')!.values[0]!.id}`,
        firstParam?.values[0] && `${firstParam.name}:${firstParam.values[0].id}`,
        'price:1000;5000',
      ].filter((filter): filter is string => typeof filter === 'string');
      const variants = [
        `${base}&showUnavailable=true`,
        `${base}&sort=PRICE_ASC&offset=10`,
        `${base}&treeFacets=true&useCategoryPrediction=true`,
        `${base}&${filters.map((f) => `filter=${encodeURIComponent(f)}`).join('&')}`,
        ...filters.map((f) => `${base}&showUnavailable=true&filter=${encodeURIComponent(f)}`),
      ];
      for (const url of variants) {
        const [one, other] = await both(url);
        expect(other, url).toEqual(one);
        compared++;
      }
    }
    expect(compared).toBeGreaterThan(EVERY === 1 ? 300 : 100);
    expect(rated).toBeGreaterThan(100);
    expect(indexReads).toBeGreaterThan(100);
  }, 1_200_000);

  it('suggests the same for every query', async () => {
    for (const st of queries) {
      const [before, after] = await both(
        `/public/autocomplete?apiKey=${apiKey}&st=${encodeURIComponent(st)}`,
      );
      expect(after, st).toEqual(before);
    }
  }, 1_200_000);
});
