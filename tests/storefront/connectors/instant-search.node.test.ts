import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { createMemorySource } from '#storefront/fixtures/memory-source.ts';
import { correctedQuery } from '#storefront/runtime/correction.ts';
import { createInstantSearchConnector } from '#storefront/widgets/instant-search/instant-search.connector.ts';

beforeEach(() => vi.useFakeTimers());
afterEach(() => vi.useRealTimers());

const lastParams = (source: ReturnType<typeof createMemorySource>) =>
  source.calls.at(-1)?.params as Record<string, unknown>;

describe('instant search connector', () => {
  it('builds the preview-window parameters with page size 20', () => {
    const c = createInstantSearchConnector(createMemorySource(), { initialQuery: 'куртка' });
    expect(c.params()).toMatchObject({
      st: 'куртка',
      size: 20,
      offset: 0,
      sort: 'DEFAULT',
      regionId: 'global',
      unavailableMultiplier: 0.2,
      withFacets: 'true',
      filter: [],
    });
  });

  it('throttles typing to one search per 800 ms', async () => {
    const source = createMemorySource();
    const c = createInstantSearchConnector(source);
    c.setQuery('к');
    c.setQuery('ку');
    c.setQuery('курт');
    expect(source.calls).toHaveLength(1);
    await vi.advanceTimersByTimeAsync(799);
    expect(source.calls).toHaveLength(1);
    await vi.advanceTimersByTimeAsync(1);
    expect(source.calls).toHaveLength(2);
    expect(lastParams(source)['st']).toBe('курт');
  });

  it('refines by distinct values, ranges and booleans, and lists selected filters', async () => {
    const source = createMemorySource();
    const c = createInstantSearchConnector(source, { initialQuery: 'кроссовки' });
    await c.search();
    const total = c.store.get().result!.totalHits;
    c.toggleValue('brand', 'Nike');
    c.setRange('price', 5000, 15000);
    c.setBoolean('available', true);
    await vi.advanceTimersByTimeAsync(0);
    expect(lastParams(source)['filter']).toEqual([
      'brand:Nike',
      'price:5000..15000',
      'available:true',
    ]);
    const result = c.store.get().result!;
    expect(result.totalHits).toBeLessThan(total);
    expect(result.products.every((p) => p.brand === 'Nike' && p.available)).toBe(true);
    expect(c.selectedFilters().map((f) => `${f.title}: ${f.label}`)).toEqual([
      'Бренд: Nike',
      'Цена: 5\u00a0000 – 15\u00a0000\u00a0₽',
      'В наличии: Да',
    ]);
    c.removeFilter('brand', 'Nike');
    c.clearAll();
    await vi.advanceTimersByTimeAsync(0);
    expect(lastParams(source)['filter']).toEqual([]);
  });

  it('pages with offset (page-1)×size and appends in infinite mode', async () => {
    const source = createMemorySource();
    const c = createInstantSearchConnector(source, { isInfinite: true, browseWithoutQuery: true });
    await c.search();
    expect(c.pageCount()).toBeGreaterThan(2);
    await c.loadMore();
    expect(lastParams(source)['offset']).toBe(20);
    expect(c.store.get().products).toHaveLength(40);
    c.setPage(4);
    await vi.advanceTimersByTimeAsync(0);
    expect(lastParams(source)['offset']).toBe(60);
  });

  it('refinements go back to page 1 and sort is passed through', async () => {
    const source = createMemorySource();
    const c = createInstantSearchConnector(source, { browseWithoutQuery: true });
    await c.search();
    c.setPage(3);
    c.setSort('PRICE_ASC');
    await vi.advanceTimersByTimeAsync(0);
    expect(lastParams(source)).toMatchObject({ offset: 0, sort: 'PRICE_ASC' });
    const prices = c.store.get().products.map((p) => Number(p.price));
    expect(prices).toEqual([...prices].sort((a, b) => a - b));
  });

  // The storefront listed the whole catalogue before any search.
  it('makes no request and lists nothing without a query, unless browseWithoutQuery', async () => {
    const source = createMemorySource();
    const c = createInstantSearchConnector(source);
    await c.search();
    expect(source.calls).toHaveLength(0);
    expect(c.store.get()).toMatchObject({ result: null, products: [] });
    c.setQuery('куртка');
    await vi.advanceTimersByTimeAsync(0);
    expect(c.store.get().products.length).toBeGreaterThan(0);
    c.setQuery('  ');
    await vi.advanceTimersByTimeAsync(800);
    expect(c.store.get()).toMatchObject({ result: null, products: [] });

    const browsing = createInstantSearchConnector(source, { browseWithoutQuery: true });
    await browsing.search();
    expect(browsing.store.get().result?.totalHits).toBeGreaterThan(20);
  });

  // Filters carried over to a new query.
  it('a new query drops the selected filters; the same query (spaces aside) keeps them', async () => {
    const source = createMemorySource();
    const c = createInstantSearchConnector(source, { initialQuery: 'кроссовки' });
    await c.search();
    c.toggleValue('brand', 'Nike');
    await vi.advanceTimersByTimeAsync(0);
    expect(lastParams(source)['filter']).toEqual(['brand:Nike']);
    c.setQuery('кроссовки ');
    expect(c.store.get().filters).toEqual({ brand: ['Nike'] });
    c.setQuery('куртка');
    expect(c.store.get().filters).toEqual({});
    await vi.advanceTimersByTimeAsync(800);
    expect(lastParams(source)).toMatchObject({ st: 'куртка', filter: [] });
    c.toggleValue('brand', 'Nike');
    c.searchQuery('смартфон');
    await vi.advanceTimersByTimeAsync(0);
    expect(lastParams(source)).toMatchObject({ st: 'смартфон', filter: [] });
  });

  // «Ничего не найдено» once came with no suggestions.
  it('a query that finds nothing gets suggestions: near matches, else popular queries', async () => {
    const source = createMemorySource();
    const c = createInstantSearchConnector(source, { initialQuery: 'zzzzqqq' });
    await c.search();
    expect(c.store.get().result?.totalHits).toBe(0);
    const suggestions = c.store.get().suggestions;
    expect(suggestions?.kind).toBe('popular');
    expect(suggestions?.queries.length).toBeGreaterThan(0);
    c.searchQuery('куртка');
    await vi.advanceTimersByTimeAsync(0);
    expect(c.store.get().suggestions).toBeNull();
  });

  it('setCategory selects one category for the drill-down, null clears it', async () => {
    const source = createMemorySource();
    const c = createInstantSearchConnector(source, { initialQuery: 'кроссовки' });
    await c.search();
    c.setCategory('categoryId', '1');
    c.setCategory('categoryId', '2');
    expect(c.store.get().filters).toEqual({ categoryId: ['2'] });
    c.setCategory('categoryId', null);
    expect(c.store.get().filters).toEqual({});
  });

  // `correction` is always a string: the query itself when nothing was corrected.
  it('counts a correction only when nothing matched as typed and it differs from the query', () => {
    expect(correctedQuery({ query: 'кросовки', correction: 'кроссовки', zeroQueries: true })).toBe(
      'кроссовки',
    );
    expect(
      correctedQuery({ query: 'куртка', correction: 'куртка', zeroQueries: false }),
    ).toBeNull();
    expect(correctedQuery({ query: 'zzzq', correction: 'zzzq', zeroQueries: true })).toBeNull();
    expect(
      correctedQuery({ query: 'Куртка  ', correction: 'куртка', zeroQueries: true }),
    ).toBeNull();
    expect(
      correctedQuery({ query: 'куртка', correction: 'куртки', zeroQueries: false }),
    ).toBeNull();
  });
});
