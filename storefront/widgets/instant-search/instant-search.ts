import type { Facet, FacetValue, SearchSort } from '#contract/public/search.ts';
import type { Product, Sku } from '#contract/public/product.ts';
import { cardActionHandlers, onActions } from '../../runtime/card-actions.ts';
import { correctedQuery } from '../../runtime/correction.ts';
import type { DataSource } from '../../runtime/data-source.ts';
import { cardView, pickSku, type CardLayout } from '../../runtime/product-view.ts';
import { createPartRenderer } from '../../runtime/renderer.ts';
import { releaseHost, shieldHost } from '../../runtime/shield.ts';
import { renderHooks, type WidgetRenderOptions } from '../../runtime/widget-options.ts';
import { TEXTS_RU, type Texts } from '../../runtime/texts.ts';
import {
  SORT_OPTIONS,
  type CustomSort,
  createInstantSearchConnector,
  filterLabel,
  type InstantSearchConnector,
  type InstantSearchSettings,
  type InstantSearchState,
} from './instant-search.connector.ts';
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

/** The part that renders a facet of each type (spec §3 htmlTemplate names). */
const FACET_PART: Record<Facet['dataType'], string> = {
  DISTINCT: 'facetCommon',
  NUM_DISTINCT: 'facetCommon',
  RANGES: 'facetCommon',
  SLIDER: 'facetSlider',
  BOOLEAN: 'facetBoolean',
  TREE: 'facetTreeList',
  CATEGORY: 'facetCategory',
};

const SORT_TEXT: Record<SearchSort, keyof Texts> = {
  DEFAULT: 'sortDefault',
  POPULARITY: 'sortPopularity',
  PRICE_ASC: 'sortPriceAsc',
  PRICE_DESC: 'sortPriceDesc',
};

/** Page numbers with gaps: 1 … 4 5 [6] 7 8 … 20. */
function pageList(
  current: number,
  count: number,
): Array<{ n: number; current: boolean; gap: boolean }> {
  const pages: Array<{ n: number; current: boolean; gap: boolean }> = [];
  for (let n = 1; n <= count; n += 1) {
    if (n === 1 || n === count || Math.abs(n - current) <= 2)
      pages.push({ n, current: n === current, gap: false });
    else if (pages.at(-1)?.gap !== true) pages.push({ n, current: false, gap: true });
  }
  return pages;
}

/**
 * The category facet as a drill-down: the path to the selected category (root first) and the
 * categories to pick next (the selected one's children, or the roots).
 */
export function categoryDrillDown(tree: readonly FacetValue[]): {
  path: FacetValue[];
  options: readonly FacetValue[];
} {
  const find = (nodes: readonly FacetValue[], trail: FacetValue[]): FacetValue[] | null => {
    for (const node of nodes) {
      const here = [...trail, node];
      // the deepest selected node wins (a parent may be marked selected with its child)
      const deeper = find(node.children ?? [], here);
      if (deeper) return deeper;
      if (node.selected) return here;
    }
    return null;
  };
  const path = find(tree, []) ?? [];
  const last = path.at(-1);
  return { path, options: last ? (last.children ?? []) : tree };
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
  const facetOf = (state: InstantSearchState, name: string): Facet | undefined =>
    state.result?.facets.find((f) => f.name === name);
  const facetVm = (state: InstantSearchState, name: string) => ({
    facet: facetOf(state, name) ?? null,
    texts,
  });

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
    parts: {
      common: {
        select: () => ({
          texts,
          ownInput: options.input === undefined,
          initialQuery: options.initialQuery ?? '',
          mobile: options.mobile ?? false,
        }),
      },
      highlight: {
        select: (s) => ({
          texts,
          result: s.result !== null,
          loading: s.loading,
          failed: s.failed,
          // the results are the corrected query's when there is a correction
          query: (s.result && correctedQuery(s.result)) ?? s.result?.query ?? '',
          typed: s.result?.query ?? '',
          total: s.result?.totalHits ?? 0,
          correction: s.result ? correctedQuery(s.result) : null,
          categoryPrediction: s.result?.categoryPrediction ?? null,
        }),
      },
      facets: {
        select: (s) => ({
          facets: (s.result?.facets ?? []).map((f) => ({
            name: f.name,
            dataType: f.dataType,
            // treeFacets off: the category tree is shown as a drill-down
            part:
              f.dataType === 'TREE' && !(options.treeFacets ?? false)
                ? 'facetCategory'
                : FACET_PART[f.dataType],
          })),
        }),
      },
      facetCommon: {
        select(s, name) {
          const facet = facetOf(s, name);
          // Each value as the answer gives it (`id` the filter value, `value` its count), with
          // the label to show: a range's formatted bounds, else the value's name.
          const values =
            facet?.dataType === 'RANGES' ||
            facet?.dataType === 'DISTINCT' ||
            facet?.dataType === 'NUM_DISTINCT'
              ? facet.values.map((v) => ({
                  ...v,
                  label: facet.dataType === 'RANGES' ? filterLabel(facet, v.id) : v.name,
                }))
              : [];
          return { ...facetVm(s, name), values, selectedAny: values.some((v) => v.selected) };
        },
      },
      facetSlider: {
        select(s, name) {
          const facet = facetOf(s, name);
          if (facet?.dataType !== 'SLIDER') return { facet: null, texts };
          // The slider's bounds are the values with the ids `min` and `max`.
          const bound = (id: string): number | undefined =>
            facet.values.find((v) => v.id === id)?.value;
          const min = bound('min') ?? facet.selectedMin ?? 0;
          const max = bound('max') ?? facet.selectedMax ?? min;
          return {
            facet,
            texts,
            min,
            max,
            low: facet.selectedMin ?? '',
            high: facet.selectedMax ?? '',
            lowOrMin: facet.selectedMin ?? min,
            highOrMax: facet.selectedMax ?? max,
          };
        },
      },
      facetBoolean: {
        select(s, name) {
          const facet = facetOf(s, name);
          if (facet?.dataType !== 'BOOLEAN') return { facet: null, texts };
          // The switch filters on the value `true`: its count and whether it is selected.
          const yes = facet.values.find((v) => v.id === 'true');
          return { facet, texts, selected: yes?.selected ?? false, count: yes?.value ?? 0 };
        },
      },
      facetTreeList: { select: facetVm },
      facetCategory: {
        select(s, name) {
          const facet = facetOf(s, name);
          if (facet?.dataType !== 'CATEGORY' && facet?.dataType !== 'TREE')
            return { facet: null, texts };
          const { path, options } = categoryDrillDown(facet.values);
          return {
            facet,
            texts,
            path: path.map((n, i) => ({ id: n.id, name: n.name, current: i === path.length - 1 })),
            options: options.map((n) => ({ id: n.id, name: n.name, value: n.value })),
          };
        },
      },
      filters: { select: () => ({ texts, chips: connector.selectedFilters() }) },
      sort: {
        select: (s) => ({
          texts,
          options: [
            ...SORT_OPTIONS.map((value) => ({
              value: value as string,
              label: texts[SORT_TEXT[value]],
              selected: value === s.sort,
            })),
            // The site's custom sorts, as the answer offers them.
            ...(s.result?.sorts ?? []).map((option) => ({
              value: option.value,
              label: option.title,
              selected: option.value === s.sort,
            })),
          ],
        }),
      },
      productList: {
        select: (s) => ({
          texts,
          loading: s.loading,
          searched: s.result !== null,
          suggestions: s.suggestions,
          didYouMean: s.suggestions?.kind === 'didYouMean',
          items: s.products.map((p) => ({ id: p.id })),
          skeleton: Array.from({ length: 8 }, (_, i) => i),
        }),
      },
      productItem: {
        select(s, id) {
          const index = s.products.findIndex((p) => p.id === id);
          const product = s.products[index];
          return {
            texts,
            query: (s.result && correctedQuery(s.result)) ?? s.result?.query ?? '',
            product: product
              ? cardView(product, {
                  layout: options.layout ?? 'default',
                  selection: s.selections[id] ?? {},
                  position: index,
                })
              : null,
          };
        },
      },
      pagination: {
        select: (s) => {
          const count = connector.pageCount();
          return {
            texts,
            infinite: options.isInfinite ?? false,
            hasMore: s.page < count,
            loading: s.loading,
            pages: count > 1 ? pageList(s.page, count) : [],
            prev: s.page > 1 ? s.page - 1 : 0,
            next: s.page < count ? s.page + 1 : 0,
          };
        },
      },
    },
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
