import Swiper from 'swiper';
import { Navigation, Pagination } from 'swiper/modules';
import type { Product, Sku } from '#contract/public/product.ts';
import { cardActionHandlers, onActions } from '../../runtime/card-actions.ts';
import type { DataSource } from '../../runtime/data-source.ts';
import { cardView, pickSku, type CardLayout } from '../../runtime/product-view.ts';
import { createPartRenderer } from '../../runtime/renderer.ts';
import { releaseHost, shieldHost } from '../../runtime/shield.ts';
import type { PartTemplates } from '../../runtime/templates.ts';
import { renderHooks, type WidgetRenderOptions } from '../../runtime/widget-options.ts';
import { TEXTS_RU } from '../../runtime/texts.ts';
import { createWidgetTracker, type WidgetTracker } from '../../runtime/tracking.ts';
import {
  BREAKPOINT_WIDTHS,
  createRecommendationsConnector,
  type BreakpointName,
  type RecommendationsConnector,
  type RecommendationsSettings,
  type RecommendationsState,
} from './recommendations.connector.ts';
import { recommendationsTemplates } from './recommendations.templates.ts';

export interface RecommendationsOptions extends RecommendationsSettings, WidgetRenderOptions {
  source: DataSource;
  layout?: CardLayout;
  /** Mobile settings (items per page, steps, view margin). @default viewport < 768 */
  mobile?: boolean;
  mvtGroups?: readonly string[];
  /**
   * How far (px) around the viewport the block starts loading (the config's
   * lazyLoadMargin…Function). @default two thirds of the window height (spec §9)
   */
  lazyLoadMargin?(): unknown;
  onBuy?(product: Product, sku: Sku | null): void;
}

export interface RecommendationsWidget {
  readonly element: HTMLElement;
  /** Replaces templates (the studio's live preview); changed parts re-render after their delays. */
  update(options: { templates?: PartTemplates }): void;
  readonly connector: RecommendationsConnector;
  readonly tracker: WidgetTracker;
  flush(): void;
  dispose(): void;
}

/**
 * Mounts a recommendation block: `common` holds a Swiper slider (`swiper`) or an infinite list
 * (`infinityList`, `infinityListModal`) of `productItem` cards. Loads lazily when the block comes
 * within two thirds of the window height; sends WIDGET_VIEW when it shows and WIDGET_CLICK on a
 * product link.
 */
export function mountRecommendations(
  container: HTMLElement,
  options: RecommendationsOptions,
): RecommendationsWidget {
  const host = shieldHost(container, 'digi-recommendations-widget');
  const view = host.ownerDocument.defaultView ?? window;
  const mobile = options.mobile ?? view.innerWidth < 768;
  const texts = options.texts ?? TEXTS_RU;
  const infinite = options.infinityListOptions?.infiniteListMode ?? false;
  const swiperEnabled = options.swiperOptions?.swiperEnabled ?? true;
  // A block that cannot load never shows the shopper an error: it hides itself, and the error
  // goes where render errors go (onError: the console's error reports).
  const connector = createRecommendationsConnector(
    options.source,
    {
      ...options,
      onFailure(error) {
        host.hidden = true;
        host.style.setProperty('display', 'none', 'important');
        if (options.onError) options.onError('load', error);
        else console.error('digi: recommendations failed', error);
        options.onFailure?.(error);
      },
    },
    mobile,
  );
  const tracker = createWidgetTracker({
    source: options.source,
    widgetType: options.widgetType ?? 'RECOMMENDATIONS',
    strategy: options.strategy ?? 'popular',
    ...(options.mvtGroups ? { mvtGroups: options.mvtGroups } : {}),
    ...(options.blockId ? { blockId: options.blockId } : {}),
  });
  const title = options.message ?? texts.recommendations;
  const card = (s: RecommendationsState, product: Product, position: number) =>
    cardView(product, {
      layout: options.layout ?? 'default',
      selection: s.selections[product.id] ?? {},
      position,
    });
  const visible = (s: RecommendationsState): readonly Product[] =>
    infinite ? s.products.slice(0, s.shown) : s.products;
  const skeleton = Array.from({ length: mobile ? 2 : 4 }, (_, i) => i);
  let swiper: Swiper | null = null;

  const renderer = createPartRenderer<RecommendationsState>({
    root: host,
    rootPart: 'common',
    templates: { ...recommendationsTemplates, ...options.templates },
    getState: connector.store.get,
    ...renderHooks(options, (part) => {
      if (part === 'swiper') initSwiper();
    }),
    parts: {
      common: {
        select: (s) => ({
          texts,
          title,
          infinite: infinite || !swiperEnabled,
          failed: false,
          empty: s.status === 'failed' || (s.status === 'ready' && s.products.length === 0),
        }),
      },
      swiper: {
        select: (s) => ({
          texts,
          loading: s.status !== 'ready',
          skeleton,
          pagination: options.swiperOptions?.swiperPaginationEnabled ?? true,
          items: s.products.map((p) => ({ id: p.id })),
        }),
      },
      infinityList: {
        select: (s) => ({
          texts,
          loading: s.status === 'idle' || (s.status === 'loading' && s.products.length === 0),
          busy: s.status === 'loading',
          skeleton,
          hasMore: connector.hasMore(),
          items: visible(s).map((p) => ({ id: p.id })),
        }),
      },
      infinityListModal: {
        select: (s) => ({
          texts,
          title,
          open: s.modalOpen,
          hasMore: s.products.length < s.total,
          items: s.modalOpen ? s.products.map((p, i) => card(s, p, i)) : [],
        }),
      },
      productItem: {
        select(s, id) {
          const index = s.products.findIndex((p) => p.id === id);
          const product = s.products[index];
          return { texts, query: '', product: product ? card(s, product, index) : null };
        },
      },
    },
  });

  function initSwiper(): void {
    swiper?.destroy(true, true);
    swiper = null;
    const el = host.querySelector<HTMLElement>('.digi-recommendations__swiper');
    if (el === null || el.querySelector('.swiper-slide') === null) return;
    const s = options.swiperOptions ?? {};
    const breakpoints: Record<number, object> = {};
    for (const [name, bp] of Object.entries(connector.breakpoints()) as Array<
      [
        BreakpointName,
        { slidesPerView: number; slidesPerGroup: number; spaceBetween: number; speed: number },
      ]
    >) {
      breakpoints[BREAKPOINT_WIDTHS[name]] = bp;
    }
    try {
      swiper = new Swiper(el, {
        modules: [Navigation, Pagination],
        speed: mobile ? (s.speedMobile ?? 300) : (s.speedDesktop ?? 300),
        loop: s.loop ?? false,
        rewind: s.rewind ?? false,
        simulateTouch: mobile || (s.simulateTouchDesktop ?? true),
        breakpoints,
        navigation: {
          prevEl: host.querySelector<HTMLElement>('.digi-recommendations__prev'),
          nextEl: host.querySelector<HTMLElement>('.digi-recommendations__next'),
        },
        ...((s.swiperPaginationEnabled ?? true)
          ? {
              pagination: {
                el: host.querySelector<HTMLElement>('.digi-recommendations__pagination'),
                clickable: true,
                dynamicBullets: mobile
                  ? (s.dynamicBulletsMobile ?? true)
                  : (s.dynamicBulletsDesktop ?? false),
              },
            }
          : {}),
        a11y: { enabled: true },
      });
    } catch (error) {
      // The slider is an enhancement: the slides stay readable as a scrolling list.
      console.error('digi: swiper failed', error);
    }
  }

  renderer.render();
  const unsubscribe = connector.store.subscribe((state, previous) => {
    renderer.update();
    if (state.status === 'ready' && previous.status !== 'ready' && state.products.length > 0)
      watchView();
  });

  const observers: IntersectionObserver[] = [];
  const hasObserver = typeof IntersectionObserver !== 'undefined';
  let viewed = false;
  function sendView(): void {
    if (viewed) return;
    viewed = true;
    tracker.view(visible(connector.store.get()).map((p) => p.id));
  }
  function watchView(): void {
    if (!hasObserver) {
      sendView();
      return;
    }
    const margin = mobile
      ? (options.marginViewEventMobile ?? 0)
      : (options.marginViewEventDesktop ?? 0);
    const observer = new IntersectionObserver(
      (entries) => {
        if (entries.some((e) => e.isIntersecting)) {
          sendView();
          observer.disconnect();
        }
      },
      { rootMargin: `${-margin}px 0px` },
    );
    observer.observe(host);
    observers.push(observer);
  }

  function lazyLoadMargin(): number {
    try {
      const margin = options.lazyLoadMargin?.();
      if (typeof margin === 'number' && Number.isFinite(margin)) return Math.round(margin);
    } catch (error) {
      console.error('[digi] lazy load margin function failed', error);
    }
    return Math.round((view.innerHeight * 2) / 3);
  }

  if ((options.lazyLoad ?? true) && hasObserver) {
    const margin = lazyLoadMargin();
    const observer = new IntersectionObserver(
      (entries) => {
        if (entries.some((e) => e.isIntersecting)) {
          observer.disconnect();
          void connector.load();
        }
      },
      { rootMargin: `${margin}px 0px` },
    );
    observer.observe(host);
    observers.push(observer);
  } else {
    void connector.load();
  }

  const offClick = onActions(host, 'click', {
    ...cardActionHandlers({
      pick: (id, param, value) => connector.pick(id, param, value),
      buy(id) {
        const { products, selections } = connector.store.get();
        const product = products.find((p) => p.id === id);
        if (product) options.onBuy?.(product, pickSku(product, selections[id] ?? {}));
      },
      open: (id, position) => tracker.click(id, position),
    }),
    'recs-more': () => void connector.more(),
    'recs-modal-open': () => connector.openModal(),
    'recs-modal-close': () => connector.closeModal(),
  });
  const onKey = (event: KeyboardEvent): void => {
    if (event.key === 'Escape' && connector.store.get().modalOpen) connector.closeModal();
  };
  host.addEventListener('keydown', onKey);
  if (options.openProductInNewTab) {
    host.addEventListener('click', (event) => {
      const link = event.target instanceof Element ? event.target.closest('a') : null;
      if (link) link.target = '_blank';
    });
  }

  return {
    element: host,
    update(next) {
      if (next.templates) renderer.setTemplates({ ...recommendationsTemplates, ...next.templates });
    },
    connector,
    tracker,
    flush: () => renderer.flush(),
    dispose() {
      for (const o of observers) o.disconnect();
      swiper?.destroy(true, true);
      connector.dispose();
      unsubscribe();
      offClick();
      host.removeEventListener('keydown', onKey);
      renderer.dispose();
      releaseHost(host);
    },
  };
}
