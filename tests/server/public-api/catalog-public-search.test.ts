import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type SearchResponse } from '#contract/public/search.ts';
import { DATABASES, type TestServer } from '#tests/helpers/server.ts';
import { publicCalls, startCatalogServer } from './catalog-public-fixtures.ts';

describe.each(DATABASES)('public storefront API on %s', (kind) => {
  let server: TestServer;
  let apiKey: string;
  let emptyKey: string;

  beforeAll(async () => {
    ({ server, apiKey, emptyKey } = await startCatalogServer(kind));
  });
  afterAll(() => server.close());

  const { get, search } = publicCalls(() => ({ server, apiKey }));

  it('finds with Russian stemming and prefixes, tolerates typos, corrects when little is found', async () => {
    const stem = await search({ st: 'куртки' });
    expect(stem.totalHits).toBeGreaterThan(0);
    expect(
      stem.products.every((p) => /куртк/i.test(p.name + p.categories.map((c) => c.name).join(' '))),
    ).toBe(true);
    expect((await search({ st: 'курт' })).totalHits).toBe(stem.totalHits);
    const typo = await search({ st: 'кросовки' });
    expect(typo.totalHits).toBeGreaterThan(0);
    expect(typo.products[0]!.name).toMatch(/Кроссовки/);
    const corrected = await search({ st: 'плотье зелёное' });
    expect(corrected.correction).toMatch(/^платье/);
    expect(corrected.totalHits).toBeGreaterThan(0);
    // A fallback answer: products, but not of the query as typed.
    expect(corrected.zeroQueries).toBe(true);
    expect(typo).toMatchObject({ correction: 'кросовки', zeroQueries: false });
    expect((await search({ st: 'плотье зелёное', withCorrection: 'false' })).correction).toBe(
      'плотье зеленое',
    );
    expect(await search({ st: 'zzzzqqq' })).toMatchObject({ totalHits: 0, zeroQueries: true });
  });

  it('filters by brand, category subtree, price range, params and availability; several values OR-ed', async () => {
    const all = await search({ size: '0' });
    const kari = await search({ filter: 'brand:Kari' });
    expect(kari.totalHits).toBeGreaterThan(0);
    expect(kari.products.every((p) => p.brand === 'Kari')).toBe(true);
    const two = await search({ filter: ['brand:Kari', 'brand:Sela'], size: '0' });
    expect(two.totalHits).toBeGreaterThan(kari.totalHits);
    const women = await search({ filter: 'categoryId:1', size: '100' });
    expect(women.totalHits).toBeGreaterThan(0);
    expect(women.totalHits).toBeLessThan(all.totalHits);
    expect(women.products.every((p) => p.categories[0]!.id === '1')).toBe(true);
    const cheap = await search({ filter: 'price:1000..2000', size: '100' });
    expect(cheap.products.every((p) => Number(p.price) >= 1000 && Number(p.price) <= 2000)).toBe(
      true,
    );
    const sized = await search({ filter: 'Размер:XXS', size: '100' });
    expect(sized.products.every((p) => p.attributes['размер']?.includes('XXS'))).toBe(true);
    const gone = await search({ filter: 'available:false', size: '100' });
    expect(gone.totalHits).toBeGreaterThan(0);
    expect(gone.products.every((p) => !p.available)).toBe(true);
    const hidden = await search({ showUnavailable: 'false', size: '200' });
    expect(hidden.products.every((p) => p.available)).toBe(true);
    expect(hidden.totalHits).toBe(all.totalHits - gone.totalHits);
  });

  it("answers a real AnyQuery client's full request: empty regionId, size 0 and 500, filters with ;, extras ignored", async () => {
    // The parameters an app in the field sends with every search (issue text: AnyQuery clients).
    const client = {
      st: 'платье',
      strategy: 'advanced_xname,zero_queries',
      fullData: 'true',
      withCorrection: 'true',
      withFacets: 'true',
      treeFacets: 'false',
      withSku: 'false',
      useCategoryPrediction: 'false',
      useCompletion: 'true',
      regionId: '',
      showUnavailable: 'true',
      unavailableMultiplier: '0.2',
      preview: 'false',
      sort: 'DEFAULT',
      searchConfiguration: 'default',
      lang: 'ru',
      shuffle: 'false',
      appVersion: '5.12.0',
    };
    const page = await search({ ...client, size: '500', offset: '0' });
    expect(page.totalHits).toBeGreaterThan(0);
    expect(page.products).toHaveLength(Math.min(page.totalHits, 500));
    const count = await search({ ...client, size: '0' });
    expect(count).toMatchObject({ totalHits: page.totalHits, products: [] });

    // The wire format, decoded strictly (searchResponse.parse above checks the types too).
    expect(page).toMatchObject({ query: 'платье', correction: 'платье', zeroQueries: false });
    expect(page.selectedFacets).toEqual([]);
    for (const product of page.products) {
      expect(product.id).toEqual(expect.any(String));
      expect(product.price).toMatch(/^\d+\.\d+$/);
      if (product.oldPrice !== undefined) expect(product.oldPrice).toMatch(/^\d+\.\d+$/);
      expect(product.image_url).toBe(product.image_urls[0] ?? '');
      expect(product.link_url).toMatch(/^https?:\/\//);
      for (const [name, values] of Object.entries(product.attributes)) {
        expect(name).toBe(name.toLowerCase());
        expect(values.every((value) => typeof value === 'string')).toBe(true);
      }
      expect(product.categories.filter((c) => c.direct).map((c) => c.id)).toEqual([
        product.categoryId,
      ]);
    }
    const priceFacet = page.facets.find((f) => f.name === 'price')!;
    expect(priceFacet.values.map((v) => v.id)).toEqual(['min', 'max']);
    const prices = page.products.map((p) => Number(p.price));
    expect(priceFacet.values[0]!.value).toBeLessThanOrEqual(Math.min(...prices));
    expect(priceFacet.values[1]!.value).toBeGreaterThanOrEqual(Math.max(...prices));

    const kari = await search({ ...client, size: '0', filter: 'brand:Kari' });
    const sela = await search({ ...client, size: '0', filter: 'brand:Sela' });
    const either = await search({ ...client, size: '500', filter: 'brand:Kari;Sela' });
    expect(either.totalHits).toBe(kari.totalHits + sela.totalHits);
    expect(either.products.every((p) => p.brand === 'Kari' || p.brand === 'Sela')).toBe(true);
    const brands = either.facets.find((f) => f.name === 'brand')!;
    expect(brands.dataType).toBe('DISTINCT');
    expect(
      brands.values
        .filter((v) => v.selected)
        .map((v) => v.id)
        .sort(),
    ).toEqual(['Kari', 'Sela']);

    const priced = await search({ ...client, size: '500', filter: 'price:1000;3000' });
    expect(priced.selectedFacets).toEqual([{ name: 'price', values: ['1000;3000'] }]);
    expect(priced.facets.find((f) => f.name === 'price')).toMatchObject({
      selectedMin: 1000,
      selectedMax: 3000,
    });
    expect(either.selectedFacets).toEqual([{ name: 'brand', values: ['Kari', 'Sela'] }]);
    expect(priced.totalHits).toBeGreaterThan(0);
    expect(priced.products.every((p) => Number(p.price) >= 1000 && Number(p.price) <= 3000)).toBe(
      true,
    );
    expect(priced.totalHits).toBe(
      (await search({ ...client, size: '0', filter: 'price:1000..3000' })).totalHits,
    );
    const women = await search({ ...client, size: '0', filter: 'categories:1' });
    expect(women.totalHits).toBe(
      (await search({ ...client, size: '0', filter: 'categoryId:1' })).totalHits,
    );

    // A known parameter with a bad value is still refused, by name.
    const bad = await get('/public/search', { ...client, size: '501' });
    expect(bad.status).toBe(400);
    expect(bad.body.message).toMatch(/size/);
    const autocomplete = await get('/public/autocomplete', {
      st: 'пла',
      regionId: '',
      shuffle: 'true',
      fullData: 'true',
      appVersion: '5.12.0',
    });
    expect(autocomplete.status).toBe(200);
  });

  it('answers facets with counts that honour the other filters', async () => {
    const plain = await search({ st: 'платье', treeFacets: 'true' });
    const names = plain.facets.map((f) => f.name);
    expect(names).toEqual(
      expect.arrayContaining(['categoryId', 'brand', 'price', 'available', 'Размер', 'Цвет']),
    );
    const tree = plain.facets.find((f) => f.name === 'categoryId')!;
    expect(tree.dataType).toBe('TREE');
    expect(tree.values[0]!.children![0]!.children!.length).toBeGreaterThan(0);
    const flat = (await search({ st: 'платье' })).facets.find((f) => f.name === 'categoryId')!;
    expect(flat.dataType).toBe('CATEGORY');
    expect(flat.values.every((v) => v.children === undefined)).toBe(true);
    const sizes = plain.facets.find((f) => f.name === 'Размер')!;
    expect(sizes.dataType).toBe('DISTINCT');
    expect(sizes.values.map((v) => v.id)).toEqual(
      ['XXS', 'XS', 'S', 'M', 'L', 'XL', 'XXL', '3XL'].filter((s) =>
        sizes.values.some((v) => v.id === s),
      ),
    );
    const brandFacet = (r: SearchResponse) => r.facets.find((f) => f.name === 'brand')!;
    const filtered = await search({ st: 'платье', filter: 'brand:Kari' });
    // The brand facet ignores the brand filter itself, the others do not.
    expect(brandFacet(filtered)).toEqual({
      ...brandFacet(plain),
      values: brandFacet(plain).values.map((v) => ({ ...v, selected: v.id === 'Kari' })),
    });
    // The price facet: its bounds, as apps draw a slider from them.
    const price = filtered.facets.find((f) => f.name === 'price')!;
    expect(price.dataType).toBe('SLIDER');
    expect(price.values.map((v) => v.id)).toEqual(['min', 'max']);
    const prices = (
      await search({ st: 'платье', filter: 'brand:Kari', size: '500', showUnavailable: 'true' })
    ).products.map((p) => Number(p.price));
    expect(price.values[0]!.value).toBe(Math.floor(Math.min(...prices)));
    expect(price.values[1]!.value).toBe(Math.ceil(Math.max(...prices)));
    expect((await search({ st: 'платье', withFacets: 'false' })).facets).toEqual([]);
  });

  it('sorts by price and popularity and pages without overlap', async () => {
    const asc = await search({ sort: 'PRICE_ASC', showUnavailable: 'false', size: '50' });
    const prices = asc.products.map((p) => Number(p.price));
    expect(prices).toEqual([...prices].sort((a, b) => a - b));
    const desc = await search({ sort: 'PRICE_DESC', showUnavailable: 'false', size: '50' });
    expect(Number(desc.products[0]!.price)).toBeGreaterThanOrEqual(
      Number(desc.products.at(-1)!.price),
    );
    await search({ sort: 'POPULARITY' });
    const first = await search({ st: 'футболка', size: '5', offset: '0' });
    const second = await search({ st: 'футболка', size: '5', offset: '5' });
    expect(second).toMatchObject({ offset: 5, size: 5, totalHits: first.totalHits });
    const ids = new Set(first.products.map((p) => p.id));
    expect(second.products.some((p) => ids.has(p.id))).toBe(false);
  });

  it('ranks unavailable products by unavailableMultiplier', async () => {
    const zero = await search({ unavailableMultiplier: '0', size: '200' });
    const firstUnavailable = zero.products.findIndex((p) => !p.available);
    expect(firstUnavailable).toBeGreaterThan(0);
    expect(zero.products.slice(firstUnavailable).every((p) => !p.available)).toBe(true);
  });

  it('answers lean products, SKUs in size order, category prediction; accepts the preview parameters', async () => {
    const lean = await search({ st: 'джинсы', fullData: 'false', size: '3' });
    expect(
      lean.products.every(
        (p) => p.description === undefined && Object.keys(p.attributes).length === 0,
      ),
    ).toBe(true);
    expect(lean.products[0]!.skus).toBeUndefined();
    const withSku = await search({ st: 'джинсы', withSku: 'true', size: '3' });
    const skus = withSku.products[0]!.skus!;
    expect(skus.length).toBeGreaterThan(1);
    expect(Object.keys(skus[0]!.attributes)).toEqual(['размер']);
    const predicted = await search({ st: 'кроссовки', useCategoryPrediction: 'true' });
    expect(predicted.categoryPrediction).toMatchObject({ name: 'Кроссовки' });
    expect((await search({ st: 'кроссовки' })).categoryPrediction).toBeNull();
    await search({
      st: 'кроссовки',
      regionId: 'moscow',
      strategy: 'advanced_xname',
      preview: 'true',
    });
  });

  it('answers 400 for garbage parameters and 401 for an unknown apiKey; CORS is open', async () => {
    const garbage: Record<string, string>[] = [
      { size: 'abc' },
      { offset: '-1' },
      { sort: 'CHEAPEST' },
      { filter: 'nocolon' },
      { size: '501' },
      { regionId: 'x'.repeat(65) },
      { withSku: 'maybe' },
      { unavailableMultiplier: '2' },
    ];
    for (const params of garbage) {
      const answer = await get('/public/search', params);
      expect(answer.status, JSON.stringify(params)).toBe(400);
      expect(answer.body.message).toMatch(/Invalid/);
    }
    const unknown = await get('/public/search', { apiKey: 'nope' });
    expect(unknown).toMatchObject({ status: 401, body: { message: 'Unknown apiKey' } });
    expect(
      (await get('/public/search', { st: 'платье' })).headers['access-control-allow-origin'],
    ).toBe('*');
    const preflight = await server.app.inject({
      method: 'OPTIONS',
      url: '/public/tracking/widget',
      headers: {
        origin: 'https://shop.example.ru',
        'access-control-request-method': 'POST',
        'access-control-request-headers': 'content-type',
      },
    });
    expect(preflight.statusCode).toBe(204);
    expect(preflight.headers['access-control-allow-origin']).toBe('*');
    // The console API stays without CORS.
    const console = await server.app.inject({
      url: '/api/me',
      headers: { origin: 'https://evil.example' },
    });
    expect(console.headers['access-control-allow-origin']).toBeUndefined();
    // A site without a catalog answers empty.
    expect((await search({ apiKey: emptyKey, st: 'платье' })).totalHits).toBe(0);
  });
});
