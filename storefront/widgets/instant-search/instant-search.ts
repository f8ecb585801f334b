import type { SearchSort } from '#contract/public/search.ts';
import type { Product, Sku } from '#contract/public/product.ts';
import { cardActionHandlers, onActions } from '../../runtime/card-actions.ts';
import type { DataSource } from '../../runtime/data-source.ts';
import { pickSku, type CardLayout } from '../../runtime/product-view.ts';
import { createPartRenderer } from '../../runtime/renderer.ts';
import { releaseHost, shieldHost } from '../../runtime/shield.ts';
import { renderHooks, type WidgetRenderOptions } from '../../runtime/widget-options.ts';
import { TEXTS_RU } from '../../runtime/texts.ts';
import {
  type CustomSort,
  createInstantSearchConnector,
  type InstantSearchConnector,
  type InstantSearchSettings,
  type InstantSearchState,
} from './instant-search.connector.ts';
import { instantSearchParts } from './instant-search.parts.ts';
import { instantSearchTemplates } from './instant-search.templates.ts';

export interface InstantSearchOptions extends InstantSearchSettings, WidgetRenderOptions {
  source: DataSource;
  /** The site's search input (selectors.input); without it the widget renders its own. */
  input?: HTMLInputElement;
  /** Card layout of the product list. @default 'default' */
  layout?: CardLayout;
  onBuy?(product: Product, sku: Sku | null): void;
  /** A shopper opened a product of the results (its 0-based position on the page). */
  onOpen?(product: Product, position: number): void;
  /** Narrow layout (filters above the list). */
  mobile?: boolean;
  /**
   * Puts content of the page's own into the zero-results view (the boot: the site's
   * recommendation block); it gets its element under the empty list and returns its dispose.
   */
  zeroResults?(element: HTMLElement): () => void;
}

export interface InstantSearchWidget {
  readonly element: HTMLElement;
  readonly connector: InstantSearchConnector;
  update(options: Pick<InstantSearchOptions, 'templates'>): void;
  flush(): void;
  dispose(): void;
}

/**
 * Mounts the instant search: search header (`highlight`), selected `filters`, `sort`, `facets`
 * (facetCommon, facetSlider, facetBoolean, facetTreeList, facetCategory), `productList` of
 * `productItem` cards and `pagination` (pages or infinite), laid out by `common`.
 */
export function mountInstantSearch(
  container: HTMLElement,
  options: InstantSearchOptions,
): InstantSearchWidget {
  const host = shieldHost(container, 'digi-instant-search');
  const texts = options.texts ?? TEXTS_RU;
  const connector = createInstantSearchConnector(options.source, options);

  // Infinite list: load the next page when the sentinel comes near the viewport.
  let observer: IntersectionObserver | null = null;
  function observeSentinel(): void {
    if (!(options.isInfinite ?? false) || typeof IntersectionObserver === 'undefined') return;
    observer ??= new IntersectionObserver(
      (entries) => {
        if (entries.some((e) => e.isIntersecting)) void connector.loadMore();
      },
      { rootMargin: '0px 0px 400px 0px' },
    );
    observer.disconnect();
    const sentinel = host.querySelector('[data-digi-sentinel]');
    if (sentinel) observer.observe(sentinel);
  }

  // The zero-results view's own content: its element follows the list (outside the list's part,
  // so the list's renders leave it alone) and is disposed once products are listed again.
  let zero: { element: HTMLElement; dispose(): void } | null = null;
  function placeZeroResults(): void {
    if (!options.zeroResults) return;
    const { result, loading, products } = connector.store.get();
    if (loading) return;
    if (result === null || products.length > 0) {
      zero?.dispose();
      zero?.element.remove();
      zero = null;
      return;
    }
    const list = host.querySelector('[data-digi-part="productList"]');
    if (!zero) {
      const element = host.ownerDocument.createElement('div');
      element.className = 'digi-instant-search__zero-results';
      list?.after(element);
      zero = { element, dispose: options.zeroResults(element) };
    } else if (zero.element.previousElementSibling !== list) list?.after(zero.element);
  }

  const renderer = createPartRenderer<InstantSearchState>({
    root: host,
    rootPart: 'common',
    templates: { ...instantSearchTemplates, ...options.templates },
    getState: connector.store.get,
    ...renderHooks(options, (part) => {
      if (part === 'pagination') observeSentinel();
      if (part === 'productList') placeZeroResults();
    }),
    parts: instantSearchParts(connector, options, texts),
  });
  renderer.render();

  const unsubscribe = connector.store.subscribe(() => renderer.update());

  const input = options.input ?? null;
  const onSiteInput = (): void => connector.setQuery(input?.value ?? '');
  input?.addEventListener('input', onSiteInput);
  if (input && options.initialQuery === undefined) connector.store.set({ query: input.value });

  const offInput = onActions(host, 'input', {
    'is-query'(el) {
      connector.setQuery((el as HTMLInputElement).value);
    },
  });
  // Enter in the widget's own query field submits the query (a redirect rule may then apply).
  const offKey = onActions(host, 'keydown', {
    'is-query'(el, event) {
      if ((event as KeyboardEvent).key !== 'Enter') return;
      event.preventDefault();
      connector.submit((el as HTMLInputElement).value);
    },
  });
  const offChange = onActions(host, 'change', {
    'is-toggle'(el) {
      const { digiFacet, digiValue } = el.dataset;
      if (digiFacet && digiValue !== undefined) connector.toggleValue(digiFacet, digiValue);
    },
    'is-boolean'(el) {
      const facet = el.dataset['digiFacet'];
      if (facet) connector.setBoolean(facet, (el as HTMLInputElement).checked ? true : null);
    },
    'is-range'(el) {
      const facet = el.dataset['digiFacet'];
      if (!facet) return;
      const value = (el as HTMLInputElement).value.trim();
      const number = value === '' ? null : Number(value);
      const current = connector.store.get().filters[facet]?.[0] ?? '..';
      const [low = '', high = ''] = current.split('..');
      const min = el.dataset['digiBound'] === 'min' ? number : low === '' ? null : Number(low);
      const max = el.dataset['digiBound'] === 'max' ? number : high === '' ? null : Number(high);
      connector.setRange(facet, min, max);
    },
    'is-sort'(el) {
      connector.setSort((el as HTMLSelectElement).value as SearchSort | CustomSort);
    },
  });
  const offClick = onActions(host, 'click', {
    ...cardActionHandlers({
      pick: (id, param, value) => connector.pick(id, param, value),
      buy(id) {
        const { products, selections } = connector.store.get();
        const product = products.find((p) => p.id === id);
        if (product) options.onBuy?.(product, pickSku(product, selections[id] ?? {}));
      },
      open(id, position) {
        const product = connector.store.get().products.find((p) => p.id === id);
        if (product) options.onOpen?.(product, position);
      },
    }),
    'is-remove'(el) {
      const { digiFacet, digiValue } = el.dataset;
      if (digiFacet && digiValue !== undefined) connector.removeFilter(digiFacet, digiValue);
    },
    'is-clear-facet'(el) {
      const facet = el.dataset['digiFacet'];
      if (facet) connector.clearFacet(facet);
    },
    'is-clear-all': () => connector.clearAll(),
    // Phones: the folded facets open and close (the state lives on the host, which templates
    // never re-render).
    'is-filters-toggle'(el) {
      const open = host.classList.toggle('digi-instant-search--filters-open');
      el.setAttribute('aria-expanded', String(open));
    },
    'is-page'(el) {
      const page = Number(el.dataset['digiPage']);
      if (page > 0) {
        connector.setPage(page);
        host.scrollIntoView?.({ block: 'start', behavior: 'smooth' });
      }
    },
    'is-more': () => void connector.loadMore(),
    'is-category'(el) {
      const id = el.dataset['digiValue'];
      if (id) connector.toggleValue('categoryId', id);
    },
    'is-category-pick'(el) {
      const facet = el.dataset['digiFacet'];
      if (facet) connector.setCategory(facet, el.dataset['digiValue'] || null);
    },
    'is-suggestion'(el) {
      const query = el.dataset['digiValue'];
      if (!query) return;
      if (input) input.value = query;
      host
        .querySelector<HTMLInputElement>('[data-digi-action="is-query"]')
        ?.setAttribute('value', query);
      connector.searchQuery(query);
    },
  });

  // A query the page opened with (the search page of a submitted form) was asked for by the
  // shopper; a value left in the input was not.
  void connector.search({ submitted: (options.initialQuery ?? '').trim() !== '' });

  return {
    element: host,
    connector,
    update(next) {
      if (next.templates) renderer.setTemplates({ ...instantSearchTemplates, ...next.templates });
    },
    flush: () => renderer.flush(),
    dispose() {
      observer?.disconnect();
      zero?.dispose();
      connector.dispose();
      unsubscribe();
      offInput();
      offKey();
      offChange();
      offClick();
      input?.removeEventListener('input', onSiteInput);
      renderer.dispose();
      releaseHost(host);
    },
  };
}
