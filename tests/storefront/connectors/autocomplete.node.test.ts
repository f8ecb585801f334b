import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { createMemorySource } from '#storefront/fixtures/memory-source.ts';
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
});
