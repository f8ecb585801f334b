/**
 * On both databases: the §5 thresholds act on real searches (docs/search-thresholds.md),
 * the autocomplete job applies the query lists, the facet screen's children and diff calls, and
 * the custom sorts the answer offers the storefront.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import type { ApiParams } from '#contract/entities/search-config.ts';
import { searchResponse, type SearchResponse } from '#contract/public/search.ts';
import { QUERY_LIST_ROUTES } from '#contract/routes/query-lists.ts';
import {
  facetApplyRoute,
  facetChildrenRoute,
  facetDiffRoute,
  saveCustomSortRoute,
  SETTING_ROUTES,
} from '#contract/routes/search-config.ts';
import { offerXml, ymlDocument, startCatalogServer, paramXml } from '#tests/helpers/catalog.ts';
import { DATABASES, failure, type TestClient, type TestServer } from '#tests/helpers/server.ts';
import { buildSuggestions, computeFacetSuggestions } from '#server/feeds/reindex-jobs.ts';
import { run } from '#server/platform/db/sql.ts';
import { typoCut } from '#server/search/thresholds.ts';

const SITE = 2;

const feed = ymlDocument({
  categories: `<category id="1">Одежда</category><category id="2" parentId="1">Куртки</category>
    <category id="3" parentId="1">Шапки</category>`,
  offers: [
    offerXml({
      id: 'v1',
      category: '2',
      name: 'Куртка пуховая',
      price: '5000',
      extra: `<vendor>Nordic</vendor>${paramXml('Цвет', 'Красный')}${paramXml('Размер', '48')}`,
    }),
    offerXml({
      id: 'm1',
      category: '2',
      name: 'Куртка ветровка',
      price: '3000',
      extra: `<vendor>Alpha</vendor>${paramXml('Цвет', 'синий')}${paramXml('Размер', '52')}`,
    }),
    offerXml({
      id: 'h1',
      category: '3',
      name: 'Шапка вязаная',
      price: '900',
      extra: `<vendor>Alpha</vendor>${paramXml('Цвет', 'синий')}${paramXml('Размер', '56')}`,
    }),
    offerXml({
      id: 'h2',
      category: '3',
      name: 'Шапка зимняя',
      price: '950',
      extra: `<vendor>Alpha</vendor>${paramXml('Цвет', 'белый')}${paramXml('Размер', '58')}`,
    }),
  ].join('\n'),
});

describe('the vectors threshold as a similarity cut', () => {
  it('is 1 − the distance, never below 0', () => {
    expect(typoCut(0.4)).toBe(0.6);
    expect(typoCut(0)).toBe(1);
    expect(typoCut(1.5)).toBe(0);
  });
});

describe.each(DATABASES)('search thresholds and the autocomplete job on %s', (kind) => {
  let server: TestServer;
  let admin: TestClient;
  let apiKey: string;

  beforeAll(async () => {
    ({ server, admin, apiKey } = await startCatalogServer(kind, SITE, feed));
  }, 180_000);
  afterAll(() => server?.close());

  const query = { siteId: SITE };
  const get = async (path: string, params: Record<string, string>) => {
    const response = await server.app.inject({
      url: `${path}?${new URLSearchParams({ apiKey, ...params })}`,
    });
    return { status: response.statusCode, body: response.json() as unknown };
  };
  const search = async (params: Record<string, string>): Promise<SearchResponse> => {
    const answer = await get('/public/search', params);
    expect(answer.status, JSON.stringify(answer.body)).toBe(200);
    return searchResponse.parse(answer.body);
  };
  const ids = async (params: Record<string, string>) =>
    (await search(params)).products.map((p) => p.id).sort();
  async function thresholds(change: Partial<ApiParams['thresholds']>): Promise<void> {
    const current = (await admin.call(SETTING_ROUTES['api-params'].get, { query }))
      .value as ApiParams;
    await admin.call(SETTING_ROUTES['api-params'].save, {
      query,
      body: { ...current, thresholds: { ...current.thresholds, ...change } },
    });
  }
  const reset = () => admin.call(SETTING_ROUTES['api-params'].reset, { query });

  it('the vectors threshold decides how far a typo may be from a name', async () => {
    const typo = { st: 'курткаа', withCorrection: 'false' };
    expect(await ids(typo)).toEqual(['m1', 'v1']); // the default: pg_trgm's 0.6
    await thresholds({ vectors: 0 });
    expect(await ids(typo)).toEqual([]); // only the same trigrams
    expect(await ids({ st: 'куртка' })).toEqual(['m1', 'v1']); // full text is not cut
    await thresholds({ vectors: 1.5 });
    // Every name is a candidate: a nonsense query finds the whole catalog.
    expect(await ids({ st: 'зюзя', withCorrection: 'false' })).toEqual(['h1', 'h2', 'm1', 'v1']);
    await reset();
    expect(await ids({ st: 'зюзя', withCorrection: 'false' })).toEqual([]);
  });

  it('the ranking threshold drops products scoring below it, from the list and the facets', async () => {
    expect((await search({ st: 'куртка' })).totalHits).toBe(2);
    await thresholds({ ranking: 9.99 });
    const cut = await search({ st: 'куртка' });
    expect(cut.totalHits).toBe(0);
    expect(cut.products).toEqual([]);
    expect(cut.facets.find((f) => f.name === 'brand')).toBeUndefined();
    // A browse without words is never cut.
    expect((await search({ st: '' })).totalHits).toBe(4);
    await thresholds({ ranking: 0 });
    expect((await search({ st: 'куртка' })).totalHits).toBe(2);
    await reset();
  });

  it('the classifier threshold is the least share the predicted category needs', async () => {
    // 'alpha': m1 in Куртки, h1 and h2 in Шапки: Шапки with 2 of 3.
    const predicted = async () =>
      (await search({ st: 'alpha', useCategoryPrediction: 'true' })).categoryPrediction;
    expect(await predicted()).toMatchObject({ id: '3', confidence: 0.67 });
    await thresholds({ classifier: 0.7 });
    expect(await predicted()).toBeNull();
    await thresholds({ classifier: 0.6 });
    expect((await predicted())?.id).toBe('3');
    await reset();
  });

  it('the zero-queries threshold lets a query that found nothing answer with the nearest one', async () => {
    await run(
      server.database.db,
      sql`insert into autocomplete_suggestions (site_id, text, weight, searches, source)
          values (${SITE}, 'пуховая', 10, 10, 'query')`,
    );
    // 'пуховичок' is no name's typo (word similarity 0.5) and 0.38 similar to 'пуховая'.
    const none = { st: 'пуховичок', withCorrection: 'false' };
    expect((await search(none)).totalHits).toBe(0); // the default 0: no fallback
    await thresholds({ zeroQueries: 0.35 });
    const near = await search(none);
    expect(near.products.map((p) => p.id)).toEqual(['v1']);
    expect(near.correction).toBe('пуховая');
    // Only under the zero_queries strategy, and only when near enough.
    expect((await search({ ...none, strategy: 'advanced_xname' })).totalHits).toBe(0);
    await thresholds({ zeroQueries: 0.5 });
    expect((await search(none)).totalHits).toBe(0);
    await reset();
  });

  it('the autocomplete job applies the query lists', async () => {
    const db = server.database.db;
    await run(
      db,
      sql`insert into event_queries (site_id, query) values
            (${SITE}, 'куртка nordic'), (${SITE}, 'куртка запрет'), (${SITE}, 'шапка вязаная')`,
    );
    await run(
      db,
      sql`insert into event_daily_queries (site_id, day, query_id, mobile, desktop, app, zero_mobile, zero_desktop, zero_app)
          select ${SITE}, current_date, id, 5, 5, 0, 0, 0, 0 from event_queries where site_id = ${SITE}`,
    );
    const R = QUERY_LIST_ROUTES;
    const added = [
      await admin.call(R['black-list'].add, { query, body: { term: 'запрет', mode: 'word' } }),
      await admin.call(R['query-exclusions'].add, { query, body: { term: 'шапка вязаная' } }),
      await admin.call(R.synonyms.add, {
        query,
        body: { term: 'куртка nordic', variants: ['пуховик nordic'] },
      }),
      await admin.call(R['white-list'].add, { query, body: { term: 'ветровка' } }),
    ];
    const result = await buildSuggestions(db, SITE);
    expect(result.removed).toBe(2);
    const { rows } = await run<{ text: string; source: string }>(
      db,
      sql`select text, source from autocomplete_suggestions where site_id = ${SITE} order by text`,
    );
    const texts = rows.map((row) => row.text);
    expect(texts).toContain('куртка nordic');
    expect(texts).not.toContain('куртка запрет');
    expect(texts).not.toContain('шапка вязаная');
    expect(rows.find((row) => row.text === 'пуховик nordic')?.source).toBe('synonym');
    expect(rows.find((row) => row.text === 'ветровка')?.source).toBe('white-list');
    const ac = (await get('/public/autocomplete', { st: 'пух' })).body as {
      sts: { st: string }[];
    };
    expect(ac.sts.map((q) => q.st)).toContain('пуховик nordic');
    // Without the lists, the next run builds what shoppers searched only.
    await admin.call(R['black-list'].remove, { query, body: { ids: [added[0]!.id] } });
    await admin.call(R['query-exclusions'].remove, { query, body: { ids: [added[1]!.id] } });
    await admin.call(R.synonyms.remove, { query, body: { ids: [added[2]!.id] } });
    await admin.call(R['white-list'].remove, { query, body: { ids: [added[3]!.id] } });
    await buildSuggestions(db, SITE);
    const again = (
      await run<{ text: string }>(
        db,
        sql`select text from autocomplete_suggestions where site_id = ${SITE} and source = 'query'`,
      )
    ).rows.map((row) => row.text);
    expect(again).toEqual(expect.arrayContaining(['куртка запрет', 'шапка вязаная']));
  });

  it('facet children walk the category tree with their facet counts', async () => {
    await computeFacetSuggestions(server.database.db, SITE);
    const roots = await admin.call(facetChildrenRoute, { query });
    expect(roots).toEqual([
      expect.objectContaining({ categoryId: '1', name: 'Одежда', hasChildren: true, products: 4 }),
    ]);
    const children = await admin.call(facetChildrenRoute, { query: { ...query, categoryId: '1' } });
    expect(children.map((c) => [c.categoryId, c.products, c.hasChildren])).toEqual([
      ['2', 2, false],
      ['3', 2, false],
    ]);
    expect(children[0]!.suggested).toBeGreaterThan(0);
    const missing = await failure(
      admin.call(facetChildrenRoute, { query: { ...query, categoryId: 'nope' } }),
    );
    expect(missing.status).toBe(404);
    const client = await server.as('client');
    expect((await failure(client.call(facetChildrenRoute, { query }))).status).toBe(403);
  });

  it('facet diff names what a category has apart from its parent', async () => {
    await computeFacetSuggestions(server.database.db, SITE);
    await admin.call(facetApplyRoute, {
      query,
      body: { categoryId: '2', attribute: 'Размер', mode: 'APPLY', dataType: 'SLIDER' },
    });
    const diff = await admin.call(facetDiffRoute, { query: { ...query, categoryId: '2' } });
    expect(diff.find((d) => d.attribute === 'Размер')).toMatchObject({
      state: 'APPLY',
      parentState: 'SUGGESTED',
      change: 'STATE',
    });
    // The root has no parent: everything it has is its own.
    const root = await admin.call(facetDiffRoute, { query: { ...query, categoryId: '1' } });
    expect(root.length).toBeGreaterThan(0);
    expect(root.every((d) => d.change === 'ONLY_HERE')).toBe(true);
    const missing = await failure(
      admin.call(facetDiffRoute, { query: { ...query, categoryId: 'nope' } }),
    );
    expect(missing.status).toBe(404);
  });

  it('the answer offers the custom sorts, which order the results', async () => {
    expect((await search({ st: 'куртка' })).sorts).toBeUndefined();
    await admin.call(saveCustomSortRoute, {
      params: { id: SITE },
      body: {
        attributes: [{ attribute: 'Размер', title: 'Размер: больше', direction: 'DESC' }],
        regions: [],
      },
    });
    const answer = await search({ st: '' });
    expect(answer.sorts).toEqual([{ value: 'DESC:Размер', title: 'Размер: больше' }]);
    expect((await search({ st: '', sort: 'DESC:Размер' })).products.map((p) => p.id)).toEqual([
      'h2',
      'h1',
      'm1',
      'v1',
    ]);
    await admin.call(saveCustomSortRoute, {
      params: { id: SITE },
      body: { attributes: [], regions: [] },
    });
  });
});
