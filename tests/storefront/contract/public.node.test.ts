import { describe, expect, it } from 'vitest';
import { autocompleteParams, autocompleteResponse } from '#contract/public/autocomplete.ts';
import {
  recommendationsParams,
  recommendationsResponse,
} from '#contract/public/recommendations.ts';
import {
  facet,
  filterList,
  parseSearchFilter,
  searchParams,
  searchResponse,
  type FacetValue,
} from '#contract/public/search.ts';
import { widgetEvent } from '#contract/public/tracking.ts';
import { toAttributes, toDecimalString } from '#contract/public/product.ts';
import { createMemorySource } from '#storefront/fixtures/memory-source.ts';

describe('contract/public search params', () => {
  it('reads a preview-window query string with the spec defaults', () => {
    const parsed = searchParams.parse({ st: 'кроссовки', apiKey: 'demo' });
    expect(parsed).toMatchObject({
      st: 'кроссовки',
      regionId: 'global',
      size: 20,
      offset: 0,
      sort: 'DEFAULT',
      unavailableMultiplier: 0.2,
      withFacets: true,
      preview: false,
    });
  });

  it('coerces query-string numbers and booleans', () => {
    const parsed = searchParams.parse({
      apiKey: 'k',
      size: '40',
      offset: '40',
      withSku: 'true',
      showUnavailable: 'false',
      filter: 'brand:Nike',
    });
    expect(parsed).toMatchObject({ size: 40, offset: 40, withSku: true, showUnavailable: false });
    expect(filterList(parsed.filter)).toEqual(['brand:Nike']);
  });

  it('refuses garbage parameters', () => {
    expect(searchParams.safeParse({ apiKey: 'k', size: 'many' }).success).toBe(false);
    expect(searchParams.safeParse({ apiKey: 'k', sort: 'RANDOM' }).success).toBe(false);
    expect(searchParams.safeParse({ apiKey: 'k', withSku: 'perhaps' }).success).toBe(false);
    expect(searchParams.safeParse({ apiKey: 'k', size: '501' }).success).toBe(false);
    expect(searchParams.safeParse({ apiKey: 'k', filter: 'nocolon' }).success).toBe(false);
    expect(searchParams.safeParse({ st: 'x' }).success).toBe(false);
  });

  it('ignores parameters it does not know, as real clients send them; reads an empty regionId as global', () => {
    const parsed = searchParams.parse({
      apiKey: 'k',
      st: 'платье',
      regionId: '',
      size: '500',
      shuffle: 'true',
      useCompletion: 'true',
      searchConfiguration: 'main',
      lang: 'ru',
    });
    expect(parsed).toMatchObject({ regionId: 'global', size: 500 });
    expect(parsed).not.toHaveProperty('shuffle');
    expect(searchParams.parse({ apiKey: 'k', size: '0' }).size).toBe(0);
  });

  it('parses value and range filters', () => {
    expect(parseSearchFilter('brand:Nike')).toEqual([
      { facet: 'brand', kind: 'value', value: 'Nike' },
    ]);
    expect(parseSearchFilter('url:http://x')).toEqual([
      { facet: 'url', kind: 'value', value: 'http://x' },
    ]);
    expect(parseSearchFilter('price:1000..5000')).toEqual([
      { facet: 'price', kind: 'range', min: 1000, max: 5000 },
    ]);
    expect(parseSearchFilter('price:..999')).toEqual([
      { facet: 'price', kind: 'range', min: null, max: 999 },
    ]);
    expect(parseSearchFilter('Размер:..')).toEqual([
      { facet: 'Размер', kind: 'value', value: '..' },
    ]);
    expect(parseSearchFilter(':x')).toBeNull();
  });

  it("parses AnyQuery's filters: values OR-ed with ;, the price range min;max, categories", () => {
    expect(parseSearchFilter('brand:Nike;Adidas')).toEqual([
      { facet: 'brand', kind: 'value', value: 'Nike;Adidas' },
      { facet: 'brand', kind: 'value', value: 'Nike' },
      { facet: 'brand', kind: 'value', value: 'Adidas' },
    ]);
    expect(parseSearchFilter('price:1000;5000')).toEqual([
      { facet: 'price', kind: 'range', min: 1000, max: 5000 },
    ]);
    expect(parseSearchFilter('price:1499,5;')).toEqual([
      { facet: 'price', kind: 'range', min: 1499.5, max: null },
    ]);
    expect(parseSearchFilter('price:;')).toBeNull();
    expect(parseSearchFilter('categories:12;14')).toEqual([
      { facet: 'categoryId', kind: 'value', value: '12;14' },
      { facet: 'categoryId', kind: 'value', value: '12' },
      { facet: 'categoryId', kind: 'value', value: '14' },
    ]);
  });

  it('accepts a nested category tree facet', () => {
    const tree: FacetValue[] = [
      {
        id: '1',
        name: 'Одежда',
        value: 3,
        selected: false,
        open: true,
        children: [{ id: '2', name: 'Куртки', value: 3, selected: true }],
      },
    ];
    const parsed = facet.parse({
      name: 'categoryId',
      dataType: 'TREE',
      title: 'Категория',
      unit: null,
      values: tree,
    });
    expect(parsed.dataType).toBe('TREE');
    expect(parsed.values[0]?.children?.[0]).toEqual(tree[0]?.children?.[0]);
  });
});

describe('contract/public other calls', () => {
  it('autocomplete defaults productsSize to 20 and unavailableMultiplier to 0.2', () => {
    expect(autocompleteParams.parse({ apiKey: 'k', st: 'кур' })).toMatchObject({
      productsSize: 20,
      unavailableMultiplier: 0.2,
      regionId: 'global',
    });
  });

  it('recommendations default to popular and take a strategy hash or model name', () => {
    expect(recommendationsParams.parse({ apiKey: 'k' }).strategy).toBe('popular');
    expect(recommendationsParams.parse({ apiKey: 'k', strategy: 'co_viewed' }).strategy).toBe(
      'co_viewed',
    );
    expect(
      recommendationsParams.safeParse({ apiKey: 'k', strategy: 'no such/thing' }).success,
    ).toBe(false);
  });

  it('a widget click carries productId and position, a view does not', () => {
    const base = {
      widgetType: 'SLIDER',
      viewGUID: 'v1',
      sessionId: 's1',
      referer: '',
      location: 'https://shop.example/',
      apiKey: 'k',
      pageProducts: ['1', '2'],
      mvtGroups: [],
      strategy: 'popular',
      userGUID: 'u1',
    };
    expect(widgetEvent.parse({ eventType: 'WIDGET_VIEW', ...base }).pageNumber).toBe(1);
    expect(widgetEvent.safeParse({ eventType: 'WIDGET_CLICK', ...base }).success).toBe(false);
    expect(
      widgetEvent.parse({ eventType: 'WIDGET_CLICK', ...base, productId: '2', position: 1 }),
    ).toMatchObject({ productId: '2', position: 1 });
    expect(
      widgetEvent.safeParse({ eventType: 'WIDGET_VIEW', ...base, productId: '2' }).success,
    ).toBe(false);
  });
});

describe('the in-memory source (stories, tests) answers exactly the public shapes', () => {
  // A schema's parse drops keys it does not know: an answer equal to its parse has no extra
  // field, and the parse fails on a missing or mistyped one (a number price, params as a list).
  const source = createMemorySource();

  it('search, with SKUs, every facet type and a filter', async () => {
    for (const treeFacets of ['true', 'false']) {
      const answer = await source.search({
        st: 'кроссовки',
        withSku: 'true',
        treeFacets,
        filter: ['available:true', 'price:1000..20000'],
      });
      expect(answer.products.length).toBeGreaterThan(0);
      expect(searchResponse.parse(answer)).toEqual(answer);
      expect(answer).toMatchObject({ correction: 'кроссовки', zeroQueries: false });
      expect(answer.selectedFacets).toEqual([
        { name: 'available', values: ['true'] },
        { name: 'price', values: ['1000..20000'] },
      ]);
      const product = answer.products[0]!;
      expect(product.price).toMatch(/^\d+\.\d+$/);
      expect(product.attributes['размер']?.length).toBeGreaterThan(0);
      expect(product.skus?.[0]?.attributes).toHaveProperty('цвет');
      const slider = answer.facets.find((f) => f.name === 'price');
      expect(slider?.values.map((v) => v.id)).toEqual(['min', 'max']);
    }
    const everything = await source.search({ st: '', size: 200, treeFacets: 'true' });
    expect(searchResponse.parse(everything)).toEqual(everything);
    expect(new Set(everything.facets.map((f) => f.dataType))).toEqual(
      new Set(['TREE', 'DISTINCT', 'NUM_DISTINCT', 'SLIDER', 'RANGES', 'BOOLEAN']),
    );
  });

  it('a corrected query: zeroQueries, and the correction searched', async () => {
    const answer = await source.search({ st: 'кросовки' });
    expect(searchResponse.parse(answer)).toEqual(answer);
    expect(answer.zeroQueries).toBe(true);
    expect(answer.correction).not.toBe('кросовки');
    expect(answer.totalHits).toBeGreaterThan(0);
  });

  it('writes prices as decimal strings and params as lower-case attribute lists', () => {
    expect([0, 990, 11169, 99.9, 1499.5].map(toDecimalString)).toEqual([
      '0.0',
      '990.0',
      '11169.0',
      '99.9',
      '1499.5',
    ]);
    const params = [
      { name: 'Размер', value: 'S' },
      { name: 'размер', value: 'M' },
      { name: 'Цвет', value: 'синий' },
    ];
    expect(toAttributes(params)).toEqual({ размер: ['S', 'M'], цвет: ['синий'] });
  });

  it('autocomplete and recommendations', async () => {
    const suggestions = await source.autocomplete({ st: 'кроссовки', withSku: 'true' });
    expect(autocompleteResponse.parse(suggestions)).toEqual(suggestions);
    expect(suggestions.sts.length).toBeGreaterThan(0);
    expect(suggestions.categories.length).toBeGreaterThan(0);
    expect(suggestions.contents).toEqual([]);
    const empty = await source.autocomplete({ st: '' });
    expect(autocompleteResponse.parse(empty)).toEqual(empty);
    const recommendations = await source.recommendations({ strategy: 'popular', size: 5 });
    expect(recommendationsResponse.parse(recommendations)).toEqual(recommendations);
  });
});
