import { describe, expect, it } from 'vitest';
import { autocompleteParams } from '#contract/public/autocomplete.ts';
import { recommendationsParams } from '#contract/public/recommendations.ts';
import {
  facet,
  filterList,
  parseSearchFilter,
  searchParams,
  type FacetTreeNode,
} from '#contract/public/search.ts';
import { widgetEvent } from '#contract/public/tracking.ts';

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
    const tree: FacetTreeNode[] = [
      {
        id: '1',
        name: 'Одежда',
        count: 3,
        selected: false,
        children: [{ id: '2', name: 'Куртки', count: 3, selected: true, children: [] }],
      },
    ];
    const parsed = facet.parse({
      name: 'categoryId',
      title: 'Категория',
      unit: null,
      type: 'TREE',
      tree,
    });
    expect(parsed.type).toBe('TREE');
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
