/**
 * What a site bundle is built from and what it records. The config shapes here are the subset
 * of the contract's config entities (spec part 1 §3) the build reads.
 */

export interface BundleDiagnostic {
  code: string;
  /** Where: `instantSearch.htmlTemplate.productItem`, `recommendationBlocks[2].css`, `tokens.Colors.x` … */
  path: string;
  message: string;
  /** Errors fail the build; warnings are recorded only. */
  severity: 'error' | 'warning';
}

/** Text maps arrive either parsed or as the spec's JSON text. */
type Templates = Readonly<Record<string, string | null | undefined>> | string | null;

export interface SelectorsConfig {
  input?: string | null;
  openButton?: string | null;
  appendElem?: string | null;
  container?: string | null;
  submit?: string | null;
  secondHeader?: string | null;
  position?: string | null;
}

interface VersionedConfig {
  id?: number | string;
  version?: number;
  test?: boolean;
}

export interface SearchWidgetConfig extends VersionedConfig {
  enabled?: boolean | null;
  mobileEnabled?: boolean | null;
  selectors?: SelectorsConfig | null;
  htmlTemplate?: Templates;
  css?: string | null;
  strategyIS?: string | null;
  strategyAC?: string | null;
  throttle?: number | null;
  throttleAutocomplete?: number | null;
  treeFacets?: boolean | null;
  pagination?: { pageSize?: number | null; isInfinite?: boolean | null } | null;
  unavailableMultiplier?: number | null;
  showUnavailable?: boolean | null;
  showUnavailableIS?: boolean | null;
  showUnavailableAC?: boolean | null;
  useCategoryPrediction?: boolean | null;
  customSettings?: Readonly<Record<string, unknown>> | string | null;
}

export interface TrackingConfig extends VersionedConfig {
  enabled?: boolean | null;
  css?: string | null;
  [key: string]: unknown;
}

export interface MvtConfig extends VersionedConfig {
  entries?: ReadonlyArray<{ name: string; enabled: boolean }> | null;
  css?: string | null;
  [key: string]: unknown;
}

export interface RecommendationBlockConfig extends VersionedConfig {
  configId?: number | string;
  name?: string | null;
  ordering?: number | null;
  placement?: string | null;
  pageType?: string | null;
  enabledDesktop?: boolean | null;
  enabledMobile?: boolean | null;
  showUnavailable?: boolean | null;
  lazyLoad?: boolean | null;
  message?: string | null;
  css?: string | null;
  customSettings?: Readonly<Record<string, unknown>> | string | null;
  htmlTemplate?: Templates;
}

export interface GlobalComponentConfig extends VersionedConfig {
  componentId?: number | string;
  name?: string | null;
  template?: string | null;
  customSettings?: Readonly<Record<string, unknown>> | string | null;
  css?: string | null;
  type?: string | null;
  view?: string | null;
}

/** A token tree (Tokens Studio JSON, any of tokens/' input forms). */
export type TokenTree = Readonly<Record<string, unknown>>;

/**
 * The configs one bundle is built from: the production copies (generate, deploy) or the
 * integration copies (preview). Null: that config does not exist for the site.
 */
export interface SiteBundleConfigs {
  instantSearch: SearchWidgetConfig | null;
  autocomplete: SearchWidgetConfig | null;
  search: SearchWidgetConfig | null;
  tracking: TrackingConfig | null;
  mvt: MvtConfig | null;
  recommendationBlocks: readonly RecommendationBlockConfig[];
  globalComponents: readonly GlobalComponentConfig[];
  /** The site's token tree; null: storefront/styles/tokens default set. */
  tokens: TokenTree | null;
}

/** Which config versions went into a bundle. */
export interface BundleManifest {
  siteId: number;
  /** Hash of the storefront sources the runtime was built from. */
  runtime: string;
  tokens: { source: 'site' | 'default'; versionKey: string };
  configs: Array<{ kind: string; id: string | null; version: number | null; test: boolean | null }>;
  widgets: string[];
  sizes: { js: number; css: number };
}

export interface BuiltBundle {
  js: string;
  css: string;
  manifest: BundleManifest;
  diagnostics: BundleDiagnostic[];
}
