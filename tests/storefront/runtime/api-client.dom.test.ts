import { describe, expect, it, vi } from 'vitest';
import { autocompleteParams } from '#contract/public/autocomplete.ts';
import { searchParams } from '#contract/public/search.ts';
import { widgetEvent } from '#contract/public/tracking.ts';
import { PublicApiError, createApiClient } from '#storefront/runtime/api-client.ts';
import { createMemorySource } from '#storefront/fixtures/memory-source.ts';
import { createInstantSearchConnector } from '#storefront/widgets/instant-search/instant-search.connector.ts';
import { createAutocompleteConnector } from '#storefront/widgets/autocomplete/autocomplete.connector.ts';
import { createWidgetTracker } from '#storefront/runtime/tracking.ts';

function fakeFetch(body: unknown, status = 200) {
  return vi.fn(
    async (_url: string | URL | Request, _init?: RequestInit) =>
      new Response(JSON.stringify(body), {
        status,
        headers: { 'content-type': 'application/json' },
      }),
  );
}

describe('public API client', () => {
  it('sends what the instant search builds as a query string the contract accepts', async () => {
    const fetch = fakeFetch({});
    const client = createApiClient({ baseUrl: 'https://search.example/', apiKey: 'KEY', fetch });
    const connector = createInstantSearchConnector(createMemorySource(), {
      initialQuery: 'куртка',
    });
    connector.store.set({ filters: { brand: ['Nike', 'Adidas'], price: ['1000..5000'] } });
    await client.search(connector.params());
    const url = new URL(String(fetch.mock.calls[0]![0]));
    expect(url.origin + url.pathname).toBe('https://search.example/public/search');
    expect(url.searchParams.getAll('filter')).toEqual([
      'brand:Nike',
      'brand:Adidas',
      'price:1000..5000',
    ]);
    const query: Record<string, string | string[]> = {};
    for (const key of new Set(url.searchParams.keys())) {
      const all = url.searchParams.getAll(key);
      query[key] = all.length > 1 ? all : all[0]!;
    }
    const parsed = searchParams.parse(query);
    expect(parsed).toMatchObject({
      apiKey: 'KEY',
      st: 'куртка',
      size: 20,
      offset: 0,
      withSku: true,
    });
  });

  it('autocomplete parameters pass the contract too', async () => {
    const fetch = fakeFetch({});
    const client = createApiClient({ baseUrl: 'https://s.example', apiKey: 'KEY', fetch });
    const ac = createAutocompleteConnector(client, { throttle: 0 });
    ac.input('кроссовки');
    await Promise.resolve();
    const url = new URL(String(fetch.mock.calls[0]![0]));
    expect(url.pathname).toBe('/public/autocomplete');
    expect(autocompleteParams.parse(Object.fromEntries(url.searchParams))).toMatchObject({
      st: 'кроссовки',
      productsSize: 20,
      unavailableMultiplier: 0.2,
    });
    ac.dispose();
  });

  it('turns an error answer into PublicApiError with the server message', async () => {
    const client = createApiClient({
      baseUrl: 'https://s.example',
      apiKey: 'KEY',
      fetch: fakeFetch({ status: 400, message: 'size: expected number' }, 400),
    });
    await expect(client.search({ st: 'x' })).rejects.toEqual(
      new PublicApiError(400, 'size: expected number'),
    );
  });

  it('posts widget events matching the contract and swallows failures', async () => {
    const fetch = fakeFetch(null);
    const client = createApiClient({ baseUrl: 'https://s.example', apiKey: 'KEY', fetch });
    const tracker = createWidgetTracker({
      source: client,
      widgetType: 'RECOMMENDATIONS',
      strategy: 'popular',
    });
    tracker.view(['1', '2']);
    tracker.click('2', 1);
    await Promise.resolve();
    const [view, click] = fetch.mock.calls.map((c) => JSON.parse(String(c[1]!.body)) as unknown);
    expect(widgetEvent.parse(view)).toMatchObject({
      eventType: 'WIDGET_VIEW',
      pageProducts: ['1', '2'],
      pageNumber: 1,
    });
    expect(widgetEvent.parse(click)).toMatchObject({
      eventType: 'WIDGET_CLICK',
      productId: '2',
      position: 1,
    });
    expect(document.cookie).toMatch(/digi_sid=/);
    expect(document.cookie).toMatch(/digi_uid=/);
    const failing = createApiClient({
      baseUrl: 'https://s.example',
      apiKey: 'KEY',
      fetch: vi.fn(() => Promise.reject(new Error('offline'))),
    });
    await expect(failing.trackWidget(view as never)).resolves.toBeUndefined();
  });
});
