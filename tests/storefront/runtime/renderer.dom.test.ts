import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type * as Morphdom from 'morphdom';
import { createPartRenderer } from '#storefront/runtime/renderer.ts';
import {
  DEFAULT_PART_DELAY,
  PART_DELAYS,
  createPartScheduler,
} from '#storefront/runtime/scheduler.ts';
import { createStore } from '#storefront/runtime/store.ts';

/** Counts morphs: a list and its items must cost one (studio keystroke budget). */
const morphs = vi.hoisted(() => ({ count: 0 }));
vi.mock('morphdom', async (importOriginal) => {
  const actual = await importOriginal<typeof Morphdom>();
  return {
    default: (...args: Parameters<typeof actual.default>) => {
      morphs.count += 1;
      return actual.default(...args);
    },
  };
});

beforeEach(() => vi.useFakeTimers());
afterEach(() => vi.useRealTimers());

describe('part scheduler', () => {
  it('holds the spec §4 delays', () => {
    expect(PART_DELAYS).toEqual({
      highlight: 200,
      common: 500,
      facets: 500,
      filters: 150,
      productList: 500,
      productItem: 500,
      pagination: 200,
      autocomplete: 500,
      sort: 200,
      facetCommon: 300,
      facetSlider: 300,
      facetBoolean: 400,
      facetTreeList: 400,
      facetCategory: 400,
    });
    expect(DEFAULT_PART_DELAY).toBe(50);
  });

  it('runs a part after its delay and folds changes arriving meanwhile into one run', () => {
    const scheduler = createPartScheduler();
    const first = vi.fn();
    const latest = vi.fn();
    scheduler.schedule('filters', first);
    vi.advanceTimersByTime(100);
    scheduler.schedule('filters', latest);
    vi.advanceTimersByTime(49);
    expect(latest).not.toHaveBeenCalled();
    vi.advanceTimersByTime(1);
    expect(first).not.toHaveBeenCalled();
    expect(latest).toHaveBeenCalledTimes(1);
    const other = vi.fn();
    scheduler.schedule('unknownPart', other);
    vi.advanceTimersByTime(50);
    expect(other).toHaveBeenCalledTimes(1);
  });
});

describe('part renderer', () => {
  function setup() {
    const store = createStore({
      title: 'Список',
      items: [
        { id: 'a', n: 1 },
        { id: 'b', n: 2 },
      ],
    });
    const root = document.body.appendChild(document.createElement('div'));
    const rendered: string[] = [];
    const renderer = createPartRenderer({
      root,
      rootPart: 'productList',
      getState: store.get,
      templates: {
        productList: (vm) => {
          const { title, ids } = vm as { title: string; ids: string[] };
          return `<h2>${title}</h2>${ids.map((id) => `<p data-digi-part="productItem" data-digi-key="${id}"></p>`).join('')}`;
        },
        productItem: (vm) => `<span>${(vm as { n: number }).n}</span>`,
      },
      parts: {
        productList: { select: (s) => ({ title: s.title, ids: s.items.map((i) => i.id) }) },
        productItem: { select: (s, key) => ({ n: s.items.find((i) => i.id === key)?.n ?? 0 }) },
      },
      onRender: (part) => rendered.push(part),
    });
    renderer.render();
    rendered.length = 0;
    return { store, root, renderer, rendered };
  }

  it('fills slots on mount', () => {
    const { root } = setup();
    expect(root.textContent).toBe('Список12');
  });

  it('re-renders only the changed slot, after its own delay', () => {
    const { store, root, renderer, rendered } = setup();
    store.set(({ items }) => ({ items: items.map((i) => (i.id === 'b' ? { ...i, n: 3 } : i)) }));
    renderer.update();
    vi.advanceTimersByTime(499);
    expect(root.textContent).toBe('Список12');
    vi.advanceTimersByTime(1);
    expect(root.textContent).toBe('Список13');
    expect(rendered).toEqual(['productItem']);
  });

  it('keeps child slots (and their DOM nodes) when the parent re-renders', () => {
    const { store, root, renderer } = setup();
    const itemA = root.querySelector('[data-digi-key="a"] span');
    store.set({ title: 'Новый', items: [...store.get().items, { id: 'c', n: 5 }] });
    renderer.update();
    renderer.flush();
    expect(root.textContent).toBe('Новый125');
    expect(root.querySelector('[data-digi-key="a"] span')).toBe(itemA);
  });

  it('re-renders a part whose template changed, and survives a throwing template', () => {
    const { root, renderer } = setup();
    const error = vi.spyOn(console, 'error').mockImplementation(() => undefined);
    renderer.setTemplates({
      productList: (vm) => `<h3>${(vm as { title: string }).title}</h3>`,
      productItem: () => {
        throw new Error('bad template');
      },
    });
    renderer.flush();
    expect(root.innerHTML).toBe('<h3>Список</h3>');
    error.mockRestore();
  });

  it('renders a list and its items in one pass and one morph, on mount and on a template edit', () => {
    const store = createStore({
      items: Array.from({ length: 20 }, (_, i) => ({ id: `p${i}`, n: i })),
    });
    const templates = {
      productList: (vm: unknown) =>
        `<h2>Список</h2>${(vm as { ids: string[] }).ids.map((id) => `<p data-digi-part="productItem" data-digi-key="${id}"></p>`).join('')}`,
      productItem: (vm: unknown) => `<span>${(vm as { n: number }).n}</span>`,
    };
    const root = document.body.appendChild(document.createElement('div'));
    const rendered: string[] = [];
    const renderer = createPartRenderer({
      root,
      rootPart: 'productList',
      getState: store.get,
      templates,
      parts: {
        productList: { select: (s) => ({ ids: s.items.map((i) => i.id) }) },
        productItem: { select: (s, key) => ({ n: s.items.find((i) => i.id === key)?.n ?? 0 }) },
      },
      onRender: (part) => rendered.push(part),
    });
    morphs.count = 0;
    renderer.render();
    expect(morphs.count).toBe(1);
    expect(root.querySelectorAll('span')).toHaveLength(20);
    expect(rendered.filter((p) => p === 'productItem')).toHaveLength(20);

    const heading = root.querySelector('h2');
    const slot = root.querySelector('[data-digi-key="p3"]');
    morphs.count = 0;
    rendered.length = 0;
    renderer.setTemplates({
      ...templates,
      productItem: (vm) => `<b>${(vm as { n: number }).n}</b>`,
    });
    renderer.flush();
    expect(root.querySelectorAll('b')).toHaveLength(20);
    expect(root.querySelectorAll('span')).toHaveLength(0);
    expect(morphs.count).toBe(1);
    // the list's own nodes and the item slots are kept, not rebuilt
    expect(root.querySelector('h2')).toBe(heading);
    expect(root.querySelector('[data-digi-key="p3"]')).toBe(slot);
    // afterwards an item's data change still renders that item alone
    store.set(({ items }) => ({ items: items.map((i) => (i.id === 'p3' ? { ...i, n: 99 } : i)) }));
    renderer.update();
    renderer.flush();
    expect(root.querySelector('[data-digi-key="p3"]')?.textContent).toBe('99');
    renderer.dispose();
  });
});
