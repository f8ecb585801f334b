/**
 * Search configuration on both databases: every setting changes what /public/search and
 * /public/autocomplete answer, index settings through the rebuild, which never serves a half index.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import type { ApiParams } from '#contract/entities/search-config.ts';
import { searchResponse, type SearchResponse } from '#contract/public/search.ts';
import {
  facetApplyRoute,
  facetCalculateRoute,
  facetProgressRoute,
  facetSuggestedRoute,
  generationStartRoute,
  generationStatusRoute,
  getCustomSortRoute,
  previewRefreshRoute,
  saveCustomSortRoute,
  SETTING_ROUTES,
} from '#contract/routes/search-config.ts';
import { offerXml, ymlDocument, startCatalogServer, paramXml } from '#tests/helpers/catalog.ts';
import { DATABASES, failure, type TestClient, type TestServer } from '#tests/helpers/server.ts';
import { rebuildIndex, buildSuggestions } from '#server/feeds/reindex-jobs.ts';
import { run } from '#server/platform/db/sql.ts';

const SITE = 2;

// "nordic" is the vendor of v1 and a material of m1: the default weights put the vendor first.
const feed = ymlDocument({
  categories: `<category id="1">Одежда</category><category id="2" parentId="1">Куртки</category>
    <category id="3" parentId="1">Шапки</category>`,
  offers: [
    offerXml({
      id: 'v1',
      category: '2',
      name: 'Куртка пуховая',
      price: '5000',
      extra: `<vendor>Nordic</vendor>${paramXml('Цвет', 'Красный')}${paramXml('Вес', '900')}${paramXml('Размер', '48')}`,
    }),
    offerXml({
      id: 'm1',
      category: '2',
      name: 'Куртка ветровка',
      price: '3000',
      extra: `<vendor>Alpha</vendor>${paramXml('Материал', 'nordic')}${paramXml('Цвет', 'красный')}${paramXml('Вес', '300')}${paramXml('Размер', '52')}`,
    }),
    offerXml({
      id: 'h1',
      category: '3',
      name: 'Шапка вязаная',
      price: '900',
      extra: `<vendor>Alpha</vendor>${paramXml('Модель', 'H')}${paramXml('Цвет', 'синий')}${paramXml('Вес', '100')}${paramXml('Размер', '56')}`,
    }),
    offerXml({
      id: 'h2',
      category: '3',
      name: 'Шапка вязаная',
      price: '950',
      extra: `<vendor>Alpha</vendor>${paramXml('Модель', 'H')}${paramXml('Цвет', 'белый')}${paramXml('Вес', '120')}${paramXml('Размер', '58')}`,
    }),
  ].join('\n'),
});

describe.each(DATABASES)('search configuration on %s', (kind) => {
  let server: TestServer;
  let admin: TestClient;
  let apiKey: string;

  beforeAll(async () => {
    ({ server, admin, apiKey } = await startCatalogServer(kind, SITE, feed));
  }, 60_000);
  afterAll(() => server?.close());

  const query = { siteId: SITE };
  const get = async (path: string, params: Record<string, string | string[]>) => {
    const search = new URLSearchParams();
    for (const [name, value] of Object.entries({ apiKey, ...params }))
      for (const item of Array.isArray(value) ? value : [value]) search.append(name, item);
    const response = await server.app.inject({ url: `${path}?${search}` });
    return { status: response.statusCode, body: response.json() as unknown };
  };
  const search = async (params: Record<string, string | string[]>): Promise<SearchResponse> => {
    const answer = await get('/public/search', params);
    expect(answer.status, JSON.stringify(answer.body)).toBe(200);
    return searchResponse.parse(answer.body);
  };
  const ids = async (params: Record<string, string | string[]>) =>
    (await search(params)).products.map((p) => p.id);

  async function generate(): Promise<void> {
    const started = await admin.call(generationStartRoute, { query });
    const id = started.job!.id;
    for (let i = 0; i < 200; i++) {
      const status = await admin.call(generationStatusRoute, { query });
      if (status.job?.id === id && status.job.state === 'done') {
        expect(status.pending).toBe(false);
        return;
      }
      if (status.job?.state === 'failed') throw new Error(status.job.error ?? 'failed');
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
    throw new Error('the generation job did not finish');
  }

  it('weights change the order of results, through the generation job only', async () => {
    expect(await ids({ st: 'nordic' })).toEqual(['v1', 'm1']);
    const saved = await admin.call(SETTING_ROUTES.attributes.save, {
      query,
      body: {
        attributes: [
          { name: 'name', weight: 100 },
          { name: 'Материал', weight: 90 },
          { name: 'vendor', weight: 5 },
        ],
      },
    });
    expect(saved).toMatchObject({ custom: true, live: false, updatedBy: 'admin' });
    // Saved, not yet built: the storefront still gets the live index.
    expect(await ids({ st: 'nordic' })).toEqual(['v1', 'm1']);
    expect((await admin.call(generationStatusRoute, { query })).pending).toBe(true);
    await generate();
    expect(await ids({ st: 'nordic' })).toEqual(['m1', 'v1']);
    expect((await admin.call(SETTING_ROUTES.attributes.get, { query })).live).toBe(true);
    const { rows } = await run<{ n: number }>(
      server.database.db,
      sql`select count(*)::int as n from audit_log where entity = 'search-setting:attributes' and actor = 'admin'`,
    );
    expect(rows[0]!.n).toBeGreaterThan(0);
  });

  it('the preview shows the draft weights beside the live index', async () => {
    const preview = await admin.call(previewRefreshRoute, {
      query,
      body: {
        st: 'nordic',
        attributes: {
          attributes: [
            { name: 'name', weight: 100 },
            { name: 'vendor', weight: 90 },
          ],
        },
      },
    });
    expect(preview.live.map((p) => p.id)).toEqual(['m1', 'v1']);
    expect(preview.draft.map((p) => p.id)).toEqual(['v1']);
  });

  it('a rebuild stopped before its switch leaves the old index serving', async () => {
    await admin.call(SETTING_ROUTES.attributes.save, {
      query,
      body: {
        attributes: [
          { name: 'name', weight: 100 },
          { name: 'vendor', weight: 50 },
        ],
      },
    });
    await expect(
      rebuildIndex(server.database.db, SITE, {
        jobId: null,
        afterStage: async () => {
          // Half built and staged: the storefront still answers from the old index.
          expect(await ids({ st: 'nordic' })).toEqual(['m1', 'v1']);
          throw new Error('killed');
        },
      }),
    ).rejects.toThrow('killed');
    expect(await ids({ st: 'nordic' })).toEqual(['m1', 'v1']);
    await generate();
    expect(await ids({ st: 'nordic' })).toEqual(['v1']);
    const { rows } = await run<{ n: number }>(
      server.database.db,
      sql`select count(*)::int as n from catalog_imports where site_id = ${SITE}`,
    );
    expect(rows[0]!.n).toBe(2); // the live one and the killed build's leftover (no job row)
  });

  it('SKUs group by the configured attribute after a rebuild', async () => {
    expect((await search({ st: 'шапка' })).totalHits).toBe(2);
    await admin.call(SETTING_ROUTES.sku.save, {
      query,
      body: { type: 'ATTRIBUTE', attribute: 'Модель' },
    });
    await generate();
    const grouped = await search({ st: 'шапка', withSku: 'true' });
    expect(grouped.totalHits).toBe(1);
    expect(grouped.products[0]!.skus!.map((s) => s.id).sort()).toEqual(['h1', 'h2']);
    const refused = await failure(
      admin.call(SETTING_ROUTES.sku.save, { query, body: { type: 'ATTRIBUTE', attribute: null } }),
    );
    expect(refused.status).toBe(400);
    expect((await admin.call(SETTING_ROUTES.sku.get, { query })).value).toEqual({
      type: 'ATTRIBUTE',
      attribute: 'Модель',
    });
  });

  it('response attributes are what the answer carries, also in a short answer', async () => {
    await admin.call(SETTING_ROUTES.responseAttributes.save, {
      query,
      body: { attributes: ['Вес'] },
    });
    const answer = await search({ st: 'куртка', fullData: 'false' });
    for (const product of answer.products) expect(Object.keys(product.attributes)).toEqual(['вес']);
    await admin.call(SETTING_ROUTES.responseAttributes.reset, { query });
    expect((await search({ st: 'куртка', fullData: 'false' })).products[0]!.attributes).toEqual({});
  });

  it('a facet applied to a category appears there only, with its data type', async () => {
    const before = await search({ st: '' });
    expect(before.facets.some((f) => f.name === 'Размер')).toBe(true);
    await admin.call(facetApplyRoute, {
      query,
      body: { categoryId: '2', attribute: 'Размер', mode: 'APPLY', dataType: 'SLIDER' },
    });
    const inCategory = await search({ st: '', filter: 'categoryId:2' });
    const slider = inCategory.facets.find((f) => f.name === 'Размер');
    expect(slider).toMatchObject({
      dataType: 'SLIDER',
      values: [
        { id: 'min', value: 48 },
        { id: 'max', value: 52 },
      ],
    });
    // Exactly the applied ones there: Цвет is not applied to category 2.
    expect(inCategory.facets.some((f) => f.name === 'Цвет')).toBe(false);
    expect((await search({ st: '' })).facets.some((f) => f.name === 'Размер')).toBe(false);
    expect(
      (await search({ st: '', filter: 'categoryId:3' })).facets.some((f) => f.name === 'Размер'),
    ).toBe(false);
    const bad = await failure(
      admin.call(facetApplyRoute, {
        query,
        body: { categoryId: '2', attribute: 'Цвет', mode: 'MAYBE' as 'APPLY' },
      }),
    );
    expect(bad.status).toBe(400);
  });

  it('the facet job suggests attributes per category from the catalog', async () => {
    await admin.call(facetCalculateRoute, { query });
    for (let i = 0; i < 100; i++) {
      const progress = await admin.call(facetProgressRoute, { query });
      if (progress.job?.state === 'done') break;
      if (progress.job?.state === 'failed') throw new Error(progress.job.error ?? 'failed');
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
    const suggested = await admin.call(facetSuggestedRoute, {
      query: { ...query, categoryId: '3' },
    });
    const colour = suggested.find((s) => s.attribute === 'Цвет');
    expect(colour).toMatchObject({ state: 'SUGGESTED', distinctValues: 2, coverage: 1 });
    // The applied one keeps its state through a recalculation.
    const two = await admin.call(facetSuggestedRoute, { query: { ...query, categoryId: '2' } });
    expect(two.find((s) => s.attribute === 'Размер')).toMatchObject({
      state: 'APPLY',
      dataType: 'SLIDER',
    });
  });

  it('a custom sort orders by its attribute; an unconfigured one is refused', async () => {
    await admin.call(saveCustomSortRoute, {
      params: { id: SITE },
      body: { attributes: [{ attribute: 'Вес', title: 'Лёгкие', direction: 'ASC' }], regions: [] },
    });
    const sorted = await search({ st: 'куртка', sort: 'ASC:Вес' });
    expect(sorted.products.map((p) => p.id)).toEqual(['m1', 'v1']);
    expect(sorted.sorts).toEqual([{ value: 'ASC:Вес', title: 'Лёгкие' }]);
    expect((await get('/public/search', { st: 'куртка', sort: 'DESC:Вес' })).status).toBe(400);
  });

  it('refuses more than 250 regional sort combinations, nothing changed', async () => {
    const attributes = Array.from({ length: 26 }, (_, i) => ({
      attribute: `a${i}`,
      title: `A${i}`,
      direction: 'ASC' as const,
    }));
    const regions = Array.from({ length: 10 }, (_, i) => `r${i}`);
    const refused = await failure(
      admin.call(saveCustomSortRoute, { params: { id: SITE }, body: { attributes, regions } }),
    );
    expect(refused.status).toBe(400);
    expect(JSON.stringify(refused.body)).toContain('250');
    expect(
      (await admin.call(getCustomSortRoute, { params: { id: SITE } })).attributes,
    ).toHaveLength(1);
    // 25 × 10 is the limit itself.
    await admin.call(saveCustomSortRoute, {
      params: { id: SITE },
      body: { attributes: attributes.slice(0, 25), regions },
    });
  });

  it('API parameter defaults apply when a call does not say; ranges enforced', async () => {
    const current = (await admin.call(SETTING_ROUTES['api-params'].get, { query }))
      .value as ApiParams;
    await admin.call(SETTING_ROUTES['api-params'].save, {
      query,
      body: { ...current, size: 1, autocompleteContentQuantity: 1 },
    });
    expect((await search({ st: 'куртка' })).products).toHaveLength(1);
    expect((await search({ st: 'куртка', size: '5' })).products).toHaveLength(2);
    const ac = await get('/public/autocomplete', { st: 'ку' });
    expect((ac.body as { categories: unknown[] }).categories.length).toBeLessThanOrEqual(1);
    const bad = [
      { autocompleteContentQuantity: 0 },
      { autocompleteContentQuantity: 51 },
      { thresholds: { vectors: 2.01, zeroQueries: 0, ranking: 0, classifier: 0 } },
      { thresholds: { vectors: -0.01, zeroQueries: 0, ranking: 0, classifier: 0 } },
      { thresholds: { vectors: 1, zeroQueries: 1.5, ranking: 0, classifier: 0 } },
      { thresholds: { vectors: 1, zeroQueries: 0, ranking: 10, classifier: 0 } },
      { thresholds: { vectors: 1, zeroQueries: 0, ranking: 0, classifier: -10 } },
    ];
    for (const change of bad) {
      const refused = await failure(
        admin.call(SETTING_ROUTES['api-params'].save, {
          query,
          body: { ...current, ...change },
        }),
      );
      expect(refused.status, JSON.stringify(change)).toBe(400);
    }
    expect(
      ((await admin.call(SETTING_ROUTES['api-params'].get, { query })).value as { size: number })
        .size,
    ).toBe(1);
    await admin.call(SETTING_ROUTES['api-params'].reset, { query });
  });

  it('the autocomplete job builds suggestions from searches, without zero-result ones', async () => {
    const db = server.database.db;
    await run(
      db,
      sql`insert into event_queries (site_id, query) values (${SITE}, 'куртка nordic'), (${SITE}, 'куртка zzz')`,
    );
    await run(
      db,
      sql`insert into event_daily_queries (site_id, day, query_id, mobile, desktop, app, zero_mobile, zero_desktop, zero_app)
          select ${SITE}, current_date, id, 5, 5, 0, case when query = 'куртка zzz' then 5 else 0 end,
            case when query = 'куртка zzz' then 5 else 0 end, 0
          from event_queries where site_id = ${SITE}`,
    );
    await buildSuggestions(db, SITE);
    const answer = (await get('/public/autocomplete', { st: 'курт' })).body as {
      sts: { st: string; amount: number }[];
    };
    expect(answer.sts[0]!.st).toBe('куртка nordic');
    expect(answer.sts.some((q) => q.st === 'куртка zzz')).toBe(false);
  });

  it('roles guard the writes', async () => {
    const client = await server.as('client');
    const refused = await failure(
      client.call(SETTING_ROUTES.attributes.save, {
        query,
        body: { attributes: [{ name: 'name', weight: 1 }] },
      }),
    );
    expect(refused.status).toBe(403);
    expect((await failure(client.call(generationStartRoute, { query }))).status).toBe(403);
  });
});
