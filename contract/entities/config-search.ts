/** Instant search, autocomplete and search: one shape (spec §3). */
import * as z from 'zod';
import {
  cssSelector,
  script,
  template,
  scss,
  acBlock,
  WIDTH_MODES,
  CARD_TYPES,
  POSITIONS,
  TEMPLATE_NAMES,
  TEMPLATE_VERSIONS,
  CONTENT_LANGUAGES,
  TOKENS_API_TYPES,
} from './config-fields.ts';

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
    /** How the autocomplete shows its products (a spec card type). */
    cardType: z.enum(CARD_TYPES).default('HORIZONTAL_SMALL_CARD'),
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
