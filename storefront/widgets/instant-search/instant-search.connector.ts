import type { Product } from '#contract/public/product.ts';
import type { Facet, FacetValue, SearchResponse, SearchSort } from '#contract/public/search.ts';
import type { DataSource } from '../../runtime/data-source.ts';
import type { SkuSelection } from '../../runtime/product-view.ts';
import { createStore, type Store } from '../../runtime/store.ts';
import { throttle } from '../../runtime/throttle.ts';

export interface InstantSearchSettings {
  /** Products per page (pagination.pageSize). @default 20 */
  pageSize?: number;
  /** Infinite list instead of pages (pagination.isInfinite). @default false */
  isInfinite?: boolean;
  /** Search throttle while typing, ms. @default 800 */
  throttle?: number;
  /** @default 'advanced_xname,zero_queries' */
  strategy?: string;
  regionId?: string;
  showUnavailable?: boolean;
  /** @default 0.2 */
  unavailableMultiplier?: number;
  /** Category facet as a tree. @default false */
  treeFacets?: boolean;
  useCategoryPrediction?: boolean;
  withCorrection?: boolean;
  withSku?: boolean;
  initialQuery?: string;
  /** Filters, sort and page to start from (the page URL's, kept by the boot's router). */
  initialState?: Partial<Pick<InstantSearchState, 'filters' | 'sort' | 'page'>>;
  /**
   * The site's zeroSearchPredicate: true treats an answer as zero results (nothing listed, the
   * zero-results view shown).
   */
  isZero?: (response: SearchResponse, query: string) => boolean;
  /**
   * Search (and list the catalogue) with an empty query and no filters. A storefront shows
   * nothing until the shopper searches; the studio's preview may browse. @default false
   */
  browseWithoutQuery?: boolean;
  /** Preview windows from the console send preview=true (not counted in reports). */
  preview?: boolean;
  /**
   * Where a redirect rule's answer sends the shopper (`redirect.url`, or `mobileUrl` on a phone).
   * @default location.assign; previews (preview=true) list the results instead of leaving.
   */
  navigate?: (url: string) => void;
}

/** A phone-sized screen, where a redirect's mobileUrl applies. */
function isPhone(): boolean {
  return typeof matchMedia === 'function' && matchMedia('(max-width: 767px)').matches;
}

export interface InstantSearchState {
  query: string;
  /** Selected filters: facet name → raw filter values (`Nike`, `1000..5000`, `true`). */
  filters: Readonly<Record<string, readonly string[]>>;
  /** A built-in sort, or one of the site's custom sorts (`ASC:attribute`) the answer offers. */
  sort: SearchSort | CustomSort;
  /** 1-based. */
  page: number;
  loading: boolean;
  failed: boolean;
  result: SearchResponse | null;
  /** Products shown: the current page, or all loaded pages in infinite mode. */
  products: readonly Product[];
  /** SKU picks per product id. */
  selections: Readonly<Record<string, SkuSelection>>;
  /**
   * Queries to offer when a search found nothing: the query's near matches ('didYouMean'), or
   * else the site's popular queries ('popular'); null otherwise.
   */
  suggestions: { kind: 'didYouMean' | 'popular'; queries: readonly string[] } | null;
}

export interface SelectedFilter {
  facet: string;
  value: string;
  /** "Бренд: Nike", "Цена: 1 000 – 5 000 ₽", "В наличии: Да". */
  title: string;
  label: string;
}

export interface InstantSearchConnector {
  store: Store<InstantSearchState>;
  /** The request parameters for the current state (without apiKey). */
  params(): Record<string, string | number | string[]>;
  /**
   * Runs the search for the current state now. `submitted`: the shopper asked for this query
   * (a search page opened with it), so a redirect rule's answer is followed.
   */
  search(options?: { submitted?: boolean }): Promise<void>;
  /**
   * Typing: the search runs throttled (800 ms). A new query drops the selected filters. A query
   * still being typed never follows a redirect rule: its results are listed.
   */
  setQuery(query: string): void;
  /**
   * The shopper submits a query (Enter, the search button): searches it now, filters dropped,
   * and a redirect rule's answer is followed.
   */
  submit(query: string): void;
  /** A suggested query chosen: searches it now (filters dropped), as a submitted query. */
  searchQuery(query: string): void;
  /** Back to a state the page's history kept (query, filters, sort, page): searches it now. */
  restore(state: Pick<InstantSearchState, 'query' | 'filters' | 'sort' | 'page'>): void;
  /** Category drill-down: selects one category (null: all categories). */
  setCategory(facet: string, id: string | null): void;
  toggleValue(facet: string, value: string): void;
  /** Slider or range: null bounds are open; both null clears the facet. */
  setRange(facet: string, min: number | null, max: number | null): void;
  setBoolean(facet: string, value: boolean | null): void;
  removeFilter(facet: string, value: string): void;
  clearFacet(facet: string): void;
  clearAll(): void;
  setSort(sort: SearchSort | CustomSort): void;
  setPage(page: number): void;
  /** Infinite mode: loads and appends the next page. */
  loadMore(): Promise<void>;
  hasMore(): boolean;
  pageCount(): number;
  pick(productId: string, param: string, value: string): void;
  selectedFilters(): SelectedFilter[];
  dispose(): void;
}

/** A site's custom sort, as `/public/search` offers it in `sorts`. */
export type CustomSort = `${'ASC' | 'DESC'}:${string}`;

export const SORT_OPTIONS: readonly SearchSort[] = [
  'DEFAULT',
  'POPULARITY',
  'PRICE_ASC',
  'PRICE_DESC',
];

const formatNumber = new Intl.NumberFormat('ru-RU', { maximumFractionDigits: 2 });

/** A label for a raw filter value, using the facet when the answer has it. */
export function filterLabel(facet: Facet | undefined, value: string): string {
  const range = /^(-?[\d.]+)?\.\.(-?[\d.]+)?$/.exec(value);
  const unit = facet?.unit ? `\u00a0${facet.unit}` : '';
  if (range && (range[1] !== undefined || range[2] !== undefined)) {
    const from = range[1] === undefined ? null : formatNumber.format(Number(range[1]));
    const to = range[2] === undefined ? null : formatNumber.format(Number(range[2]));
    if (from !== null && to !== null) return `${from} – ${to}${unit}`;
    return from !== null ? `от ${from}${unit}` : `до ${to ?? ''}${unit}`;
  }
  if (facet?.dataType === 'BOOLEAN') return value === 'true' ? 'Да' : 'Нет';
  if (facet?.dataType === 'TREE' || facet?.dataType === 'CATEGORY') {
    const stack: FacetValue[] = [...facet.values];
    for (let node = stack.pop(); node !== undefined; node = stack.pop()) {
      if (node.id === value) return node.name;
      stack.push(...(node.children ?? []));
    }
  }
  return `${value}${unit}`;
}

export function createInstantSearchConnector(
  source: DataSource,
  settings: InstantSearchSettings = {},
): InstantSearchConnector {
  const pageSize = settings.pageSize ?? 20;
  const store = createStore<InstantSearchState>({
    query: settings.initialQuery ?? '',
    filters: {},
    sort: 'DEFAULT',
    page: 1,
    ...settings.initialState,
    loading: false,
    failed: false,
    result: null,
    products: [],
    selections: {},
    suggestions: null,
  });
  let controller: AbortController | null = null;
  let disposed = false;

  function params(page = store.get().page): Record<string, string | number | string[]> {
    const { query, filters, sort } = store.get();
    return {
      st: query.trim(),
      strategy: settings.strategy ?? 'advanced_xname,zero_queries',
      fullData: 'true',
      withCorrection: String(settings.withCorrection ?? true),
      withFacets: 'true',
      // The category facet always comes as a tree: a flat CATEGORY answer loses the hierarchy
      // (each level's names repeated with no parents). `settings.treeFacets` picks how it is
      // shown: a nested list (true) or a drill-down (false).
      treeFacets: 'true',
      regionId: settings.regionId ?? 'global',
      useCategoryPrediction: String(settings.useCategoryPrediction ?? false),
      size: pageSize,
      offset: (page - 1) * pageSize,
      showUnavailable: String(settings.showUnavailable ?? true),
      unavailableMultiplier: settings.unavailableMultiplier ?? 0.2,
      preview: String(settings.preview ?? false),
      withSku: String(settings.withSku ?? true),
      sort,
      filter: Object.entries(filters).flatMap(([facet, values]) =>
        values.map((v) => `${facet}:${v}`),
      ),
    };
  }

  /** Near matches of a query that found nothing, else the popular queries. */
  async function suggestionsFor(
    query: string,
    signal: AbortSignal,
  ): Promise<InstantSearchState['suggestions']> {
    const base = { productsSize: 0, strategy: settings.strategy ?? 'advanced_xname,zero_queries' };
    try {
      const near = await source.autocomplete({ ...base, st: query }, signal);
      const typed = query.trim().toLowerCase();
      const didYouMean = near.sts
        .map((q) => q.st)
        .filter((t) => t.toLowerCase() !== typed)
        .slice(0, 5);
      if (didYouMean.length > 0) return { kind: 'didYouMean', queries: didYouMean };
      const popular = await source.autocomplete({ ...base, st: '' }, signal);
      const queries = popular.sts.map((q) => q.st).slice(0, 5);
      return queries.length > 0 ? { kind: 'popular', queries } : null;
    } catch {
      return null; // suggestions are a nicety: the empty answer stands without them
    }
  }

  /** `submitted`: the shopper asked for this query; only then does a redirect rule send them away. */
  async function run(append: boolean, submitted = false): Promise<void> {
    controller?.abort();
    const current = new AbortController();
    controller = current;
    const { page, query, filters } = store.get();
    if (
      !(settings.browseWithoutQuery ?? false) &&
      query.trim() === '' &&
      Object.keys(filters).length === 0
    ) {
      // No search yet (or the query was erased): nothing is listed, no request is made.
      store.set({ loading: false, failed: false, result: null, products: [], suggestions: null });
      return;
    }
    store.set({ loading: true });
    try {
      let result = await source.search(params(page), current.signal);
      if (disposed || controller !== current) return;
      // A redirect rule answers for this query: the shopper goes to its page (spec part 2 §3),
      // once they submit it; while they type, the results are listed as for any query.
      if (result.redirect && submitted && !(settings.preview ?? false)) {
        const target = (isPhone() && result.redirect.mobileUrl) || result.redirect.url;
        const navigate = settings.navigate ?? ((url: string) => window.location.assign(url));
        store.set({ loading: false, failed: false });
        navigate(target);
        return;
      }
      if (result.totalHits > 0 && settings.isZero?.(result, query.trim()))
        result = { ...result, totalHits: 0, products: [], facets: [] };
      const suggestions =
        result.totalHits === 0 && query.trim() !== ''
          ? await suggestionsFor(query.trim(), current.signal)
          : null;
      if (disposed || controller !== current) return;
      store.set(({ products }) => ({
        result,
        loading: false,
        failed: false,
        suggestions,
        products: append ? [...products, ...result.products] : result.products,
      }));
    } catch (error) {
      if (disposed || controller !== current || current.signal.aborted) return;
      console.error('digi: search failed', error);
      store.set({ loading: false, failed: true });
    }
  }

  const throttledSearch = throttle(() => void run(false), settings.throttle ?? 800);
  /** Any refinement starts again from page 1. */
  const refine = (patch: Partial<InstantSearchState>, submitted = false): void => {
    throttledSearch.cancel();
    store.set({ ...patch, page: 1 });
    void run(false, submitted);
  };
  const setFacet = (facet: string, values: readonly string[]): void => {
    const next = { ...store.get().filters };
    if (values.length === 0) delete next[facet];
    else next[facet] = values;
    refine({ filters: next });
  };
  const pageCount = (): number => Math.ceil((store.get().result?.totalHits ?? 0) / pageSize);

  return {
    store,
    params: () => params(),
    search: (options) => run(false, options?.submitted ?? false),
    setQuery(query) {
      const current = store.get();
      // A new query is a new search: the previous query's filters do not carry over.
      const fresh = query.trim() !== current.query.trim();
      store.set({ query, page: 1, ...(fresh && { filters: {} }) });
      throttledSearch();
    },
    submit(query) {
      refine({ query, filters: {} }, true);
    },
    searchQuery(query) {
      refine({ query, filters: {} }, true);
    },
    restore(state) {
      throttledSearch.cancel();
      store.set(state);
      void run(false);
    },
    setCategory(facet, id) {
      setFacet(facet, id === null ? [] : [id]);
    },
    toggleValue(facet, value) {
      const values = store.get().filters[facet] ?? [];
      setFacet(
        facet,
        values.includes(value) ? values.filter((v) => v !== value) : [...values, value],
      );
    },
    setRange(facet, min, max) {
      setFacet(facet, min === null && max === null ? [] : [`${min ?? ''}..${max ?? ''}`]);
    },
    setBoolean(facet, value) {
      setFacet(facet, value === null ? [] : [String(value)]);
    },
    removeFilter(facet, value) {
      setFacet(
        facet,
        (store.get().filters[facet] ?? []).filter((v) => v !== value),
      );
    },
    clearFacet: (facet) => setFacet(facet, []),
    clearAll: () => refine({ filters: {} }),
    setSort: (sort) => refine({ sort }),
    setPage(page) {
      const target = Math.min(Math.max(1, page), Math.max(1, pageCount()));
      if (target === store.get().page) return;
      store.set({ page: target });
      void run(false);
    },
    async loadMore() {
      const { loading, page } = store.get();
      if (loading || page >= pageCount()) return;
      store.set({ page: page + 1 });
      await run(true);
    },
    hasMore: () => store.get().page < pageCount(),
    pageCount,
    pick(productId, param, value) {
      store.set(({ selections }) => {
        const current = { ...selections[productId] };
        if (current[param] === value) delete current[param];
        else current[param] = value;
        return { selections: { ...selections, [productId]: current } };
      });
    },
    selectedFilters() {
      const { filters, result } = store.get();
      return Object.entries(filters).flatMap(([facet, values]) => {
        const meta = result?.facets.find((f) => f.name === facet);
        return values.map((value) => ({
          facet,
          value,
          title: meta?.title ?? facet,
          label: filterLabel(meta, value),
        }));
      });
    },
    dispose() {
      disposed = true;
      throttledSearch.cancel();
      controller?.abort();
    },
  };
}
