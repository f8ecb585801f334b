import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { createMemorySource } from '#storefront/fixtures/memory-source.ts';
import type { AutocompleteResponse } from '#contract/public/autocomplete.ts';
import type { DataSource } from '#storefront/runtime/data-source.ts';
import { createAutocompleteConnector } from '#storefront/widgets/autocomplete/autocomplete.connector.ts';

beforeEach(() => vi.useFakeTimers());
afterEach(() => vi.useRealTimers());

describe('autocomplete connector', () => {
  it('throttles requests to one per 300 ms and keeps the last query', async () => {
    const source = createMemorySource();
    const c = createAutocompleteConnector(source);
    for (const q of ['к', 'кр', 'кро', 'крос', 'кросс']) c.input(q);
    expect(source.calls.map((x) => (x.params as { st: string }).st)).toEqual(['к']);
    await vi.advanceTimersByTimeAsync(300);
    expect(source.calls.map((x) => (x.params as { st: string }).st)).toEqual(['к', 'кросс']);
    expect(c.store.get().result?.query).toBe('кросс');
    expect(c.options().some((o) => o.kind === 'product')).toBe(true);
  });

  it('walks options with wrap-around through the input (-1)', async () => {
    const c = createAutocompleteConnector(createMemorySource(), { blocks: ['queries'] });
    c.input('кроссовки');
    await vi.advanceTimersByTimeAsync(0);
    const count = c.options().length;
    expect(count).toBeGreaterThan(1);
    c.move(1);
    expect(c.store.get().activeIndex).toBe(0);
    c.move(-1);
    expect(c.store.get().activeIndex).toBe(-1);
    c.move(-1);
    expect(c.store.get().activeIndex).toBe(count - 1);
    c.move(1);
    expect(c.store.get().activeIndex).toBe(-1);
  });

  it('choosing a query records history; a product opens its page', async () => {
    const c = createAutocompleteConnector(createMemorySource(), { searchPageUrl: '/search' });
    c.input('наушники');
    await vi.advanceTimersByTimeAsync(0);
    const productIndex = c.options().findIndex((o) => o.kind === 'product');
    expect(c.choose(productIndex)).toEqual({
      type: 'open',
      url: expect.stringMatching(/^https:/),
      // the click from autocomplete names the product and its place among the products
      productId: expect.any(String),
      position: 0,
    });
    expect(c.choose(-1)).toEqual({ type: 'search', query: 'наушники' });
    expect(c.store.get().history[0]).toBe('наушники');
    expect(c.searchUrl('кеды nike')).toBe('/search?st=%D0%BA%D0%B5%D0%B4%D1%8B%20nike');
    c.clearHistory();
    expect(c.store.get().history).toEqual([]);
  });

  it('marks a failed request without throwing', async () => {
    const error = vi.spyOn(console, 'error').mockImplementation(() => undefined);
    const c = createAutocompleteConnector(createMemorySource({ fail: true }));
    c.input('x');
    await vi.advanceTimersByTimeAsync(0);
    expect(c.store.get()).toMatchObject({ failed: true, loading: false });
    error.mockRestore();
  });

  it("reads AnyQuery's answer: sts, taps' relatedSearch, category and brand pages, product fields", async () => {
    const memory = createMemorySource();
    const product = memory.products.find((p) => p.oldPrice !== undefined)!;
    const answer: AutocompleteResponse = {
      query: 'кро',
      sts: [{ st: 'кроссовки', amount: 42 }],
      taps: [{ tap: 'nike', relatedSearch: 'кроссовки nike' }],
      products: [{ ...product, score: 1, link_url: 'javascript:alert(1)' }],
      categories: [
        {
          id: '21',
          name: 'Кроссовки',
          direct: false,
          link_url: 'https://shop.example/catalog/21',
          image_url: '',
          path: ['Обувь'],
          count: 7,
        },
        {
          id: '22',
          name: 'Кеды',
          direct: false,
          link_url: '',
          image_url: '',
          path: ['Обувь'],
          count: 2,
        },
      ],
      brands: [
        { id: 'Nike', name: 'Nike', url: 'https://shop.example/brand/nike', count: 3 },
        { id: 'Puma', name: 'Puma', url: '', count: 1 },
      ],
      contents: [],
    };
    const source: DataSource = { ...memory, autocomplete: async () => answer };
    const c = createAutocompleteConnector(source, {
      blocks: ['queries', 'taps', 'categories', 'brands', 'products'],
    });
    c.input('кро');
    await vi.advanceTimersByTimeAsync(0);
    const options = c.options();
    expect(options.map((o) => [o.kind, o.label, o.query ?? o.url, o.count])).toEqual([
      ['query', 'кроссовки', 'кроссовки', 42],
      ['tap', 'nike', 'кроссовки nike', undefined],
      ['category', 'Кроссовки', 'https://shop.example/catalog/21', 7],
      ['category', 'Кеды', 'Кеды', 2],
      ['brand', 'Nike', 'https://shop.example/brand/nike', 3],
      ['brand', 'Puma', 'Puma', 1],
      ['product', product.name, '#', undefined],
    ]);
    expect(options.at(-1)?.product).toEqual({
      id: product.id,
      name: product.name,
      link_url: '#',
      image_url: product.image_url,
      price: product.price,
      oldPrice: product.oldPrice,
      currency: 'RUR',
      brand: product.brand,
      available: product.available,
    });
  });
});
