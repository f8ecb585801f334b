import { describe, expect, it } from 'vitest';
import { createMemorySource } from '#storefront/fixtures/memory-source.ts';
import { createRecommendationsConnector } from '#storefront/widgets/recommendations/recommendations.connector.ts';
import {
  RECENT_VIEWS_KEPT,
  rememberView,
} from '#storefront/widgets/recommendations/recent-views.ts';

function memoryStorage(): Storage {
  const items = new Map<string, string>();
  return {
    get length() {
      return items.size;
    },
    clear: () => items.clear(),
    getItem: (key) => items.get(key) ?? null,
    key: (index) => [...items.keys()][index] ?? null,
    removeItem: (key) => void items.delete(key),
    setItem: (key, value) => void items.set(key, value),
  };
}

describe("the session's recent views", () => {
  it('adds each product page once, oldest first, and starts again with a new session', () => {
    const storage = memoryStorage();
    expect(rememberView('s1', 'A', storage)).toEqual(['A']);
    expect(rememberView('s1', 'B', storage)).toEqual(['A', 'B']);
    // a reload of B, or a block on a page without a product, adds nothing
    expect(rememberView('s1', 'B', storage)).toEqual(['A', 'B']);
    expect(rememberView('s1', undefined, storage)).toEqual(['A', 'B']);
    expect(rememberView('s1', 'A', storage)).toEqual(['A', 'B', 'A']);
    expect(rememberView('s2', 'C', storage)).toEqual(['C']);
  });

  it(`keeps the last ${RECENT_VIEWS_KEPT}; broken storage starts again, missing storage leaves the list to the server`, () => {
    const storage = memoryStorage();
    for (let i = 0; i < RECENT_VIEWS_KEPT + 5; i++) rememberView('s', `p${i}`, storage);
    const kept = rememberView('s', undefined, storage);
    expect(kept).toHaveLength(RECENT_VIEWS_KEPT);
    expect(kept.at(-1)).toBe(`p${RECENT_VIEWS_KEPT + 4}`);
    storage.setItem('digi-recent-views', '{not json');
    expect(rememberView('s', 'X', storage)).toEqual(['X']);
    // no storage: nothing to send, the server reads the tracked session (the page's product last)
    expect(rememberView('s', 'Y', null)).toEqual([]);
    // no session: the page's product is all there is
    expect(rememberView(undefined, 'Y', storage)).toEqual(['Y']);
  });

  it('the recommendations block sends them with its call', async () => {
    const source = createMemorySource();
    const second = source.products[2]!;
    // the default storage: none in node, so the session goes without views (the server reads
    // the tracked ones)
    const c = createRecommendationsConnector(source, {
      strategy: 'session_knn',
      productId: second.id,
      sessionId: 'sess',
    });
    await c.load();
    const params = source.calls.find((x) => x.method === 'recommendations')?.params;
    expect(params).toMatchObject({ sessionId: 'sess', productId: second.id });
    expect(params).not.toHaveProperty('viewed');
  });
});
