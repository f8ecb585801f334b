/**
 * The instant search's zero-results view (content of the page's own under the empty list, and
 * the site's predicate making an answer a zero one) and its URL state (runtime/search-router.ts).
 */
import { afterEach, describe, expect, it, vi } from 'vitest';
import { screen } from '@testing-library/dom';
import { createMemorySource } from '#storefront/fixtures/memory-source.ts';
import { bindSearchRouter, readRoute, writeRoute } from '#storefront/runtime/search-router.ts';
import { mountRecommendations } from '#storefront/widgets/recommendations/recommendations.ts';
import {
  mountInstantSearch,
  type InstantSearchWidget,
} from '#storefront/widgets/instant-search/instant-search.ts';

let widget: InstantSearchWidget | undefined;
let unbind: (() => void) | undefined;
afterEach(() => {
  vi.restoreAllMocks();
  unbind?.();
  unbind = undefined;
  widget?.dispose();
  widget = undefined;
  document.body.replaceChildren();
  history.replaceState(null, '', '/');
});

const tick = () => new Promise((resolve) => setTimeout(resolve, 5));
async function settle() {
  await tick();
  widget!.flush();
  await tick();
  widget!.flush();
}

function mount(options: Partial<Parameters<typeof mountInstantSearch>[1]> = {}) {
  const container = document.body.appendChild(document.createElement('div'));
  widget = mountInstantSearch(container, {
    source: createMemorySource(),
    throttle: 0,
    delays: {},
    ...options,
  });
  return widget;
}

describe('zero-results view', { timeout: 20_000 }, () => {
  it('holds the page’s content under the empty list, and drops it once products are listed', async () => {
    const disposed = vi.fn();
    const zeroResults = vi.fn((element: HTMLElement) => {
      element.textContent = 'Рекомендуем';
      return disposed;
    });
    mount({ initialQuery: 'ззззззз', zeroResults });
    await settle();
    expect(screen.getByText(/Ничего не найдено/)).toBeInTheDocument();
    const zero = document.querySelector('.digi-instant-search__zero-results')!;
    expect(zero.textContent).toBe('Рекомендуем');
    // right after the list's part and its empty-state markup
    expect(zero.previousElementSibling).toBe(
      document.querySelector('[data-digi-part="productList"]'),
    );
    expect(zeroResults).toHaveBeenCalledTimes(1);

    widget!.connector.submit('кроссовки');
    await settle();
    expect(document.querySelectorAll('.digi-card').length).toBeGreaterThan(0);
    expect(document.querySelector('.digi-instant-search__zero-results')).toBeNull();
    expect(disposed).toHaveBeenCalledTimes(1);

    widget!.connector.submit('ъъъъъъ');
    await settle();
    expect(document.querySelector('.digi-instant-search__zero-results')).not.toBeNull();
    expect(zeroResults).toHaveBeenCalledTimes(2);
  });

  it('a widget mounted in the view keeps its own parts when the search renders again', async () => {
    let block: ReturnType<typeof mountRecommendations> | undefined;
    mount({
      initialQuery: 'ззззззз',
      zeroResults(element) {
        block = mountRecommendations(element, {
          source: createMemorySource(),
          delays: {},
          message: 'Популярное',
        });
        return () => block?.dispose();
      },
    });
    await settle();
    await vi.waitFor(() => {
      block!.flush();
      expect(document.querySelector('.digi-recommendations .digi-card')).not.toBeNull();
    });
    widget!.connector.submit('щщщщщщ');
    await settle();
    widget!.connector.setSort('PRICE_ASC');
    await settle();
    const zero = document.querySelector('.digi-instant-search__zero-results')!;
    expect(
      zero.querySelector('.digi-instant-search__layout, .digi-instant-search__header'),
    ).toBeNull();
    expect(zero.querySelector('.digi-recommendations')?.textContent).toContain('Популярное');
    expect(document.querySelectorAll('.digi-instant-search__layout')).toHaveLength(1);
  });

  it('nothing extra without the option, nor before a search', async () => {
    const zeroResults = vi.fn(() => () => {});
    mount({ zeroResults });
    await settle();
    expect(zeroResults).not.toHaveBeenCalled();
    widget!.dispose();
    mount({ initialQuery: 'ззззззз' });
    await settle();
    expect(screen.getByText(/Ничего не найдено/)).toBeInTheDocument();
    expect(document.querySelector('.digi-instant-search__zero-results')).toBeNull();
  });

  it('the site’s predicate makes an answer with products a zero one', async () => {
    const isZero = vi.fn(
      (_response: { totalHits: number }, query: string) => query === 'кроссовки',
    );
    const zeroResults = vi.fn(() => () => {});
    mount({ initialQuery: 'кроссовки', isZero, zeroResults });
    await settle();
    expect(isZero).toHaveBeenCalledWith(
      expect.objectContaining({ query: 'кроссовки' }),
      'кроссовки',
    );
    expect(document.querySelectorAll('.digi-card')).toHaveLength(0);
    expect(screen.getByText(/Ничего не найдено/)).toBeInTheDocument();
    expect(zeroResults).toHaveBeenCalledTimes(1);
    expect(widget!.connector.store.get().result?.totalHits).toBe(0);

    widget!.connector.submit('куртка');
    await settle();
    expect(document.querySelectorAll('.digi-card').length).toBeGreaterThan(0);
  });
});

describe('search state in the URL', { timeout: 20_000 }, () => {
  it('reads and writes query, filters, sort and page, leaving the page’s own parameters', () => {
    const state = {
      query: 'кроссовки nike',
      filters: { brand: ['Nike', 'Adidas'], price: ['1000..5000'] },
      sort: 'PRICE_ASC' as const,
      page: 3,
    };
    const href = writeRoute('https://shop.example/search?utm=x&st=old', state);
    const url = new URL(href);
    expect(url.searchParams.get('utm')).toBe('x');
    expect(url.searchParams.get('st')).toBe('кроссовки nike');
    expect(readRoute(url.search)).toEqual(state);
    expect(writeRoute('https://shop.example/?st=a&digi_page=2', readRoute(''))).toBe(
      'https://shop.example/',
    );
    expect(readRoute('?q=шапка&digi_page=x', 'q')).toEqual({
      query: 'шапка',
      filters: {},
      sort: 'DEFAULT',
      page: 1,
    });
  });

  it('each search is a history entry (typing replaces it), and Back searches the previous one', async () => {
    const input = document.body.appendChild(document.createElement('input'));
    mount({ input });
    unbind = bindSearchRouter(widget!.connector, window, { inputs: [input] });
    const push = vi.spyOn(history, 'pushState');
    const replace = vi.spyOn(history, 'replaceState');

    widget!.connector.submit('кро');
    await settle();
    widget!.connector.submit('кроссовки');
    await settle();
    expect(push).toHaveBeenCalledTimes(1);
    expect(replace).toHaveBeenCalledTimes(1);
    expect(readRoute(location.search).query).toBe('кроссовки');

    widget!.connector.toggleValue('brand', 'Nike');
    await settle();
    widget!.connector.setSort('PRICE_ASC');
    await settle();
    expect(push).toHaveBeenCalledTimes(3);
    expect(readRoute(location.search)).toMatchObject({
      query: 'кроссовки',
      filters: { brand: ['Nike'] },
      sort: 'PRICE_ASC',
    });

    // Back: the entry before the sort, searched again; nothing written for it
    history.back();
    await vi.waitFor(() =>
      expect(new URLSearchParams(location.search).get('digi_sort')).toBe(null),
    );
    await settle();
    expect(widget!.connector.store.get()).toMatchObject({
      query: 'кроссовки',
      filters: { brand: ['Nike'] },
      sort: 'DEFAULT',
      page: 1,
    });
    expect(push).toHaveBeenCalledTimes(3);
    for (const el of document.querySelectorAll('.digi-card__brand'))
      expect(el.textContent).toBe('Nike');

    history.go(-2);
    await vi.waitFor(() => expect(location.search).toBe(''));
    await settle();
    expect(widget!.connector.store.get()).toMatchObject({ query: '', filters: {} });
    expect(input.value).toBe('');
    expect(document.querySelectorAll('.digi-card')).toHaveLength(0);
  });

  it('starts from the URL’s state and writes nothing for it', async () => {
    history.replaceState(null, '', '/?st=кроссовки&digi_page=2&digi_sort=PRICE_DESC');
    const route = readRoute(location.search);
    const push = vi.spyOn(history, 'pushState');
    mount({
      initialQuery: route.query,
      initialState: { filters: route.filters, sort: route.sort, page: route.page },
    });
    unbind = bindSearchRouter(widget!.connector, window, { inputs: [] });
    await settle();
    expect(screen.getByRole('button', { name: 'Страница 2' })).toHaveAttribute(
      'aria-current',
      'page',
    );
    expect(screen.getByRole('combobox', { name: 'Сортировка' })).toHaveValue('PRICE_DESC');
    expect(push).not.toHaveBeenCalled();
  });
});
