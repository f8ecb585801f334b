/**
 * The shape of what a generated site bundle passes to `boot` (storefront/entries/boot-core.ts),
 * built by the server's bundle builder (server/publishing/bundle/), and of the site `boot`
 * answers with. Types only: nothing here reaches the runtime bundle.
 */
import type { SearchResponse } from '#contract/public/search.ts';
import type { DataSource } from '../runtime/data-source.ts';
import type { EventTracker, TrackedEvent } from '../runtime/events.ts';
import type { CardLayout } from '../runtime/product-view.ts';
import type { PartTemplates } from '../runtime/templates.ts';
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

export interface BootWidgetBase {
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
