import type { AutocompleteResponse } from '#contract/public/autocomplete.ts';
import type { CARD_TYPES, WIDTH_MODES } from '#contract/entities/config-fields.ts';
import type { DataSource } from '../../runtime/data-source.ts';
import { safeUrl } from '../../runtime/escape.ts';
import { toAmount } from '../../runtime/format.ts';
import { resolvePicture } from '../../runtime/product-view.ts';
import { clearHistory, pushHistory, readHistory } from '../../runtime/history.ts';
import { createStore, type Store } from '../../runtime/store.ts';
import { throttle } from '../../runtime/throttle.ts';

/** Autocomplete blocks (spec §3 "Autocomplete labels"). */
export type AutocompleteBlock =
  'queries' | 'products' | 'categories' | 'history' | 'taps' | 'brands' | 'contents';

export const AUTOCOMPLETE_BLOCKS: readonly AutocompleteBlock[] = [
  'history',
  'queries',
  'taps',
  'categories',
  'brands',
  'products',
];

export interface AutocompleteSettings {
  /** Blocks to show, in this order (typesAC). @default all six */
  blocks?: readonly AutocompleteBlock[];
  /** Products to ask for. @default 20 */
  productsSize?: number;
  /** Products to show. @default 6 */
  productsShown?: number;
  /** Autocomplete throttle, ms (throttleAutocomplete). @default 300 */
  throttle?: number;
  strategy?: string;
  regionId?: string;
  showUnavailable?: boolean;
  /** @default 0.2 */
  unavailableMultiplier?: number;
  withSku?: boolean;
  /** Search page the queries lead to: `{query}` is replaced, else `?st=` is appended. */
  searchPageUrl?: string;
  /** Brands to show (customSettings.topBrands). @default all answered */
  brandsShown?: number;
  /** Categories to show (customSettings.topCategories). @default all answered */
  categoriesShown?: number;
  /** The site's content pages matching the query, in a block after the others (withContent). */
  withContent?: boolean;
  /** Content pages to show (customSettings.contentsSize). @default 10 */
  contentsShown?: number;
  /** A microphone button that types what the shopper says (customSettings.speechRecognition). */
  speechRecognition?: boolean;
  /** The language it listens for (speechRecognitionLanguage). @default 'ru-RU' */
  speechLanguage?: string;
  /** How the products show (customSettings.cardType). @default 'HORIZONTAL_SMALL_CARD' */
  cardType?: AutocompleteCardType;
  /** The panel's width (customSettings.acWidthType). @default 'INPUT_WIDTH' */
  widthType?: AutocompleteWidthType;
}

export type AutocompleteCardType = (typeof CARD_TYPES)[number];
export type AutocompleteWidthType = (typeof WIDTH_MODES)[number];

export interface AutocompleteState {
  query: string;
  open: boolean;
  loading: boolean;
  failed: boolean;
  result: AutocompleteResponse | null;
  history: string[];
  /** Index into `options()`, -1 when none is active. */
  activeIndex: number;
}

/** One choosable row of the panel. */
export interface AutocompleteOption {
  kind: 'query' | 'history' | 'tap' | 'category' | 'brand' | 'product' | 'content';
  block: AutocompleteBlock;
  label: string;
  /** The search a choice runs (query, history, tap, brand). */
  query?: string;
  /** The page a choice opens (product, category). */
  url?: string;
  /**
   * The product row's fields, under the public product's names: `image_url` (`""` without a
   * picture), `price` and `oldPrice` as the API's decimal strings (`oldPrice` only when greater).
   */
  product?: {
    id: string;
    name: string;
    link_url: string;
    image_url: string;
    price: string;
    oldPrice?: string;
    currency: string;
    brand?: string;
    available: boolean;
  };
  detail?: string;
  count?: number | null;
}

export type AutocompleteIntent =
  | { type: 'search'; query: string }
  /** `productId` and its 0-based `position` among the products when a product was chosen. */
  | { type: 'open'; url: string; productId?: string; position?: number };

export interface AutocompleteConnector {
  store: Store<AutocompleteState>;
  /** The blocks shown, in order: the settings' blocks, then the content pages when asked for. */
  readonly blocks: readonly AutocompleteBlock[];
  /** The visible options, flattened in block order (what arrow keys walk through). */
  options(): AutocompleteOption[];
  /** The input changed: fetch suggestions (throttled). */
  input(query: string): void;
  open(): void;
  close(): void;
  /** Moves the active option by `delta`, wrapping; opens a closed panel. */
  move(delta: number): void;
  /** Chooses the option at `index` (or the typed query when none): records history, closes. */
  choose(index?: number): AutocompleteIntent | null;
  clearHistory(): void;
  searchUrl(query: string): string;
  dispose(): void;
}

export function createAutocompleteConnector(
  source: DataSource,
  settings: AutocompleteSettings = {},
): AutocompleteConnector {
  const blocks: readonly AutocompleteBlock[] = [
    ...(settings.blocks ?? AUTOCOMPLETE_BLOCKS),
    ...(settings.withContent ? (['contents'] as const) : []),
  ];
  const store = createStore<AutocompleteState>({
    query: '',
    open: false,
    loading: false,
    failed: false,
    result: null,
    history: blocks.includes('history') ? readHistory() : [],
    activeIndex: -1,
  });
  let controller: AbortController | null = null;
  let disposed = false;

  const fetchSuggestions = throttle((query: string) => {
    controller?.abort();
    const current = new AbortController();
    controller = current;
    store.set({ loading: true });
    source
      .autocomplete(
        {
          st: query,
          productsSize: settings.productsSize ?? 20,
          ...(settings.strategy ? { strategy: settings.strategy } : {}),
          ...(settings.regionId ? { regionId: settings.regionId } : {}),
          showUnavailable: String(settings.showUnavailable ?? true),
          unavailableMultiplier: settings.unavailableMultiplier ?? 0.2,
          withSku: String(settings.withSku ?? false),
          ...(settings.withContent && {
            withContent: 'true',
            contentsSize: settings.contentsShown ?? 10,
          }),
        },
        current.signal,
      )
      .then(
        (result) => {
          if (disposed || controller !== current) return;
          store.set({ result, loading: false, failed: false, activeIndex: -1 });
        },
        (error: unknown) => {
          if (disposed || controller !== current || current.signal.aborted) return;
          console.error('digi: autocomplete failed', error);
          store.set({ loading: false, failed: true });
        },
      );
  }, settings.throttle ?? 300);

  function options(): AutocompleteOption[] {
    const { result, history, query } = store.get();
    const folded = query.trim().toLowerCase();
    const out: AutocompleteOption[] = [];
    for (const block of blocks) {
      switch (block) {
        case 'history':
          for (const q of history
            .filter((h) => folded === '' || h.toLowerCase().startsWith(folded))
            .slice(0, 5)) {
            out.push({ kind: 'history', block, label: q, query: q });
          }
          break;
        case 'queries':
          for (const q of result?.sts ?? [])
            out.push({ kind: 'query', block, label: q.st, query: q.st, count: q.amount });
          break;
        case 'taps':
          for (const t of result?.taps ?? [])
            out.push({ kind: 'tap', block, label: t.tap, query: t.relatedSearch });
          break;
        case 'categories':
          for (const c of (result?.categories ?? []).slice(0, settings.categoriesShown)) {
            out.push({
              kind: 'category',
              block,
              label: c.name,
              detail: c.path.join(' / '),
              count: c.count,
              ...(c.link_url ? { url: safeUrl(c.link_url) } : { query: c.name }),
            });
          }
          break;
        case 'brands':
          for (const b of (result?.brands ?? []).slice(0, settings.brandsShown))
            out.push({
              kind: 'brand',
              block,
              label: b.name,
              count: b.count,
              // the brand's page when the site has one, else a search for it
              ...(b.url ? { url: safeUrl(b.url) } : { query: b.name }),
            });
          break;
        case 'products':
          for (const p of (result?.products ?? []).slice(0, settings.productsShown ?? 6)) {
            const url = safeUrl(p.link_url);
            const picture = p.image_url || p.image_urls[0] || '';
            const discounted = (toAmount(p.oldPrice) ?? 0) > (toAmount(p.price) ?? 0);
            out.push({
              kind: 'product',
              block,
              label: p.name,
              url,
              product: {
                id: p.id,
                name: p.name,
                link_url: url,
                image_url: picture ? safeUrl(resolvePicture(picture), 'picture') : '',
                price: p.price,
                ...(discounted && { oldPrice: p.oldPrice }),
                currency: p.currency,
                ...(p.brand !== undefined && { brand: p.brand }),
                available: p.available,
              },
            });
          }
          break;
        case 'contents':
          for (const page of (result?.contents ?? []).slice(0, settings.contentsShown ?? 10))
            out.push({ kind: 'content', block, label: page.title, url: safeUrl(page.url) });
          break;
      }
    }
    return out;
  }

  function searchUrl(query: string): string {
    const page = settings.searchPageUrl ?? '/search';
    const encoded = encodeURIComponent(query);
    if (page.includes('{query}')) return page.replace('{query}', encoded);
    return `${page}${page.includes('?') ? '&' : '?'}st=${encoded}`;
  }

  return {
    store,
    blocks,
    options,
    input(query) {
      store.set({ query, open: true, activeIndex: -1 });
      fetchSuggestions(query.trim());
    },
    open() {
      if (store.get().open) return;
      store.set({ open: true });
      if (store.get().result === null) fetchSuggestions(store.get().query.trim());
    },
    close() {
      store.set({ open: false, activeIndex: -1 });
    },
    move(delta) {
      const { open, activeIndex } = store.get();
      const count = options().length;
      if (!open) {
        store.set({ open: true });
        return;
      }
      if (count === 0) return;
      // -1 (the input itself) is part of the cycle, as in the ARIA combobox pattern.
      const next = ((((activeIndex + 1 + delta) % (count + 1)) + count + 1) % (count + 1)) - 1;
      store.set({ activeIndex: next });
    },
    choose(index) {
      const at = index ?? store.get().activeIndex;
      const option = at >= 0 ? options()[at] : undefined;
      const typed = store.get().query.trim();
      let intent: AutocompleteIntent | null = null;
      if (option?.url !== undefined)
        intent = {
          type: 'open',
          url: option.url,
          ...(option.product && {
            productId: option.product.id,
            // options() builds new objects on each call: find the product by its id
            position: options()
              .filter((o) => o.kind === 'product')
              .findIndex((o) => o.product?.id === option.product?.id),
          }),
        };
      else if (option?.query !== undefined) intent = { type: 'search', query: option.query };
      else if (typed !== '') intent = { type: 'search', query: typed };
      if (intent?.type === 'search' && blocks.includes('history')) {
        store.set({ history: pushHistory(intent.query) });
      }
      if (intent !== null)
        store.set({
          open: false,
          activeIndex: -1,
          ...(intent.type === 'search' ? { query: intent.query } : {}),
        });
      return intent;
    },
    clearHistory() {
      clearHistory();
      store.set({ history: [], activeIndex: -1 });
    },
    searchUrl,
    dispose() {
      disposed = true;
      fetchSuggestions.cancel();
      controller?.abort();
    },
  };
}
