/**
 * `boot(config)` of a site's generated storefront bundle (server/publishing/bundle/build-bundle.ts):
 * mounts the widgets the site's configs describe where their selectors point on the merchant's
 * page. The bundle ends with `digi.site = digi.boot({...}, document.currentScript)`, templates
 * already precompiled. The widgets come in through `createBoot`, so that the search-only entry
 * (boot-search.ts) ships without the recommendation block and Swiper.
 */
import { detectPlatform } from '../runtime/platform.ts';
import { createApiClient } from '../runtime/api-client.ts';
import { correctedQuery } from '../runtime/correction.ts';
import { setPriceFormat } from '../runtime/format.ts';
import { setPictureBase } from '../runtime/product-view.ts';
import { createErrorReporter, loadedBundle, type ReportedWidget } from '../runtime/error-report.ts';
import { trackingIdentity } from '../runtime/identity.ts';
import { createEventTracker, type EventTracker, type TrackedEvent } from '../runtime/events.ts';
import type { DataSource } from '../runtime/data-source.ts';
import { bindSearchRouter, readRoute } from '../runtime/search-router.ts';
import type { SearchResponse } from '#contract/public/search.ts';
import type { PartTemplates } from '../runtime/templates.ts';
import type { CardLayout } from '../runtime/product-view.ts';
import type {
  AutocompleteOptions,
  AutocompleteWidget,
  mountAutocomplete,
} from '../widgets/autocomplete/autocomplete.ts';
import type {
  InstantSearchOptions,
  InstantSearchWidget,
  mountInstantSearch,
} from '../widgets/instant-search/instant-search.ts';
import type { mountProductCard } from '../widgets/product-card/product-card.ts';
import type {
  RecommendationsOptions,
  RecommendationsWidget,
  mountRecommendations,
} from '../widgets/recommendations/recommendations.ts';
import type { mountSlider } from '../widgets/slider/slider.ts';
import type { mountCartButton } from '../widgets/cart-button/cart-button.ts';
import type { mountFavoriteButton } from '../widgets/favorite-button/favorite-button.ts';

/** The mount functions a bundle entry carries (the search-only one lacks the rest). */
export interface BootMounts {
  mountAutocomplete: typeof mountAutocomplete;
  mountInstantSearch: typeof mountInstantSearch;
  mountProductCard: typeof mountProductCard;
  mountRecommendations?: typeof mountRecommendations;
  mountSlider?: typeof mountSlider;
  mountCartButton?: typeof mountCartButton;
  mountFavoriteButton?: typeof mountFavoriteButton;
}

/** The spec's selectors of an instant search / autocomplete config (CSS selectors). */
export interface BootSelectors {
  input?: string | null;
  appendElem?: string | null;
  container?: string | null;
  openButton?: string | null;
  submit?: string | null;
}

interface BootWidgetBase {
  /** Mount on viewports ≥ the breakpoint. */
  desktop: boolean;
  /** Mount on viewports < the breakpoint. */
  mobile: boolean;
  templates: PartTemplates;
}

type Settings<T> = Omit<T, 'source' | 'input' | 'templates' | 'onChoose' | 'onBuy'>;

export interface BootAutocomplete extends BootWidgetBase {
  selectors: BootSelectors;
  settings: Settings<AutocompleteOptions>;
}

export interface BootInstantSearch extends BootWidgetBase {
  selectors: BootSelectors;
  settings: Settings<InstantSearchOptions>;
  /** URL parameter holding the query on the search page. @default 'st' */
  queryParam?: string;
  /** The config's disableRouter: the search state stays out of the page URL and history. */
  disableRouter?: boolean;
  /** Placement of the recommendation block shown when a search finds nothing. */
  recommendationsOnZero?: string;
  /** The config's zeroSearchPredicate. */
  zeroSearch?: BootZeroSearch;
}

/** `function (response, query)`: true treats a search answer as zero results. */
export interface BootZeroSearch {
  run: (this: void, response: SearchResponse, query: string) => unknown;
  /** The config's hookConfig.silent: its errors are not logged. */
  silent: boolean;
}

/** A part's script (a config's `htmlTemplate.<part>.script`), run after the part renders. */
export type PartScript = (this: void, element: HTMLElement, part: string) => void;

/** The config's getWrapperContainerFunction: the element the block mounts in. */
export type WrapperFunction = (this: void, placement: HTMLElement | null) => unknown;
/** The config's insertFunction: puts the block's own element into the page. */
export type InsertFunction = (
  this: void,
  element: HTMLElement,
  placement: HTMLElement | null,
) => void;

/** The config's lazyLoadMargin…Function: how far (px) around the viewport the block loads. */
export type MarginFunction = (this: void) => unknown;

export interface BootRecommendations extends BootWidgetBase {
  id: string;
  scripts: Readonly<Record<string, PartScript>>;
  name: string;
  /** Where the block mounts (the config's placement): a CSS selector ('' with a wrapper function). */
  placement: string;
  getWrapperContainer?: WrapperFunction;
  insert?: InsertFunction;
  lazyLoadMarginDesktop?: MarginFunction;
  lazyLoadMarginMobile?: MarginFunction;
  pageType?: string | null;
  settings: Settings<RecommendationsOptions>;
}

export type BootComponentType = 'PRODUCT' | 'SLIDER' | 'CART_BUTTON' | 'FAVORITE_BUTTON';

export interface BootComponent {
  id: string;
  name: string;
  type: BootComponentType;
  layout: CardLayout;
  templates: PartTemplates;
  scripts: Readonly<Record<string, PartScript>>;
  settings: Readonly<Record<string, unknown>>;
}

export type MvtAction =
  | 'NONE'
  | 'DISABLE_AUTOCOMPLETE'
  | 'DISABLE_AQ'
  | 'DISABLE_AUTOCOMPLETE_AND_AQ'
  | 'DISABLE_IS'
  | 'DISABLE_CATEGORY_PREDICTION'
  | 'RUN_CUSTOM_SCRIPT'
  | 'IMAGESEARCH_CONFIG';

/** An enabled MVT group: `share` % of visitors (by their digi_uid) are in it. */
export interface BootMvtGroup {
  name: string;
  action: MvtAction;
  share: number;
  /** RUN_CUSTOM_SCRIPT: runs before the widgets mount, with the boot config (it may change it). */
  script?: (this: void, config: BootConfig) => void;
}

/**
 * A named hook of a search config's `hookConfig.hooks` (`function (detail)`). The boot calls
 * `init` (detail: the boot config, before anything mounts; it may change it), `afterRender`
 * (detail: {widget, part, element}, after each render of a part of the hook's widget) and
 * `afterMount` (detail: {widgets}, once the widgets are mounted); every hook, those included, is
 * also callable by the page as `digi.site.hooks[name](detail)`. Errors are logged unless the
 * config's hookConfig is `silent`.
 */
export interface BootHook {
  name: string;
  widget: 'autocomplete' | 'instantSearch';
  silent: boolean;
  run: (this: void, detail: unknown) => unknown;
}

/** A tracking config's rule (part 1 §3): its name is the event it sends (ADD_TO_CART, ORDER, …). */
export interface BootTrackingRule {
  name: string;
  pageType: string;
  trigger: 'PAGE_VIEW' | 'CLICK' | 'CONDITIONAL_VIEW';
  selector: string;
  condition?: (this: void, element: Element | null) => unknown;
}

/** The site's tracking config: off sends nothing; page types by URL pattern; the rules. */
export interface BootTracking {
  enabled: boolean;
  pageTypes: readonly { pageType: string; urlPattern: string }[];
  rules: readonly BootTrackingRule[];
}

/** The site's global config (server/publishing/bundle/boot-global.ts). */
export interface BootGlobal {
  currency: string;
  locale: string;
  priceDecimals: number;
  currencyDisplay: 'symbol' | 'code' | 'none';
  /** Relative feed pictures resolve against it; '' keeps them as they are. */
  pictureBaseUrl: string;
  /** regionId of the public calls: from a cookie, a URL parameter, a fixed id, or none. */
  region: { detection: 'none' | 'cookie' | 'query' | 'fixed'; source: string };
  /** Tracking consent: none (granted), opt-in (cookie says yes), opt-out (unless it says no). */
  consent: { mode: 'none' | 'opt-in' | 'opt-out'; cookie: string };
}

const CONSENT_YES = /^(1|true|yes|granted|accept(ed)?|all)$/i;
const CONSENT_NO = /^(0|false|no|denied|reject(ed)?|none|necessary)$/i;

function readCookie(doc: Document, name: string): string | null {
  let cookies: string;
  try {
    cookies = doc.cookie;
  } catch {
    return null; // a sandboxed document without allow-same-origin has no cookies
  }
  for (const part of cookies.split(';')) {
    const [key, ...rest] = part.trim().split('=');
    if (key === name) {
      try {
        return decodeURIComponent(rest.join('='));
      } catch {
        return rest.join('=');
      }
    }
  }
  return null;
}

/** The shopper's regionId by the global config, or undefined (the API's 'global'). */
export function detectRegion(doc: Document, global: BootGlobal | undefined): string | undefined {
  const { detection, source } = global?.region ?? { detection: 'none', source: '' };
  let value: string | null = null;
  if (detection === 'fixed') value = source;
  else if (detection === 'cookie' && source) value = readCookie(doc, source);
  else if (detection === 'query' && source)
    value = new URL(doc.location.href).searchParams.get(source);
  value = value?.trim() ?? '';
  return value && value.length <= 64 ? value : undefined;
}

/** Whether tracking may run before the page says anything, by the global config's mode. */
export function consentByCookie(doc: Document, global: BootGlobal | undefined): boolean {
  const consent = global?.consent;
  if (!consent || consent.mode === 'none') return true;
  const value = readCookie(doc, consent.cookie)?.trim() ?? '';
  return consent.mode === 'opt-in' ? CONSENT_YES.test(value) : !CONSENT_NO.test(value);
}

/** What the generated bundle passes to `boot`. */
export interface BootConfig {
  siteId: number;
  apiKey: string;
  /** Origin of the `/public` API; empty: the origin the bundle was loaded from. */
  apiBaseUrl: string;
  slot: 'production' | 'preview';
  /** Below this viewport width the mobile flags apply. @default 768 */
  mobileBreakpoint?: number;
  autocomplete: BootAutocomplete | null;
  instantSearch: BootInstantSearch | null;
  recommendations: readonly BootRecommendations[];
  components: readonly BootComponent[];
  mvt?: readonly BootMvtGroup[];
  hooks?: readonly BootHook[];
  /** Absent: the built-in events only (search, clicks, views, carts); `enabled: false`: none. */
  tracking?: BootTracking | null;
  /** The site's global config; absent: the runtime's defaults (ru-RU prices, no region …). */
  global?: BootGlobal;
}

export interface BootedSite {
  readonly config: BootConfig;
  readonly source: DataSource;
  /** The MVT groups this visitor is in (sent with widget events). */
  readonly mvtGroups: readonly string[];
  /** Filled once the page is parsed (boot waits for DOMContentLoaded). */
  readonly widgets: {
    autocomplete: AutocompleteWidget | null;
    instantSearch: InstantSearchWidget | null;
    recommendations: Record<string, RecommendationsWidget>;
  };
  /** Resolves when the widgets are mounted. */
  readonly ready: Promise<void>;
  /** The configs' named hooks (BootHook): each runs every hook of that name. */
  readonly hooks: Readonly<Record<string, (detail?: unknown) => void>>;
  /** Mounts a global component by name (or id) into `container`, with its templates. */
  mountComponent(
    name: string,
    container: HTMLElement,
    options: Record<string, unknown>,
  ): { dispose(): void } | null;
  /** Sends a behaviour event (an order on the thank-you page …); its id, or null without consent. */
  track(event: TrackedEvent): string | null;
  /** The page changed without a reload (single-page shops): its page view and PAGE_VIEW rules. */
  pageView(): void;
  /** The shopper granted or withdrew consent to tracking. */
  consent(granted: boolean): void;
  /** The page type of the current URL (tracking config), or PRODUCT on a product's page. */
  pageType(): string | null;
  readonly events: EventTracker;
  dispose(): void;
}

function originOf(script: HTMLOrSVGScriptElement | null | undefined): string {
  const src = script && 'src' in script ? script.src : '';
  try {
    return src ? new URL(src).origin : location.origin;
  } catch {
    return location.origin;
  }
}

/** Runs a part's script after each render of the part; its errors are logged, never thrown. */
function scriptHook(
  scripts: Readonly<Record<string, PartScript>>,
  element: HTMLElement,
  report?: (part: string, error: unknown) => void,
): { onRender?(part: string): void } {
  if (Object.keys(scripts).length === 0) return {};
  return {
    onRender(part) {
      const script = scripts[part];
      if (!script) return;
      try {
        script(element, part);
      } catch (error) {
        console.error(`[digi] script of part ${part} failed`, error);
        report?.(part, error);
      }
    },
  };
}

/** 0–99 from a string (FNV-1a): the same visitor lands in the same bucket on every page. */
function mvtBucket(text: string): number {
  let hash = 0x811c9dc5;
  for (let i = 0; i < text.length; i += 1) {
    hash ^= text.charCodeAt(i);
    hash = Math.imul(hash, 0x01000193) >>> 0;
  }
  return hash % 100;
}

function find<T extends Element = HTMLElement>(
  doc: Document,
  selector: string | null | undefined,
): T | null {
  if (!selector) return null;
  try {
    return doc.querySelector<T>(selector);
  } catch {
    console.warn(`[digi] invalid selector ${selector}`);
    return null;
  }
}

/**
 * Mounts the site's widgets on the current page from `config`: the autocomplete on
 * `selectors.input` (its panel in `selectors.appendElem`, else the input's parent), the instant
 * search in `selectors.container` (typing in `selectors.input` if given; the query from the
 * `st` URL parameter), each recommendation block in the first element its `placement` selector
 * matches, or where its placement functions say (product from the nearest `data-digi-product-id`).
 * A widget whose element is missing is skipped with a console warning; one disabled for this
 * viewport or by the visitor's MVT group is skipped silently. See server/publishing/bundle/README.md.
 */
export function createBoot(mounts: BootMounts) {
  return (config: BootConfig, script?: HTMLOrSVGScriptElement | null): BootedSite =>
    bootWith(mounts, config, script);
}

function bootWith(
  mounts: BootMounts,
  config: BootConfig,
  script?: HTMLOrSVGScriptElement | null,
): BootedSite {
  const doc = document;
  const {
    mountAutocomplete,
    mountInstantSearch,
    mountProductCard,
    mountRecommendations,
    mountSlider,
    mountCartButton,
    mountFavoriteButton,
  } = mounts;
  const baseUrl = config.apiBaseUrl || originOf(script);
  const global = config.global;
  setPriceFormat(
    global
      ? {
          locale: global.locale,
          currency: global.currency,
          decimals: global.priceDecimals,
          currencyDisplay: global.currencyDisplay,
        }
      : null,
  );
  setPictureBase(global?.pictureBaseUrl ?? '');
  const regionId = detectRegion(doc, global);
  let consented = consentByCookie(doc, global);
  const plain = createApiClient({ baseUrl, apiKey: config.apiKey });
  // The detected region rides on every public call that takes one, unless a widget's settings
  // name a region of their own ('global' is the default, not a choice).
  // The mobile app's searches say so: they sort and are regionalised by its own settings.
  const platform = detectPlatform(doc.defaultView, config.mobileBreakpoint ?? 768);
  const region = <T extends { regionId?: string | undefined }>(params: T): T =>
    regionId && (!params.regionId || params.regionId === 'global')
      ? { ...params, regionId }
      : params;
  const fromApp = <T extends object>(params: T): T =>
    platform === 'APP' ? { ...params, platform } : params;
  const api: DataSource = {
    ...plain,
    search: (params, signal) => plain.search(fromApp(region(params)), signal),
    autocomplete: (params, signal) => plain.autocomplete(fromApp(region(params)), signal),
    recommendations: (params, signal) => plain.recommendations(region(params), signal),
    // widget events wait for consent like the behaviour events
    trackWidget: async (event) => {
      if (consented) await plain.trackWidget(event);
    },
  };
  // widget render errors go to /public/errors: the automatic rollback watches them
  const reportError = createErrorReporter({
    baseUrl,
    apiKey: config.apiKey,
    bundle: loadedBundle(doc.defaultView),
  });
  const onErrorOf = (widget: ReportedWidget) => ({
    onError(part: string, error: unknown) {
      console.error(`[digi] ${widget}: part "${part}" failed to render`, error);
      reportError(widget, part, error);
    },
  });
  const tracking = config.tracking;
  const events = createEventTracker({
    baseUrl,
    apiKey: config.apiKey,
    platform,
    sessionId: () => trackingIdentity(doc).sessionId,
    consent: tracking?.enabled !== false && consented,
  });
  const track = (event: TrackedEvent): string | null => events.track(event);
  let lastQuery = '';
  // Searches are tracked where they are answered: the query, its hits and its correction.
  const source: DataSource = {
    ...api,
    async search(params, signal) {
      const answer = await api.search(params, signal);
      const query = (params.st ?? '').trim();
      if (query && !params.offset && query !== lastQuery) {
        lastQuery = query;
        track({
          type: 'SEARCH',
          query: query.slice(0, 256),
          hits: answer.totalHits,
          correctedQuery: correctedQuery(answer),
        });
      }
      return answer;
    },
    // A click in a recommendation block is also a product click of the event store.
    async trackWidget(event) {
      if (event.eventType === 'WIDGET_CLICK')
        track({
          type: 'PRODUCT_CLICK',
          source: 'RECOMMENDATION',
          productId: event.productId,
          position: event.position ?? 0,
        });
      return api.trackWidget(event);
    },
  };
  const productOnPage = (from?: Element | null): string | undefined =>
    (
      (from?.closest('[data-digi-product-id]') ??
        doc.querySelector('[data-digi-product-id]')) as HTMLElement | null
    )?.dataset['digiProductId'] || undefined;
  const pageType = (): string | null => {
    for (const { pageType: type, urlPattern } of tracking?.pageTypes ?? []) {
      let hit: boolean;
      try {
        hit = new RegExp(urlPattern).test(location.href);
      } catch {
        hit = location.href.includes(urlPattern);
      }
      if (urlPattern && hit) return type;
    }
    return productOnPage() ? 'PRODUCT' : null;
  };
  /** A rule's event: its name is the type; product, revenue and items from the page's data attributes. */
  const ruleEvent = (rule: BootTrackingRule, element: Element | null): void => {
    const type = rule.name.trim().toUpperCase();
    const productId = productOnPage(element);
    const data = (element?.closest('[data-digi-revenue]') as HTMLElement | null)?.dataset;
    if ((type === 'PRODUCT_VIEW' || type === 'ADD_TO_CART') && productId)
      track({ type, productId });
    else if (type === 'ORDER' && data)
      track({
        type,
        revenue: Number(data['digiRevenue']) || 0,
        items: Number(data['digiItems']) || 1,
      });
    else if (type === 'SESSION_START') track({ type });
  };
  const rulesFor = (trigger: BootTrackingRule['trigger']) => {
    const type = pageType();
    return (tracking?.rules ?? []).filter((r) => r.trigger === trigger && r.pageType === type);
  };
  const pageView = (): void => {
    const productId = productOnPage();
    if (pageType() === 'PRODUCT' && productId) track({ type: 'PRODUCT_VIEW', productId });
    for (const rule of rulesFor('PAGE_VIEW')) ruleEvent(rule, null);
    for (const rule of rulesFor('CONDITIONAL_VIEW')) {
      const element = find<Element>(doc, rule.selector);
      try {
        if (element && (!rule.condition || rule.condition(element))) ruleEvent(rule, element);
      } catch (error) {
        console.error(`[digi] tracking rule ${rule.name} failed`, error);
      }
    }
  };
  const onClick = (event: Event): void => {
    const target = event.target instanceof Element ? event.target : null;
    for (const rule of rulesFor('CLICK')) {
      const element = rule.selector ? target?.closest(rule.selector) : null;
      if (element) ruleEvent(rule, element);
    }
  };
  const onLeave = (): void => void events.flush(true);
  const onHidden = (): void => {
    if (doc.visibilityState === 'hidden') onLeave();
  };
  doc.addEventListener('click', onClick, true);
  doc.defaultView?.addEventListener('pagehide', onLeave);
  doc.addEventListener('visibilitychange', onHidden);
  const widgets: BootedSite['widgets'] = {
    autocomplete: null,
    instantSearch: null,
    recommendations: {},
  };
  const disposers: Array<() => void> = [
    () => {
      doc.removeEventListener('click', onClick, true);
      doc.defaultView?.removeEventListener('pagehide', onLeave);
      doc.removeEventListener('visibilitychange', onHidden);
    },
  ];
  const visitor = config.mvt?.length ? trackingIdentity(doc).userGUID : '';
  const groups = (config.mvt ?? []).filter(
    (group) => group.share > 0 && mvtBucket(`${visitor}:${group.name}`) < group.share,
  );
  const mvtGroups = groups.map((group) => group.name);
  const acts = (...actions: MvtAction[]) => groups.some((group) => actions.includes(group.action));
  for (const group of groups) {
    try {
      group.script?.(config);
    } catch (error) {
      console.error(`[digi] MVT script of ${group.name} failed`, error);
    }
  }
  const bootHooks = config.hooks ?? [];
  const callHooks = (name: string, detail: unknown, widget?: BootHook['widget']): void => {
    for (const hook of bootHooks) {
      if (hook.name !== name || (widget && hook.widget !== widget)) continue;
      try {
        hook.run(detail);
      } catch (error) {
        if (!hook.silent) console.error(`[digi] hook ${name} failed`, error);
      }
    }
  };
  const hooks = Object.fromEntries(
    [...new Set(bootHooks.map((hook) => hook.name))].map((name) => [
      name,
      (detail?: unknown) => callHooks(name, detail),
    ]),
  );
  const renderHook = (widget: BootHook['widget'], element: HTMLElement) =>
    bootHooks.some((hook) => hook.name === 'afterRender' && hook.widget === widget)
      ? { onRender: (part: string) => callHooks('afterRender', { widget, part, element }, widget) }
      : {};
  callHooks('init', config);
  const isMobile = (): boolean =>
    (doc.defaultView?.innerWidth ?? 1024) < (config.mobileBreakpoint ?? 768);
  const wanted = (w: BootWidgetBase): boolean => (isMobile() ? w.mobile : w.desktop);

  /**
   * Where a block mounts: the element its getWrapperContainerFunction returns, else the first
   * match of its placement; with an insertFunction, a fresh element that function puts in place.
   */
  function blockContainer(block: BootRecommendations): HTMLElement | null {
    const placement = find(doc, block.placement);
    let container = placement;
    try {
      const wrapper = block.getWrapperContainer?.(placement);
      if (wrapper instanceof HTMLElement) container = wrapper;
      if (container && block.insert) {
        const element = doc.createElement('div');
        element.className = 'digi-recommendations-slot';
        block.insert(element, container);
        if (!element.isConnected) return null;
        container = element;
      }
    } catch (error) {
      console.error(`[digi] block ${block.name}: placement functions failed`, error);
      return null;
    }
    return container;
  }

  /** Mounts a recommendation block in `container` (its product: the nearest one on the page). */
  function mountBlock(block: BootRecommendations, container: HTMLElement): RecommendationsWidget {
    const holder =
      container.closest<HTMLElement>('[data-digi-product-id]') ??
      doc.querySelector<HTMLElement>('[data-digi-product-id]');
    const productId = holder?.dataset['digiProductId'];
    const margin = isMobile() ? block.lazyLoadMarginMobile : block.lazyLoadMarginDesktop;
    return mountRecommendations!(container, {
      ...block.settings,
      source,
      templates: block.templates,
      ...scriptHook(block.scripts, container, (part, error) =>
        reportError('recommendations', part, error),
      ),
      ...onErrorOf('recommendations'),
      mobile: isMobile(),
      ...(margin && { lazyLoadMargin: margin }),
      mvtGroups,
      blockId: block.id,
      ...(productId && { productId }),
      sessionId: trackingIdentity(doc).sessionId,
      ...(block.placement && { placement: block.placement }),
    });
  }

  function mountAll(): void {
    const is = acts('DISABLE_IS') ? null : config.instantSearch;
    if (is && wanted(is)) {
      const container = find(doc, is.selectors.container);
      if (!container) console.warn(`[digi] instant search: no element ${is.selectors.container}`);
      else {
        const input = find<HTMLInputElement>(doc, is.selectors.input);
        const query = new URLSearchParams(location.search).get(is.queryParam ?? 'st');
        const { filters, sort, page } = readRoute(location.search, is.queryParam);
        const zeroBlock = config.recommendations.find(
          (block) => block.placement === is.recommendationsOnZero && wanted(block),
        );
        const zero = is.zeroSearch;
        widgets.instantSearch = mountInstantSearch(container, {
          ...is.settings,
          ...(acts('DISABLE_CATEGORY_PREDICTION') && { useCategoryPrediction: false }),
          ...(!is.disableRouter && { initialState: { filters, sort, page } }),
          ...(zeroBlock &&
            mountRecommendations && {
              zeroResults(element: HTMLElement) {
                const block = mountBlock(zeroBlock, element);
                return () => block.dispose();
              },
            }),
          ...(zero && {
            isZero(response: SearchResponse, typed: string) {
              try {
                return Boolean(zero.run(response, typed));
              } catch (error) {
                if (!zero.silent) console.error('[digi] zeroSearchPredicate failed', error);
                return false;
              }
            },
          }),
          source,
          templates: is.templates,
          ...onErrorOf('instantSearch'),
          ...renderHook('instantSearch', container),
          onOpen(product, position) {
            const query = lastQuery || (input?.value.trim() ?? '');
            track({
              type: 'PRODUCT_CLICK',
              source: 'SEARCH',
              productId: product.id,
              position,
              ...(query && { query: query.slice(0, 256) }),
            });
          },
          onBuy(product) {
            track({ type: 'ADD_TO_CART', productId: product.id });
            container.dispatchEvent(
              new CustomEvent('digi:add-to-cart', { bubbles: true, detail: { product } }),
            );
          },
          mobile: isMobile(),
          ...(input && { input }),
          ...(query !== null && { initialQuery: query }),
        });
        const mounted = widgets.instantSearch;
        disposers.push(() => mounted.dispose());
        if (!is.disableRouter && doc.defaultView)
          disposers.push(
            bindSearchRouter(mounted.connector, doc.defaultView, {
              inputs: [
                input,
                mounted.element.querySelector<HTMLInputElement>('[data-digi-action="is-query"]'),
              ],
              queryParam: is.queryParam,
              infinite: is.settings.isInfinite,
            }),
          );
      }
    }
    const ac = acts('DISABLE_AUTOCOMPLETE', 'DISABLE_AUTOCOMPLETE_AND_AQ')
      ? null
      : config.autocomplete;
    if (ac && wanted(ac)) {
      const input = find<HTMLInputElement>(doc, ac.selectors.input);
      if (!input) console.warn(`[digi] autocomplete: no input ${ac.selectors.input}`);
      else {
        const host = find(doc, ac.selectors.appendElem) ?? input.parentElement ?? doc.body;
        const widget = mountAutocomplete(host, {
          ...ac.settings,
          source,
          input,
          templates: ac.templates,
          ...onErrorOf('autocomplete'),
          ...renderHook('autocomplete', host),
          onChoose(intent) {
            track({
              type: 'AUTOCOMPLETE_CLICK',
              block: intent.type === 'open' ? 'PRODUCTS' : 'QUERIES',
              ...(input.value.trim() && { query: input.value.trim().slice(0, 256) }),
            });
            if (intent.type === 'open' && intent.productId)
              track({
                type: 'PRODUCT_CLICK',
                source: 'AUTOCOMPLETE',
                productId: intent.productId,
                position: intent.position ?? 0,
                ...(input.value.trim() && { query: input.value.trim().slice(0, 256) }),
              });
            if (intent.type === 'open') location.assign(intent.url);
            else if (widgets.instantSearch) widgets.instantSearch.connector.submit(intent.query);
            else location.assign(widget.connector.searchUrl(intent.query));
          },
        });
        widgets.autocomplete = widget;
        disposers.push(() => widget.dispose());
        // the site's own search button runs the typed query; its open button focuses the input
        const submit = find(doc, ac.selectors.submit);
        const onSubmit = (event: Event): void => {
          const query = input.value.trim();
          if (query === '') return;
          event.preventDefault();
          if (widgets.instantSearch) widgets.instantSearch.connector.submit(query);
          else location.assign(widget.connector.searchUrl(query));
        };
        submit?.addEventListener('click', onSubmit);
        const open = find(doc, ac.selectors.openButton);
        const onOpen = (): void => input.focus();
        open?.addEventListener('click', onOpen);
        disposers.push(() => {
          submit?.removeEventListener('click', onSubmit);
          open?.removeEventListener('click', onOpen);
        });
      }
    }
    for (const block of config.recommendations) {
      if (!wanted(block)) continue;
      if (!mountRecommendations) {
        console.warn('[digi] this bundle carries no recommendation blocks');
        break;
      }
      const container = blockContainer(block);
      if (!container) continue; // blocks target page types; most pages lack most placements
      const widget = mountBlock(block, container);
      widgets.recommendations[block.id] = widget;
      disposers.push(() => widget.dispose());
    }
  }

  const ready = new Promise<void>((resolve) => {
    const run = (): void => {
      try {
        mountAll();
      } catch (error) {
        console.error('[digi] boot failed', error);
      }
      callHooks('afterMount', { widgets });
      pageView();
      resolve();
    };
    if (doc.readyState === 'loading') doc.addEventListener('DOMContentLoaded', run, { once: true });
    else run();
  });

  return {
    config,
    source,
    mvtGroups,
    widgets,
    ready,
    hooks,
    mountComponent(name, container, options) {
      const component = config.components.find((c) => c.name === name || c.id === name);
      if (!component) {
        console.warn(`[digi] no global component ${name}`);
        return null;
      }
      const common = {
        ...component.settings,
        ...scriptHook(component.scripts, container, (part, error) =>
          reportError('component', part, error),
        ),
        ...onErrorOf('component'),
        ...options,
        templates: component.templates,
      };
      const missing = (): null => {
        console.warn(`[digi] this bundle cannot mount ${component.type} components`);
        return null;
      };
      switch (component.type) {
        case 'PRODUCT':
          return mountProductCard(container, {
            layout: component.layout,
            ...(common as unknown as Parameters<typeof mountProductCard>[1]),
          });
        case 'SLIDER':
          return mountSlider
            ? mountSlider(container, {
                layout: component.layout,
                ...(common as unknown as Parameters<typeof mountSlider>[1]),
              })
            : missing();
        case 'CART_BUTTON':
          return mountCartButton
            ? mountCartButton(container, common as unknown as Parameters<typeof mountCartButton>[1])
            : missing();
        case 'FAVORITE_BUTTON':
          return mountFavoriteButton
            ? mountFavoriteButton(
                container,
                common as unknown as Parameters<typeof mountFavoriteButton>[1],
              )
            : missing();
      }
    },
    track,
    pageView,
    pageType,
    consent: (granted) => {
      consented = granted;
      events.consent(granted);
    },
    events,
    dispose() {
      void events.flush(true);
      for (const dispose of disposers.splice(0)) dispose();
      widgets.autocomplete = null;
      widgets.instantSearch = null;
      widgets.recommendations = {};
    },
  };
}
