import { afterEach, describe, expect, it, vi } from 'vitest';
import { createMemorySource } from '#storefront/fixtures/memory-source.ts';
import { mountRecommendations } from '#storefront/widgets/recommendations/recommendations.ts';

/** A controllable IntersectionObserver: jsdom has none. */
class FakeObserver {
  static all: FakeObserver[] = [];
  readonly targets: Element[] = [];
  constructor(
    readonly callback: IntersectionObserverCallback,
    readonly options: IntersectionObserverInit = {},
  ) {
    FakeObserver.all.push(this);
  }
  observe(target: Element) {
    this.targets.push(target);
  }
  disconnect() {
    this.targets.length = 0;
  }
  unobserve() {}
  takeRecords() {
    return [];
  }
  fire() {
    const entries = this.targets.map(
      (target) => ({ target, isIntersecting: true }) as IntersectionObserverEntry,
    );
    this.callback(entries, this as unknown as IntersectionObserver);
  }
}

afterEach(() => {
  vi.unstubAllGlobals();
  FakeObserver.all = [];
  document.body.replaceChildren();
});

describe('recommendation block lazy load', { timeout: 20_000 }, () => {
  it('loads only when the block comes within two thirds of the window height, then tracks the view', async () => {
    vi.stubGlobal('IntersectionObserver', FakeObserver);
    vi.stubGlobal('innerHeight', 900);
    const source = createMemorySource();
    const widget = mountRecommendations(document.body.appendChild(document.createElement('div')), {
      source,
      infinityListOptions: { infiniteListMode: true },
      mobile: false,
      delays: {},
    });
    const lazy = FakeObserver.all[0]!;
    expect(lazy.options.rootMargin).toBe('600px 0px');
    expect(source.calls).toHaveLength(0);
    lazy.fire();
    await new Promise((resolve) => setTimeout(resolve, 5));
    expect(source.calls.map((c) => c.method)).toEqual(['recommendations']);
    expect(source.events).toHaveLength(0);
    const view = FakeObserver.all[1]!;
    view.fire();
    expect(source.events.map((e) => e.eventType)).toEqual(['WIDGET_VIEW']);
    widget.dispose();
  });
});
