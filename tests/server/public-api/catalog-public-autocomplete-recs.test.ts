import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { autocompleteResponse } from '#contract/public/autocomplete.ts';
import { recommendationsResponse } from '#contract/public/recommendations.ts';
import { searchResponse } from '#contract/public/search.ts';
import { widgetEvents } from '#server/platform/db/schema.ts';
import { seedDemoContent } from '#server/demo/content.ts';
import { DATABASES, type TestServer } from '#tests/helpers/server.ts';
import { publicCalls, startCatalogServer } from './catalog-public-fixtures.ts';

describe.each(DATABASES)('public storefront API on %s', (kind) => {
  let server: TestServer;
  let apiKey: string;

  beforeAll(async () => {
    ({ server, apiKey } = await startCatalogServer(kind));
  });
  afterAll(() => server.close());

  const { get } = publicCalls(() => ({ server, apiKey }));

  it('autocompletes: queries, products (productsSize), categories, brands, taps', async () => {
    const answer = await get('/public/autocomplete', { st: 'кро', productsSize: '3' });
    expect(answer.status).toBe(200);
    const body = autocompleteResponse.parse(answer.body);
    expect(body.sts[0]!.st).toBe('кроссовки');
    expect(body.products).toHaveLength(3);
    expect(body.categories[0]).toMatchObject({
      name: 'Кроссовки',
      path: [expect.any(String), 'Обувь'],
    });
    expect(body.brands.length).toBeGreaterThan(0);
    const taps = autocompleteResponse.parse(
      (await get('/public/autocomplete', { st: 'платье' })).body,
    ).taps;
    expect(taps.length).toBeGreaterThan(0);
    expect(taps[0]!.relatedSearch).toMatch(/^платье \S+$/);
    const zero = autocompleteResponse.parse((await get('/public/autocomplete', {})).body);
    expect(zero.sts.length).toBeGreaterThan(0);
    expect(zero.products).toHaveLength(20);
    const sku = autocompleteResponse.parse(
      (
        await get('/public/autocomplete', {
          st: 'джинсы',
          withSku: 'true',
          productsSize: '1',
          showUnavailable: 'false',
          unavailableMultiplier: '0.5',
          forIs: 'true',
          withContent: 'true',
          regionId: 'global',
        })
      ).body,
    );
    expect(sku.products[0]!.skus).toBeDefined();
    expect((await get('/public/autocomplete', { productsSize: '100' })).status).toBe(400);
  });

  it('answers the content pages matching the typed words, as many as contentsSize', async () => {
    await seedDemoContent(server.database.db, 1);
    const contents = async (params: Record<string, string>) =>
      autocompleteResponse
        .parse((await get('/public/autocomplete', { st: 'выбрать', ...params })).body)
        .contents.map((page) => page.title);
    expect(await contents({})).toEqual([]);
    const all = await contents({ withContent: 'true' });
    expect(all).toEqual(expect.arrayContaining(['Как выбрать кроссовки', 'Таблица размеров']));
    expect(await contents({ withContent: 'true', contentsSize: '1' })).toEqual([all[0]]);
    expect(
      (await get('/public/autocomplete', { withContent: 'true', contentsSize: '51' })).status,
    ).toBe(400);
  });

  it('finds a product by a full article typed into autocomplete: its offer id or vendorCode, first', async () => {
    const skus = searchResponse.parse(
      (await get('/public/search', { st: 'джинсы', withSku: 'true', size: '1' })).body,
    ).products[0]!;
    const sku = skus.skus!.at(-1)!;
    expect(sku.id).not.toBe(skus.id);
    const ac = (params: Record<string, string>) =>
      get('/public/autocomplete', params).then((answer) => autocompleteResponse.parse(answer.body));
    // An offer id (a size of a grouped product): its product comes first.
    expect((await ac({ st: sku.id, productsSize: '5' })).products[0]!.id).toBe(skus.id);
    // The vendorCode, in another case.
    const byCode = await ac({ st: skus.vendorCode!.toLowerCase(), productsSize: '5' });
    expect(byCode.products[0]!.id).toBe(skus.id);
    expect(byCode.products[0]!.vendorCode).toBe(skus.vendorCode);
    // A word that is no article answers as before; productsSize still bounds the list.
    expect((await ac({ st: skus.id, productsSize: '1' })).products.map((p) => p.id)).toEqual([
      skus.id,
    ]);
    expect((await ac({ st: 'VC-nothing', productsSize: '3' })).products).toHaveLength(0);
  });

  it('recommends popular, same-category and similar-price products', async () => {
    const raw = (await get('/public/recommendations', { size: '10', blockId: 'b1' })).body;
    // The count under search's name (the wire format's `totalHits`), no Vitrina-only `total`.
    expect(raw).not.toHaveProperty('total');
    const popular = recommendationsResponse.parse(raw);
    expect(popular.totalHits).toBeGreaterThan(10);
    expect(popular).toMatchObject({ strategy: 'popular', blockId: 'b1' });
    expect(popular.products).toHaveLength(10);
    expect(popular.products.every((p) => p.available)).toBe(true);
    const target = popular.products[0]!;
    const same = recommendationsResponse.parse(
      (
        await get('/public/recommendations', {
          strategy: 'same_category',
          productId: target.id,
          withSku: 'true',
        })
      ).body,
    );
    expect(same.products.length).toBeGreaterThan(0);
    expect(
      same.products.every((p) => p.categoryId === target.categoryId && p.id !== target.id),
    ).toBe(true);
    const similar = recommendationsResponse.parse(
      (
        await get('/public/recommendations', {
          strategy: 'similar_price',
          productId: target.id,
          showUnavailable: 'true',
          size: '5',
          offset: '1',
        })
      ).body,
    );
    expect(
      similar.products.every(
        (p) => Math.abs(Number(p.price) - Number(target.price)) <= Number(target.price) * 0.3 + 1,
      ),
    ).toBe(true);
    const inCategory = recommendationsResponse.parse(
      (await get('/public/recommendations', { categoryId: '15' })).body,
    );
    expect(inCategory.products.every((p) => p.categories[0]!.id === '15')).toBe(true);
    expect((await get('/public/recommendations', { strategy: 'same_category' })).status).toBe(400);
    expect(
      (await get('/public/recommendations', { strategy: 'same_category', productId: 'none' }))
        .status,
    ).toBe(404);
    expect((await get('/public/recommendations', { strategy: 'magic' })).status).toBe(400);
  });

  it('documents the answers in OpenAPI under the wire names', async () => {
    const response = await server.app.inject({ url: '/api/docs/json' });
    expect(response.statusCode).toBe(200);
    type Schema = { properties?: Record<string, unknown> };
    const document = response.json() as {
      paths: Record<string, { get?: { responses?: Record<string, { content?: unknown }> } }>;
    };
    const answer = (path: string): string[] => {
      const entry = Object.entries(document.paths).find(([key]) => key.endsWith(path));
      expect(entry, `${path} in ${Object.keys(document.paths).join(', ')}`).toBeDefined();
      const content = entry![1].get!.responses!['200']!.content as Record<
        string,
        { schema: Schema }
      >;
      return Object.keys(Object.values(content)[0]!.schema.properties ?? {});
    };
    const recommendations = answer('/public/recommendations');
    expect(recommendations).toContain('totalHits');
    expect(recommendations).not.toContain('total');
    const search = answer('/public/search');
    expect(search).toEqual(expect.arrayContaining(['totalHits', 'zeroQueries', 'contents']));
    expect(search).not.toContain('content');
    expect(answer('/public/autocomplete')).toContain('contents');
  });

  it('stores WIDGET_VIEW and WIDGET_CLICK events', async () => {
    const base = {
      widgetType: 'recommendations',
      viewGUID: 'view-1',
      sessionId: 's-1',
      referer: '',
      location: 'https://shop.example.ru/',
      apiKey,
      pageProducts: ['1', '2'],
      mvtGroups: [],
      strategy: 'popular',
      userGUID: 'u-1',
    };
    const post = (payload: unknown) =>
      server.app.inject({
        method: 'POST',
        url: '/public/tracking/widget',
        payload: payload as object,
        headers: { origin: 'https://shop.example.ru' },
      });
    expect((await post({ eventType: 'WIDGET_VIEW', ...base })).statusCode).toBe(204);
    const click = await post({ eventType: 'WIDGET_CLICK', ...base, productId: '2', position: 1 });
    expect(click.statusCode).toBe(204);
    expect(click.headers['access-control-allow-origin']).toBe('*');
    expect((await post({ eventType: 'WIDGET_CLICK', ...base })).statusCode).toBe(400);
    expect((await post({ eventType: 'WIDGET_VIEW', ...base, apiKey: 'nope' })).statusCode).toBe(
      401,
    );
    const rows = await server.database.db
      .select()
      .from(widgetEvents)
      .where(eq(widgetEvents.siteId, 1));
    expect(rows.map((r) => [r.eventType, r.productId, r.position, r.pageNumber])).toEqual([
      ['WIDGET_VIEW', null, null, 1],
      ['WIDGET_CLICK', '2', 1, 1],
    ]);
  });
});
