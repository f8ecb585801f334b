import { describe, expect, it, vi } from 'vitest';
import {
  createErrorReporter,
  loadedBundle,
  MAX_ERROR_REPORTS,
} from '../../../storefront/runtime/error-report.ts';

const BUNDLE = 'ab'.repeat(32);
const settle = () => new Promise((resolve) => setTimeout(resolve, 0));

function fakeFetch() {
  return vi.fn((url: string) =>
    Promise.resolve(
      url.endsWith('/public/errors/views')
        ? new Response(JSON.stringify({ view: 'token-1' }), { status: 200 })
        : new Response(null, { status: 204 }),
    ),
  );
}

describe('widget error reports (issue 18.4)', () => {
  it('announces the page view of its bundle once, then posts each distinct error once with the bundle and the view token', async () => {
    const fetch = fakeFetch();
    const report = createErrorReporter({
      baseUrl: 'https://search.example/',
      apiKey: 'key-1',
      bundle: BUNDLE,
      fetch: fetch as unknown as typeof globalThis.fetch,
    });
    expect(fetch).toHaveBeenCalledTimes(1);
    const [viewUrl, viewInit] = fetch.mock.calls[0] as unknown as [string, RequestInit];
    expect(viewUrl).toBe('https://search.example/public/errors/views');
    expect(JSON.parse(String(viewInit.body))).toEqual({ apiKey: 'key-1', bundle: BUNDLE });
    report('autocomplete', 'products', new Error('boom'));
    report('autocomplete', 'products', new Error('boom'));
    await settle();
    expect(fetch).toHaveBeenCalledTimes(2);
    const [url, init] = fetch.mock.calls[1] as unknown as [string, RequestInit];
    expect(url).toBe('https://search.example/public/errors');
    expect(init).toMatchObject({
      method: 'POST',
      headers: { 'content-type': 'text/plain' },
      keepalive: true,
    });
    expect(JSON.parse(String(init.body))).toEqual({
      apiKey: 'key-1',
      widget: 'autocomplete',
      part: 'products',
      message: 'boom',
      bundle: BUNDLE,
      view: 'token-1',
    });
    for (let i = 0; i < 20; i += 1) report('instantSearch', 'list', new Error(`e${i}`));
    await settle();
    expect(fetch).toHaveBeenCalledTimes(1 + MAX_ERROR_REPORTS);
  });

  it('sends nothing without a bundle hash, nor errors when the view was refused', async () => {
    const none = fakeFetch();
    createErrorReporter({
      baseUrl: '',
      apiKey: 'k',
      bundle: null,
      fetch: none as unknown as typeof globalThis.fetch,
    })('component', 'x', 'e');
    await settle();
    expect(none).not.toHaveBeenCalled();
    const refused = vi.fn(() => Promise.resolve(new Response('{}', { status: 429 })));
    createErrorReporter({
      baseUrl: '',
      apiKey: 'k',
      bundle: BUNDLE,
      fetch: refused as unknown as typeof globalThis.fetch,
    })('component', 'x', 'e');
    await settle();
    expect(refused).toHaveBeenCalledTimes(1);
  });

  it('reads the hash the loader recorded', () => {
    expect(loadedBundle({ __digiLoaded: BUNDLE } as unknown as Window)).toBe(BUNDLE);
    expect(loadedBundle({ __digiLoaded: 'x' } as unknown as Window)).toBeNull();
    expect(loadedBundle(null)).toBeNull();
  });

  it('a failing send never throws into the page', () => {
    const report = createErrorReporter({
      baseUrl: '',
      apiKey: 'k',
      bundle: BUNDLE,
      fetch: (() => Promise.reject(new Error('offline'))) as unknown as typeof globalThis.fetch,
    });
    expect(() => report('component', 'x', 'text error')).not.toThrow();
  });
});
