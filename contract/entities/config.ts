import * as z from 'zod';
import { parse as parseSelector } from 'css-what';
import { CONFIG_KINDS } from './config-roles.ts';

/** The kinds and their roles live in ./config-roles.ts (no zod: the sign-in route reads them). */
export { CONFIG_KINDS, CONFIG_ROLES, ANY_CONFIG_ROLE, type ConfigRoles } from './config-roles.ts';

export const configKind = z.enum(CONFIG_KINDS);
export type ConfigKind = z.infer<typeof configKind>;

/** Kinds with one config per site (the others are keyed by configId / componentId). */
export const SINGLE_CONFIG_KINDS = [
  'instant-search',
  'autocomplete',
  'search',
  'tracking',
  'mvt',
] as const;
export const singleConfigKind = z.enum(SINGLE_CONFIG_KINDS);
export type SingleConfigKind = z.infer<typeof singleConfigKind>;

/** Kinds promoted by generate (the rest — blocks and components — by deploy). */
export const GENERATE_KINDS = SINGLE_CONFIG_KINDS;
export const DEPLOY_KINDS = ['recommendations-block', 'global-component'] as const;
export const deployKind = z.enum(DEPLOY_KINDS);
export type DeployKind = z.infer<typeof deployKind>;

// ---------------------------------------------------------------------------------------------
// Shared field rules (spec §5)

export function isCssSelector(value: string): boolean {
  try {
    parseSelector(value);
    return true;
  } catch {
    return false;
  }
}

/** An optional CSS selector: empty, or one that parses. */
export const cssSelector = z
  .string()
  .trim()
  .max(1000)
  .refine((value) => value === '' || isCssSelector(value), {
    params: { i18nKey: 'errors.validation.cssSelector', en: 'Not a valid CSS selector' },
  });

/** JavaScript source kept as text (hooks, insert functions): run by the storefront, never here. */
const script = z.string().max(100_000);
/** A Handlebars template source; '' means the storefront's default template for the part. */
const template = z.string().max(200_000);
/** SCSS source, compiled with the design tokens at generate time. */
const scss = z.string().max(500_000);

export const AC_BLOCKS = [
  'queries',
  'products',
  'categories',
  'history',
  'taps',
  'brands',
] as const;
export const acBlock = z.enum(AC_BLOCKS);
export const WIDTH_MODES = ['FULL_WIDTH', 'INPUT_WIDTH', 'FROM_INPUT_TO_RIGHT_SIDE'] as const;
export const POSITIONS = ['TOP', 'BOTTOM'] as const;
export const TEMPLATE_NAMES = ['Simple', 'DIY/Electronics', 'Fashion'] as const;
export const TEMPLATE_VERSIONS = ['1', '2', '3', '3.5'] as const;
export const CONTENT_LANGUAGES = ['rus', 'eng', 'ara', 'kaz'] as const;
export const TOKENS_API_TYPES = ['CDN', 'JSON_BIN'] as const;
export const PAGE_TYPES = [
  'PRODUCT',
  'CATEGORY',
  'SEARCH_PAGE',
  'BRAND_PAGE',
  'CONTENT_PAGE',
  'CART_PAGE',
  'HOME_PAGE',
  'ORDER_SUCCESS_PAGE',
  'ORDER_PAGE',
  'COMMON_PAGE',
] as const;
export const TRIGGER_TYPES = ['PAGE_VIEW', 'CLICK', 'CONDITIONAL_VIEW'] as const;
export const MVT_ACTIONS = [
  'NONE',
  'DISABLE_AUTOCOMPLETE',
  'DISABLE_AQ',
  'DISABLE_AUTOCOMPLETE_AND_AQ',
  'DISABLE_IS',
  'DISABLE_CATEGORY_PREDICTION',
  'RUN_CUSTOM_SCRIPT',
  'IMAGESEARCH_CONFIG',
] as const;
export const COMPONENT_TYPES = [
  'UNDEFINED',
  'PRODUCT',
  'SLIDER',
  'CART_BUTTON',
  'FAVORITE_BUTTON',
] as const;
export const COMPONENT_VIEWS = ['DEFAULT', 'FASHION', 'HORIZONTAL'] as const;
export const WIDGET_TYPES = ['SWIPER', 'INFINITY_LIST'] as const;

// ---------------------------------------------------------------------------------------------
// Instant search, autocomplete and search (one shape, spec §3)

/** Template parts of instant search / autocomplete (storefront/README.md "Parts"). */
export const SEARCH_TEMPLATE_PARTS = [
  'common',
  'highlight',
  'filters',
  'sort',
  'facets',
  'facetCommon',
  'facetSlider',
  'facetBoolean',
  'facetTreeList',
  'facetCategory',
  'productList',
  'productItem',
  'pagination',
  'autocomplete',
] as const;
export const searchTemplatePart = z.enum(SEARCH_TEMPLATE_PARTS);
export type SearchTemplatePart = z.infer<typeof searchTemplatePart>;

export const searchCustomSettings = z
  .object({
    topBrands: z.number().int().min(0).max(100).default(10),
    topCategories: z.number().int().min(0).max(100).default(10),
    searchPageUrl: z.string().max(2048).default(''),
    templateName: z.enum(TEMPLATE_NAMES).default('Simple'),
    templateVersion: z.enum(TEMPLATE_VERSIONS).default('3.5'),
    apiTypeAC: z.string().max(64).default(''),
    apiTypeIS: z.string().max(64).default(''),
    /** Autocomplete blocks, in display order (drag-and-drop in the studio). */
    typesAC: z
      .array(acBlock)
      .default(['history', 'queries', 'taps', 'categories', 'brands', 'products']),
    acWidthType: z.enum(WIDTH_MODES).default('INPUT_WIDTH'),
    withContent: z.boolean().default(false),
    /** Autocomplete content quantity (spec §5: 1 to 50). */
    contentsSize: z.number().int().min(1).max(50).default(10),
    contentLanguage: z.enum(CONTENT_LANGUAGES).default('rus'),
    tokensURL: z.string().max(2048).default(''),
    /** Spec §5: an empty tokens API type defaults to JSON_BIN. */
    tokensApiType: z.enum(TOKENS_API_TYPES).default('JSON_BIN'),
    mobilePositionType: z.enum(POSITIONS).default('TOP'),
    responsive: z.boolean().default(true),
    mobileBreakpoint: z.number().int().min(320).max(2000).default(768),
    masterTemplate: z.boolean().default(false),
    autoUpdate: z.boolean().default(false),
    speechRecognition: z.boolean().default(false),
    speechRecognitionLanguage: z.string().max(16).default('ru-RU'),
    recommendationsOnZeroResults: z.boolean().default(false),
    recommendationsOnZeroPlacement: z.string().max(200).default(''),
    personalization: z.boolean().default(false),
    customStyles: z.boolean().default(false),
  })
  // The spec lists "and others; the full list is not shown": unknown settings are kept as they are.
  .catchall(z.unknown());
export type SearchCustomSettings = z.infer<typeof searchCustomSettings>;

export const searchSelectors = z.object({
  input: cssSelector.default(''),
  openButton: cssSelector.default(''),
  appendElem: cssSelector.default(''),
  container: cssSelector.default(''),
  submit: cssSelector.default(''),
  secondHeader: cssSelector.default(''),
  position: cssSelector.default(''),
});

export const hookConfig = z.object({
  silent: z.boolean().default(false),
  /** Named hooks: hook name → JavaScript function source. */
  hooks: z.record(z.string().min(1).max(100), script).default({}),
});

export const searchConfig = z.object({
  siteId: z.number().int().positive().optional(),
  enabled: z.boolean().default(false),
  mobileEnabled: z.boolean().default(false),
  selectors: searchSelectors.default(searchSelectors.parse({})),
  strategyIS: z.string().max(200).default('advanced_xname,zero_queries'),
  strategyAC: z.string().max(200).default('advanced_xname,zero_queries'),
  /** ms (spec §9: 800). */
  throttle: z.number().int().min(0).max(10_000).default(800),
  /** ms (spec §9: 300). */
  throttleAutocomplete: z.number().int().min(0).max(10_000).default(300),
  treeFacets: z.boolean().default(false),
  digiInputDesktop: z.boolean().default(false),
  digiInputMobile: z.boolean().default(false),
  devTools: z.boolean().default(false),
  fixMetaViewport: z.boolean().default(false),
  disableRouter: z.boolean().default(false),
  showSimilar: z.boolean().default(false),
  showAutocompleteProducts: z.boolean().default(true),
  forIs: z.boolean().default(false),
  pagination: z
    .object({
      pageSize: z.number().int().min(1).max(200).default(20),
      isInfinite: z.boolean().default(false),
    })
    .default({ pageSize: 20, isInfinite: false }),
  unavailableMultiplier: z.number().min(0).max(1).default(0.2),
  showUnavailable: z.boolean().default(true),
  showUnavailableIS: z.boolean().default(true),
  showUnavailableAC: z.boolean().default(true),
  useCategoryPrediction: z.boolean().default(false),
  serpEnabled: z.boolean().default(false),
  zeroSearchPredicate: z.string().max(10_000).default(''),
  css: scss.default(''),
  /** Template source per part; a missing or empty part uses the storefront's default. */
  htmlTemplate: z.partialRecord(searchTemplatePart, template).default({}),
  hookConfig: hookConfig.default({ silent: false, hooks: {} }),
  customSettings: searchCustomSettings.default(searchCustomSettings.parse({})),
  /**
   * The design-token set edited in the studio (Tokens Studio JSON, tokens/ compiles it); null: the
   * set at customSettings.tokensURL, else the storefront's default set. Not a spec field: the spec
   * loads tokens at runtime, we compile them into the bundle.
   */
  tokens: z.record(z.string(), z.unknown()).nullable().default(null),
});
export type SearchConfig = z.infer<typeof searchConfig>;
export type SearchConfigInput = z.input<typeof searchConfig>;

/**
 * Older stored configs (spec §3): the vertical autocomplete flag becomes typesAC (a vertical
 * layout lists queries first, then products), the input-width flag becomes acWidthType.
 */
export function migrateSearchConfig(raw: unknown): unknown {
  if (typeof raw !== 'object' || raw === null) return raw;
  const config = { ...(raw as Record<string, unknown>) };
  const settings = { ...((config.customSettings as Record<string, unknown> | undefined) ?? {}) };
  if ('verticalAutocomplete' in settings) {
    if (!('typesAC' in settings) && settings.verticalAutocomplete === true) {
      settings.typesAC = ['queries', 'products', 'history', 'taps', 'categories', 'brands'];
    }
    delete settings.verticalAutocomplete;
  }
  if ('inputWidth' in settings) {
    if (!('acWidthType' in settings)) {
      settings.acWidthType = settings.inputWidth === true ? 'INPUT_WIDTH' : 'FULL_WIDTH';
    }
    delete settings.inputWidth;
  }
  config.customSettings = settings;
  return config;
}

// ---------------------------------------------------------------------------------------------
// Tracking and MVT

export const trackingRule = z.object({
  name: z.string().trim().min(1).max(100),
  pageType: z.enum(PAGE_TYPES),
  trigger: z.enum(TRIGGER_TYPES),
  /** The element clicked (CLICK) or shown (CONDITIONAL_VIEW). */
  selector: cssSelector.default(''),
  /** JavaScript predicate for CONDITIONAL_VIEW. */
  condition: script.default(''),
  enabled: z.boolean().default(true),
});

export const trackingConfig = z.object({
  enabled: z.boolean().default(false),
  /** Which page type a URL is: a URL pattern per page type. */
  pageTypes: z
    .array(z.object({ pageType: z.enum(PAGE_TYPES), urlPattern: z.string().max(1000) }))
    .max(50)
    .default([]),
  rules: z.array(trackingRule).max(200).default([]),
  /** Spec §9: 30 minutes. */
  sessionCookieMinutes: z.number().int().min(1).max(1440).default(30),
  /** Spec §9: 30 days. */
  userCookieDays: z.number().int().min(1).max(3650).default(30),
});
export type TrackingConfig = z.infer<typeof trackingConfig>;

export const mvtEntry = z.object({
  name: z.string().trim().min(1).max(100),
  enabled: z.boolean().default(false),
  action: z.enum(MVT_ACTIONS).default('NONE'),
  /** Share of visitors in the group, %. */
  share: z.number().min(0).max(100).default(50),
  /** For RUN_CUSTOM_SCRIPT. */
  script: script.default(''),
});
export type MvtEntry = z.infer<typeof mvtEntry>;

/** The share of visitors the enabled groups take together, %. */
export const mvtTotalShare = (entries: readonly { enabled?: boolean; share?: unknown }[]) =>
  entries
    .filter((entry) => entry.enabled)
    .reduce((sum, entry) => sum + (Number(entry.share) || 0), 0);

/**
 * Spec part 1 §3: the MVT config is a list of entries. Enabled groups split the visitors, so
 * their shares add up to at most 100 % (60 % + 60 % is refused by the server and the form).
 */
export const mvtConfig = z
  .array(mvtEntry)
  .max(50)
  .superRefine((entries, ctx) => {
    const total = mvtTotalShare(entries);
    if (total > 100) {
      ctx.addIssue({
        code: 'custom',
        input: entries,
        params: {
          i18nKey: 'errors.validation.mvtTotal',
          en: `Enabled groups take ${total} % of visitors; at most 100 %`,
          total,
        },
      });
    }
  });
export type MvtConfig = z.infer<typeof mvtConfig>;

/** Configs stored before the list shape were `{entries: [...]}` (the defaults `{}`): read them as their list. */
export function migrateMvtConfig(data: unknown): unknown {
  if (data && typeof data === 'object' && !Array.isArray(data)) {
    return (data as { entries?: unknown }).entries ?? [];
  }
  return data ?? [];
}

// ---------------------------------------------------------------------------------------------
// Recommendation blocks (spec §3; defaults §9)

const breakpoint = (slidesPerView: number) =>
  z
    .object({
      slidesPerView: z.number().min(1).max(20).default(slidesPerView),
      slidesPerGroup: z.number().int().min(1).max(20).default(1),
      spaceBetween: z.number().min(0).max(200).default(16),
      speed: z.number().int().min(0).max(10_000).default(300),
    })
    .default({ slidesPerView, slidesPerGroup: 1, spaceBetween: 16, speed: 300 });

export const swiperOptions = z.object({
  swiperEnabled: z.boolean().default(true),
  swiperPaginationEnabled: z.boolean().default(false),
  categoryFilterEnabled: z.boolean().default(false),
  slidesForSwipeDesktop: z.number().int().min(1).max(20).default(1),
  slidesForSwipeMobile: z.number().int().min(1).max(20).default(1),
  gapDesktop: z.number().min(0).max(200).default(16),
  gapMobile: z.number().min(0).max(200).default(8),
  loop: z.boolean().default(false),
  rewind: z.boolean().default(false),
  loopAddBlankSlides: z.boolean().default(false),
  simulateTouchDesktop: z.boolean().default(true),
  speedDesktop: z.number().int().min(0).max(10_000).default(300),
  speedMobile: z.number().int().min(0).max(10_000).default(300),
  dynamicBulletsDesktop: z.boolean().default(false),
  dynamicBulletsMobile: z.boolean().default(false),
  arrowsCenterImg: z.boolean().default(false),
  breakpoints: z
    .object({
      phones: breakpoint(2),
      tablets: breakpoint(3),
      laptops: breakpoint(4),
      monitors: breakpoint(4),
      tv: breakpoint(5),
    })
    .default({
      phones: { slidesPerView: 2, slidesPerGroup: 1, spaceBetween: 16, speed: 300 },
      tablets: { slidesPerView: 3, slidesPerGroup: 1, spaceBetween: 16, speed: 300 },
      laptops: { slidesPerView: 4, slidesPerGroup: 1, spaceBetween: 16, speed: 300 },
      monitors: { slidesPerView: 4, slidesPerGroup: 1, spaceBetween: 16, speed: 300 },
      tv: { slidesPerView: 5, slidesPerGroup: 1, spaceBetween: 16, speed: 300 },
    }),
});

export const infinityListOptions = z.object({
  stepCountPageDesktop: z.number().int().min(1).max(100).default(8),
  stepCountPageMobile: z.number().int().min(1).max(100).default(4),
  infiniteListMode: z.boolean().default(false),
});

export const recsCustomSettings = z
  .object({
    /** Position of the block among the site's blocks (moved here from the block on save). */
    ordering: z.number().int().min(0).default(0),
    openProductInNewTab: z.boolean().default(false),
    itemsPerPageDesktop: z.number().int().min(1).max(100).default(20),
    itemsPerPageMobile: z.number().int().min(1).max(100).default(10),
    marginViewEventDesktop: z.number().int().min(0).max(10_000).default(0),
    marginViewEventMobile: z.number().int().min(0).max(10_000).default(0),
    widgetType: z.enum(WIDGET_TYPES).default('SWIPER'),
    swiperOptions: swiperOptions.default(swiperOptions.parse({})),
    infinityListOptions: infinityListOptions.default(infinityListOptions.parse({})),
  })
  .catchall(z.unknown());

export const RECS_TEMPLATE_PARTS = [
  'common',
  'swiper',
  'infinityList',
  'infinityListModal',
  'productItem',
] as const;
export const recsTemplatePart = z.enum(RECS_TEMPLATE_PARTS);
export type RecsTemplatePart = z.infer<typeof recsTemplatePart>;

/** Each part: Handlebars source ('' = the default) and an optional script run after it renders. */
export const templatePart = z.object({ html: template.default(''), script: script.default('') });
export const recsHtmlTemplate = z.partialRecord(recsTemplatePart, templatePart);

/** A recommendation block with customSettings and htmlTemplate parsed (what the console edits). */
export const recommendationsBlock = z.object({
  /** Absent until the first save assigns one. */
  configId: z.number().int().positive().optional(),
  name: z.string().trim().min(1).max(200),
  ordering: z.number().int().min(0).default(0),
  test: z.boolean(),
  /** Strategy producing the products (storefront `strategy`); not in the spec's field list. */
  strategy: z.string().trim().min(1).max(200).default('popular'),
  placement: cssSelector.default(''),
  oldPlacement: cssSelector.default(''),
  pageType: z.enum(PAGE_TYPES).default('PRODUCT'),
  enabledDesktop: z.boolean().default(false),
  enabledMobile: z.boolean().default(false),
  showUnavailable: z.boolean().default(false),
  insertFunction: script.default(''),
  getWrapperContainerFunction: script.default(''),
  lazyLoad: z.boolean().default(true),
  /** Spec §9: two thirds of the window height. */
  lazyLoadMarginDesktopFunction: script.default('return window.innerHeight * 2 / 3;'),
  lazyLoadMarginMobileFunction: script.default('return window.innerHeight * 2 / 3;'),
  useRegions: z.boolean().default(false),
  message: z.string().max(500).default(''),
  css: scss.default(''),
  customSettings: recsCustomSettings.default(recsCustomSettings.parse({})),
  htmlTemplate: recsHtmlTemplate.default({}),
});
export type RecommendationsBlock = z.infer<typeof recommendationsBlock>;
export type RecommendationsBlockInput = z.input<typeof recommendationsBlock>;

/** The block as it travels (spec §3): customSettings and htmlTemplate are JSON text. */
export const recommendationsBlockWire = recommendationsBlock.extend({
  customSettings: z.string().max(1_000_000),
  htmlTemplate: z.string().max(2_000_000),
});
export type RecommendationsBlockWire = z.infer<typeof recommendationsBlockWire>;

/** JSON text → object; a parse failure gives an empty object (spec §8). */
export function parseJsonObject(text: string): Record<string, unknown> {
  try {
    const value: unknown = JSON.parse(text);
    return typeof value === 'object' && value !== null && !Array.isArray(value)
      ? (value as Record<string, unknown>)
      : {};
  } catch {
    return {};
  }
}

/** On load: parse the JSON texts; ordering comes from customSettings. */
export function parseRecommendationsBlock(wire: RecommendationsBlockWire): RecommendationsBlock {
  const customSettings = parseJsonObject(wire.customSettings);
  return recommendationsBlock.parse({
    ...wire,
    ordering: typeof customSettings.ordering === 'number' ? customSettings.ordering : wire.ordering,
    customSettings,
    htmlTemplate: parseJsonObject(wire.htmlTemplate),
  });
}

/** On save: ordering moves into customSettings, and both objects become JSON text again. */
export function serializeRecommendationsBlock(
  block: RecommendationsBlock,
): RecommendationsBlockWire {
  return {
    ...block,
    customSettings: JSON.stringify({ ...block.customSettings, ordering: block.ordering }),
    htmlTemplate: JSON.stringify(block.htmlTemplate),
  };
}

// ---------------------------------------------------------------------------------------------
// Global components (spec §3; cart button defaults §9)

export const componentSettings = z
  .object({
    /** Position among the site's components (drag-and-drop). */
    ordering: z.number().int().min(0).default(0),
    /** Cart button: where the cart state comes from (a JavaScript expression returning ids). */
    cartStateSource: script.default(''),
    asyncCheckTime: z.number().int().min(0).max(60_000).default(500),
    asyncMaxAttempts: z.number().int().min(0).max(100).default(5),
    initCheckInterval: z.number().int().min(0).max(60_000).default(1000),
    initCheckAttempts: z.number().int().min(0).max(100).default(3),
    /** Product card: SKU attribute pickers. */
    pickerParams: z.array(z.string().max(100)).max(10).default(['Цвет', 'Размер']),
    /** Slider: slides per view. */
    perView: z.number().int().min(1).max(12).default(4),
  })
  .catchall(z.unknown());

export const globalComponent = z.object({
  componentId: z.number().int().positive().optional(),
  name: z.string().trim().min(1).max(200),
  type: z.enum(COMPONENT_TYPES).default('PRODUCT'),
  view: z.enum(COMPONENT_VIEWS).default('DEFAULT'),
  template: templatePart.default({ html: '', script: '' }),
  customSettings: componentSettings.default(componentSettings.parse({})),
  css: scss.default(''),
});
export type GlobalComponent = z.infer<typeof globalComponent>;
export type GlobalComponentInput = z.input<typeof globalComponent>;

/** As it travels: template and customSettings are JSON text (spec §7). */
export const globalComponentWire = globalComponent.extend({
  template: z.string().max(2_000_000),
  customSettings: z.string().max(1_000_000),
});
export type GlobalComponentWire = z.infer<typeof globalComponentWire>;

export function parseGlobalComponent(wire: GlobalComponentWire): GlobalComponent {
  return globalComponent.parse({
    ...wire,
    template: parseJsonObject(wire.template),
    customSettings: parseJsonObject(wire.customSettings),
  });
}

export function serializeGlobalComponent(component: GlobalComponent): GlobalComponentWire {
  return {
    ...component,
    template: JSON.stringify(component.template),
    customSettings: JSON.stringify(component.customSettings),
  };
}

// ---------------------------------------------------------------------------------------------
// Versions

/** Who saved a version and when; `version` counts 1, 2, … per copy. */
export const configVersionMeta = z.object({
  versionId: z.number().int().positive(),
  version: z.number().int().positive(),
  test: z.boolean(),
  author: z.string(),
  createdAt: z.string(),
  /** Production versions made by generate/deploy name the integration version they came from. */
  sourceVersionId: z.number().int().positive().nullable(),
});
export type ConfigVersionMeta = z.infer<typeof configVersionMeta>;

/** A stored config with its version; versionId null when nothing is saved yet (the defaults). */
export const storedConfig = <T extends z.ZodType>(config: T) =>
  z.object({
    versionId: z.number().int().positive().nullable(),
    version: z.number().int().min(0),
    test: z.boolean(),
    author: z.string().nullable(),
    createdAt: z.string().nullable(),
    config,
  });

/** The version fields a list item carries beside the config's own fields (spec §7). */
const listedMeta = {
  versionId: z.number().int().positive(),
  version: z.number().int().positive(),
  test: z.boolean(),
  author: z.string(),
  createdAt: z.string(),
};
export type ListedMeta = { [K in keyof typeof listedMeta]: z.infer<(typeof listedMeta)[K]> };

/**
 * Items of the config lists (spec part 1 §7: "fields componentId, template, customSettings"): the
 * config's own fields at the top level (JSON texts as they travel), its version metadata beside them.
 */
export const listedRecommendationsBlock = recommendationsBlockWire.extend(listedMeta);
export type ListedRecommendationsBlock = z.infer<typeof listedRecommendationsBlock>;
export const listedGlobalComponent = globalComponentWire.extend(listedMeta);
export type ListedGlobalComponent = z.infer<typeof listedGlobalComponent>;

/** A list item → the stored shape the console edits (`config` with its version beside it). */
export function unlistConfig<I extends ListedMeta>(
  item: I,
): ListedMeta & { config: Omit<I, 'versionId' | 'version' | 'author' | 'createdAt'> } {
  const { versionId, version, author, createdAt, ...config } = item;
  // `test` is a field of a block as well as of the version: it stays in both.
  return { versionId, version, test: item.test, author, createdAt, config };
}

/**
 * Every save names the version it was based on (null when creating); a stale base is refused with
 * 409 and the error body carries the newer version (`conflict`).
 */
export const saveMeta = { baseVersionId: z.number().int().positive().nullable() };

export const configConflict = configVersionMeta;
export type ConfigConflict = z.infer<typeof configConflict>;
