import { describe, expect, it, vi } from 'vitest';
import {
  createErrorReporter,
  MAX_ERROR_REPORTS,
} from '../../../storefront/runtime/error-report.ts';

describe('widget error reports (issue 18.4)', () => {
  it('posts each distinct error once as text/plain JSON, at most a few per page', () => {
    const fetch = vi.fn(() => Promise.resolve(new Response(null, { status: 204 })));
    const report = createErrorReporter({
      baseUrl: 'https://search.example/',
      apiKey: 'key-1',
      fetch: fetch as unknown as typeof globalThis.fetch,
    });
    report('autocomplete', 'products', new Error('boom'));
    report('autocomplete', 'products', new Error('boom'));
    expect(fetch).toHaveBeenCalledTimes(1);
    const [url, init] = fetch.mock.calls[0] as unknown as [string, RequestInit];
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
    });
    for (let i = 0; i < 20; i += 1) report('instantSearch', 'list', new Error(`e${i}`));
    expect(fetch).toHaveBeenCalledTimes(MAX_ERROR_REPORTS);
  });

  it('a failing send never throws into the page', () => {
    const report = createErrorReporter({
      baseUrl: '',
      apiKey: 'k',
      fetch: (() => Promise.reject(new Error('offline'))) as unknown as typeof globalThis.fetch,
    });
    expect(() => report('component', 'x', 'text error')).not.toThrow();
  });
});
