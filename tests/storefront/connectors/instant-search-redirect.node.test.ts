import { describe, expect, it, vi } from 'vitest';
import type { SearchResponse } from '#contract/public/search.ts';
import { createMemorySource } from '#storefront/fixtures/memory-source.ts';
import { createInstantSearchConnector } from '#storefront/widgets/instant-search/instant-search.connector.ts';

/** A source whose search answers a redirect rule for «доставка». */
function redirecting() {
  const source = createMemorySource();
  const search = source.search.bind(source);
  source.search = async (params, signal): Promise<SearchResponse> => {
    const answer = await search(params, signal);
    return params.st === 'доставка'
      ? { ...answer, redirect: { url: 'https://shop.example.ru/delivery', mobileUrl: null } }
      : answer;
  };
  return source;
}

describe('instant search follows a redirect rule (spec part 2 §3 "Redirect rule")', () => {
  it('goes to the redirect url instead of listing results, for a submitted query', async () => {
    const went: string[] = [];
    const c = createInstantSearchConnector(redirecting(), {
      initialQuery: 'доставка',
      navigate: (url) => went.push(url),
    });
    await c.search({ submitted: true });
    expect(went).toEqual(['https://shop.example.ru/delivery']);
    expect(c.store.get().loading).toBe(false);
  });

  it('never leaves while the shopper types; Enter (submit) and a chosen suggestion do', async () => {
    vi.useFakeTimers();
    try {
      const went: string[] = [];
      const c = createInstantSearchConnector(redirecting(), {
        throttle: 50,
        navigate: (url) => went.push(url),
      });
      for (const prefix of ['д', 'до', 'дост', 'доставка']) c.setQuery(prefix);
      await vi.advanceTimersByTimeAsync(1000);
      expect(went).toEqual([]);
      // the typed query's answer is listed like any other
      expect(c.store.get().result?.redirect?.url).toBe('https://shop.example.ru/delivery');
      expect(c.store.get().loading).toBe(false);

      c.submit('доставка');
      await vi.advanceTimersByTimeAsync(1000);
      expect(went).toEqual(['https://shop.example.ru/delivery']);

      c.searchQuery('доставка');
      await vi.advanceTimersByTimeAsync(1000);
      expect(went).toHaveLength(2);
    } finally {
      vi.useRealTimers();
    }
  });

  it('stays on the page for queries without a redirect, and in previews', async () => {
    const went: string[] = [];
    const plain = createInstantSearchConnector(redirecting(), {
      initialQuery: 'куртка',
      navigate: (url) => went.push(url),
    });
    await plain.search();
    const preview = createInstantSearchConnector(redirecting(), {
      initialQuery: 'доставка',
      preview: true,
      navigate: (url) => went.push(url),
    });
    await preview.search();
    expect(went).toEqual([]);
    expect(preview.store.get().result?.redirect?.url).toBe('https://shop.example.ru/delivery');
  });
});
