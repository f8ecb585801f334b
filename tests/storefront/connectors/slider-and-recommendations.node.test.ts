import { describe, expect, it } from 'vitest';
import { createMemorySource } from '#storefront/fixtures/memory-source.ts';
import {
  DEFAULT_BREAKPOINTS,
  createRecommendationsConnector,
} from '#storefront/widgets/recommendations/recommendations.connector.ts';
import { createSliderConnector } from '#storefront/widgets/slider/slider.connector.ts';

describe('slider connector', () => {
  it('moves by one, stops at the ends, or loops', () => {
    const s = createSliderConnector(6, { perView: 4 });
    expect(s.canPrev()).toBe(false);
    s.next();
    s.next();
    s.next();
    expect(s.store.get().index).toBe(2);
    expect(s.canNext()).toBe(false);
    s.prev();
    expect(s.store.get().index).toBe(1);
    expect(s.positions()).toBe(3);
    const loop = createSliderConnector(6, { perView: 4, loop: true });
    loop.prev();
    expect(loop.store.get().index).toBe(2);
    loop.next();
    expect(loop.store.get().index).toBe(0);
  });

  it('clamps when slides per view change', () => {
    const s = createSliderConnector(6, { perView: 2 });
    s.goTo(4);
    s.setPerView(5);
    expect(s.store.get().index).toBe(1);
  });
});

describe('recommendations connector', () => {
  it('has the spec breakpoint defaults: 2/3/4/4/5 per view, per group 1, speed 300', () => {
    const c = createRecommendationsConnector(createMemorySource());
    const bp = c.breakpoints();
    expect(Object.values(bp).map((b) => [b.slidesPerView, b.slidesPerGroup, b.speed])).toEqual([
      [2, 1, 300],
      [3, 1, 300],
      [4, 1, 300],
      [4, 1, 300],
      [5, 1, 300],
    ]);
    expect(DEFAULT_BREAKPOINTS.tv.slidesPerView).toBe(5);
    const custom = createRecommendationsConnector(createMemorySource(), {
      swiperOptions: { breakpoints: { phones: { slidesPerView: 1 } } },
    });
    expect(custom.breakpoints().phones).toMatchObject({ slidesPerView: 1, speed: 300 });
  });

  it('loads by strategy and steps through an infinite list', async () => {
    const source = createMemorySource();
    const anchor = source.products[3]!;
    const c = createRecommendationsConnector(source, {
      strategy: 'same_category',
      productId: anchor.id,
      itemsPerPageDesktop: 4,
      infinityListOptions: { infiniteListMode: true, stepCountPageDesktop: 3 },
    });
    await c.load();
    const state = c.store.get();
    expect(state.status).toBe('ready');
    expect(state.shown).toBe(3);
    expect(
      state.products.every((p) => p.categoryId === anchor.categoryId && p.id !== anchor.id),
    ).toBe(true);
    await c.more();
    expect(c.store.get().shown).toBe(6);
    expect(source.calls.filter((x) => x.method === 'recommendations')).toHaveLength(2);
  });
});
