/**
 * The boot of a site's bundle and the instant search config's settings: disableRouter (the
 * search state in the URL and history, or not), the recommendation block shown on zero results
 * (recommendationsOnZeroResults / recommendationsOnZeroPlacement) and zeroSearchPredicate.
 */
import { afterEach, describe, expect, it, vi } from 'vitest';
import { createMemorySource } from '#storefront/fixtures/memory-source.ts';
import { createBoot } from '#storefront/entries/boot-core.ts';
import type {
  BootConfig,
  BootInstantSearch,
  BootRecommendations,
  BootedSite,
} from '#storefront/entries/boot-config.ts';
import { mountAutocomplete } from '#storefront/widgets/autocomplete/autocomplete.ts';
import { mountInstantSearch } from '#storefront/widgets/instant-search/instant-search.ts';
import { mountProductCard } from '#storefront/widgets/product-card/product-card.ts';
import { mountRecommendations } from '#storefront/widgets/recommendations/recommendations.ts';

const boot = createBoot({
  mountAutocomplete,
  mountInstantSearch,
  mountProductCard,
  mountRecommendations,
});

/** The `/public` API answered by the fixture catalog. */
function stubApi() {
  const memory = createMemorySource();
  const fetch = vi.fn(async (input: string | URL | Request) => {
    const url = new URL(String(input));
    const params: Record<string, unknown> = Object.fromEntries(url.searchParams);
    params['filter'] = url.searchParams.getAll('filter');
    const call = url.pathname.replace('/public/', '');
    const body =
      call === 'search'
        ? await memory.search(params as never)
        : call === 'autocomplete'
          ? await memory.autocomplete(params as never)
          : call === 'recommendations'
            ? await memory.recommendations(params as never)
            : {};
    return new Response(JSON.stringify(body), { headers: { 'content-type': 'application/json' } });
  });
  vi.stubGlobal('fetch', fetch);
  // the block's slider asks for the breakpoints (jsdom has no matchMedia)
  vi.stubGlobal('matchMedia', (media: string) => ({
    media,
    matches: false,
    addEventListener() {},
    removeEventListener() {},
    addListener() {},
    removeListener() {},
  }));
  return fetch;
}

const block: BootRecommendations = {
  id: '7',
  name: 'Популярные товары',
  placement: '#recommendations',
  desktop: true,
  mobile: true,
  templates: {},
  scripts: {},
  settings: { strategy: 'popular', message: 'Популярное в магазине' },
};

function site(instantSearch: Partial<BootInstantSearch> = {}): BootedSite {
  document.body.innerHTML =
    '<input id="search-input"><section id="search-results"></section>' +
    '<section id="recommendations"></section>';
  const config: BootConfig = {
    siteId: 1,
    apiKey: 'KEY',
    apiBaseUrl: 'https://search.example',
    slot: 'production',
    autocomplete: null,
    instantSearch: {
      selectors: { container: '#search-results', input: '#search-input' },
      desktop: true,
      mobile: true,
      templates: {},
      settings: { throttle: 0 },
      ...instantSearch,
    },
    recommendations: [block],
    components: [],
    tracking: { enabled: false, pageTypes: [], rules: [] },
  };
  return boot(config);
}

let booted: BootedSite | undefined;
afterEach(() => {
  booted?.dispose();
  booted = undefined;
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
  document.body.replaceChildren();
  history.replaceState(null, '', '/');
});

async function search(query: string) {
  booted!.widgets.instantSearch!.connector.submit(query);
  await vi.waitFor(() => {
    booted!.widgets.instantSearch!.flush();
    const state = booted!.widgets.instantSearch!.connector.store.get();
    expect(state.loading).toBe(false);
    expect(state.query).toBe(query);
  });
  booted!.widgets.instantSearch!.flush();
}

const results = () => document.querySelector('#search-results')!;
const zeroBlock = () =>
  results().querySelector('.digi-instant-search__zero-results .digi-recommendations');

describe('boot: the instant search config’s settings', { timeout: 20_000 }, () => {
  it('router on (the default): searches go to the URL and history, Back searches again', async () => {
    stubApi();
    booted = site();
    await booted.ready;
    const length = history.length;
    await search('кроссовки');
    expect(new URLSearchParams(location.search).get('st')).toBe('кроссовки');
    booted.widgets.instantSearch!.connector.setPage(2);
    await vi.waitFor(() => expect(new URLSearchParams(location.search).get('digi_page')).toBe('2'));
    expect(history.length).toBe(length + 2);
    history.back();
    await vi.waitFor(() =>
      expect(booted!.widgets.instantSearch!.connector.store.get().page).toBe(1),
    );
    expect(document.querySelector<HTMLInputElement>('#search-input')!.value).toBe('кроссовки');
  });

  it('disableRouter: nothing is written to the URL or history', async () => {
    stubApi();
    const push = vi.spyOn(history, 'pushState');
    const replace = vi.spyOn(history, 'replaceState');
    booted = site({ disableRouter: true });
    await booted.ready;
    await search('кроссовки');
    booted.widgets.instantSearch!.connector.setPage(2);
    await vi.waitFor(() =>
      expect(booted!.widgets.instantSearch!.connector.store.get().loading).toBe(false),
    );
    await search('куртка');
    expect(push).not.toHaveBeenCalled();
    expect(replace).not.toHaveBeenCalled();
    expect(location.search).toBe('');
  });

  it('zero results show the block of the named placement inside the zero-results view', async () => {
    stubApi();
    booted = site({ recommendationsOnZero: '#recommendations' });
    await booted.ready;
    await search('ззззззз');
    expect(results().textContent).toContain('Ничего не найдено');
    await vi.waitFor(() => expect(zeroBlock()?.textContent).toContain('Популярное в магазине'), {
      timeout: 5000,
    });
    await vi.waitFor(
      () => expect(zeroBlock()!.querySelectorAll('.digi-card').length).toBeGreaterThan(0),
      {
        timeout: 5000,
      },
    );
    await search('кроссовки');
    expect(results().querySelector('.digi-instant-search__zero-results')).toBeNull();
  });

  it('no block of that placement, or the setting off: nothing extra', async () => {
    stubApi();
    booted = site({ recommendationsOnZero: '#elsewhere' });
    await booted.ready;
    await search('ззззззз');
    expect(results().textContent).toContain('Ничего не найдено');
    expect(results().querySelector('.digi-instant-search__zero-results')).toBeNull();
    booted.dispose();
    booted = site();
    await booted.ready;
    await search('ззззззз');
    expect(results().querySelector('.digi-instant-search__zero-results')).toBeNull();
  });

  it('the predicate turns an answer into zero results (with the block); one that throws is logged and ignored', async () => {
    stubApi();
    const run = vi.fn((_response: unknown, query: string) => query === 'кроссовки');
    booted = site({
      recommendationsOnZero: '#recommendations',
      zeroSearch: { run, silent: false },
    });
    await booted.ready;
    await search('кроссовки');
    expect(run).toHaveBeenCalledWith(
      expect.objectContaining({ totalHits: expect.any(Number) }),
      'кроссовки',
    );
    expect(results().querySelectorAll('.digi-product-list__item')).toHaveLength(0);
    expect(results().textContent).toContain('Ничего не найдено');
    await vi.waitFor(() => expect(zeroBlock()).not.toBeNull());
    await vi.waitFor(() => expect(zeroBlock()!.querySelector('.digi-card')).not.toBeNull());
    expect(results().querySelectorAll('.digi-product-list__item')).toHaveLength(0);
    await search('куртка');
    expect(results().querySelectorAll('.digi-card').length).toBeGreaterThan(0);

    booted.dispose();
    const error = vi.spyOn(console, 'error').mockImplementation(() => {});
    booted = site({
      zeroSearch: {
        run: () => {
          throw new Error('broken predicate');
        },
        silent: false,
      },
    });
    await booted.ready;
    await search('кроссовки');
    expect(results().querySelectorAll('.digi-card').length).toBeGreaterThan(0);
    expect(error).toHaveBeenCalledWith('[digi] zeroSearchPredicate failed', expect.any(Error));

    booted.dispose();
    error.mockClear();
    booted = site({
      zeroSearch: {
        run: () => {
          throw new Error('quiet');
        },
        silent: true,
      },
    });
    await booted.ready;
    await search('кроссовки');
    expect(results().querySelectorAll('.digi-card').length).toBeGreaterThan(0);
    expect(error).not.toHaveBeenCalled();
  });
});
