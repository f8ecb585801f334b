import type { Product } from '#contract/public/product.ts';
import type { RecommendationStrategy } from '#contract/public/recommendations.ts';
import type { DataSource } from '../../runtime/data-source.ts';
import type { SkuSelection } from '../../runtime/product-view.ts';
import { createStore, type Store } from '../../runtime/store.ts';
import { rememberView } from './recent-views.ts';

export type BreakpointName = 'phones' | 'tablets' | 'laptops' | 'monitors' | 'tv';

export interface SwiperBreakpoint {
  slidesPerView: number;
  slidesPerGroup: number;
  spaceBetween: number;
  speed: number;
}

/** Minimum viewport width of each named breakpoint, px (mobile breakpoint 768, spec §9). */
export const BREAKPOINT_WIDTHS: Readonly<Record<BreakpointName, number>> = {
  phones: 0,
  tablets: 768,
  laptops: 1024,
  monitors: 1440,
  tv: 1920,
};

/** Spec §9 recommendation block defaults: speed 300, per view 2/3/4/4/5, per group 1. */
export const DEFAULT_BREAKPOINTS: Readonly<Record<BreakpointName, SwiperBreakpoint>> = {
  phones: { slidesPerView: 2, slidesPerGroup: 1, spaceBetween: 8, speed: 300 },
  tablets: { slidesPerView: 3, slidesPerGroup: 1, spaceBetween: 12, speed: 300 },
  laptops: { slidesPerView: 4, slidesPerGroup: 1, spaceBetween: 16, speed: 300 },
  monitors: { slidesPerView: 4, slidesPerGroup: 1, spaceBetween: 16, speed: 300 },
  tv: { slidesPerView: 5, slidesPerGroup: 1, spaceBetween: 16, speed: 300 },
};

/** The block's customSettings (spec §3 "Recommendations block config"), the parts the runtime reads. */
export interface RecommendationsSettings {
  strategy?: RecommendationStrategy;
  /** The product the page shows (same_category, similar_price). */
  productId?: string;
  categoryId?: string;
  blockId?: string;
  /**
   * The shopper's tracking session (session strategies: recently viewed, personal, session kNN);
   * the block also sends the session's recent views this browser remembers (recent-views.ts).
   */
  sessionId?: string;
  /** The block's placement: a recommendation widget claiming it decides the strategy. */
  placement?: string;
  /** Called once the recommendations could not be loaded (the block then shows nothing). */
  onFailure?(error: unknown): void;
  /** Title above the block (the config's message). */
  message?: string;
  /** Tracking widget type. @default 'RECOMMENDATIONS' */
  widgetType?: string;
  showUnavailable?: boolean;
  openProductInNewTab?: boolean;
  /** Products to ask for. @default 20 */
  itemsPerPageDesktop?: number;
  /** @default 10 */
  itemsPerPageMobile?: number;
  /** Load when the block comes within two thirds of the window height. @default true */
  lazyLoad?: boolean;
  /** How much of the block must show to count a view, px. @default 0 */
  marginViewEventDesktop?: number;
  marginViewEventMobile?: number;
  swiperOptions?: {
    /** @default true */
    swiperEnabled?: boolean;
    /** @default true */
    swiperPaginationEnabled?: boolean;
    loop?: boolean;
    rewind?: boolean;
    /** @default 300 */
    speedDesktop?: number;
    speedMobile?: number;
    gapDesktop?: number;
    gapMobile?: number;
    simulateTouchDesktop?: boolean;
    dynamicBulletsDesktop?: boolean;
    dynamicBulletsMobile?: boolean;
    breakpoints?: Partial<Record<BreakpointName, Partial<SwiperBreakpoint>>>;
  };
  infinityListOptions?: {
    /** Infinite list instead of the slider. @default false */
    infiniteListMode?: boolean;
    /** Products added per step. @default 8 */
    stepCountPageDesktop?: number;
    /** @default 4 */
    stepCountPageMobile?: number;
  };
}

export interface RecommendationsState {
  status: 'idle' | 'loading' | 'ready' | 'failed';
  products: readonly Product[];
  total: number;
  /** Infinite list: how many products show. */
  shown: number;
  modalOpen: boolean;
  selections: Readonly<Record<string, SkuSelection>>;
}

export interface RecommendationsConnector {
  store: Store<RecommendationsState>;
  load(): Promise<void>;
  /** Infinite list: shows `step` more, fetching when needed. */
  more(): Promise<void>;
  hasMore(): boolean;
  openModal(): void;
  closeModal(): void;
  pick(productId: string, param: string, value: string): void;
  breakpoints(): Record<BreakpointName, SwiperBreakpoint>;
  dispose(): void;
}

export function createRecommendationsConnector(
  source: DataSource,
  settings: RecommendationsSettings = {},
  mobile = false,
): RecommendationsConnector {
  const pageSize = mobile
    ? (settings.itemsPerPageMobile ?? 10)
    : (settings.itemsPerPageDesktop ?? 20);
  const step = mobile
    ? (settings.infinityListOptions?.stepCountPageMobile ?? 4)
    : (settings.infinityListOptions?.stepCountPageDesktop ?? 8);
  const store = createStore<RecommendationsState>({
    status: 'idle',
    products: [],
    total: 0,
    shown: 0,
    modalOpen: false,
    selections: {},
  });
  const controller = new AbortController();
  // The session's views, this page's product last: read once, when the block is made.
  const viewed = rememberView(settings.sessionId, settings.productId);

  async function fetchPage(offset: number): Promise<void> {
    store.set({ status: 'loading' });
    try {
      const answer = await source.recommendations(
        {
          strategy: settings.strategy ?? 'popular',
          ...(settings.productId ? { productId: settings.productId } : {}),
          ...(settings.categoryId ? { categoryId: settings.categoryId } : {}),
          ...(settings.blockId ? { blockId: settings.blockId } : {}),
          ...(settings.sessionId ? { sessionId: settings.sessionId } : {}),
          ...(viewed.length ? { viewed: viewed.join(',') } : {}),
          ...(settings.placement ? { placement: settings.placement } : {}),
          size: pageSize,
          offset,
          showUnavailable: String(settings.showUnavailable ?? false),
          withSku: 'true',
        },
        controller.signal,
      );
      store.set(({ products, shown }) => ({
        status: 'ready',
        products: [...products, ...answer.products],
        total: answer.totalHits,
        shown: Math.min(Math.max(shown, step), products.length + answer.products.length),
      }));
    } catch (error) {
      if (controller.signal.aborted) return;
      store.set({ status: 'failed' });
      settings.onFailure?.(error);
    }
  }

  return {
    store,
    load: () => (store.get().status === 'idle' ? fetchPage(0) : Promise.resolve()),
    async more() {
      const { shown, products, total, status } = store.get();
      if (status === 'loading') return;
      const want = shown + step;
      if (want > products.length && products.length < total) await fetchPage(products.length);
      store.set(({ products: loaded }) => ({ shown: Math.min(want, loaded.length) }));
    },
    hasMore() {
      const { shown, products, total } = store.get();
      return shown < products.length || products.length < total;
    },
    openModal: () => store.set({ modalOpen: true }),
    closeModal: () => store.set({ modalOpen: false }),
    pick(productId, param, value) {
      store.set(({ selections }) => {
        const current = { ...selections[productId] };
        if (current[param] === value) delete current[param];
        else current[param] = value;
        return { selections: { ...selections, [productId]: current } };
      });
    },
    breakpoints() {
      const custom = settings.swiperOptions?.breakpoints ?? {};
      const out = {} as Record<BreakpointName, SwiperBreakpoint>;
      for (const name of Object.keys(DEFAULT_BREAKPOINTS) as BreakpointName[]) {
        out[name] = { ...DEFAULT_BREAKPOINTS[name], ...custom[name] };
      }
      return out;
    },
    dispose: () => controller.abort(),
  };
}
