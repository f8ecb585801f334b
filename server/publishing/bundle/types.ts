/** What a site bundle is built from (contract/entities/config.ts) and what it records. */
import type {
  GlobalComponent,
  GlobalConfig,
  MvtConfig,
  RecommendationsBlock,
  SearchConfig,
  TrackingConfig,
} from '#contract/entities/config.ts';

export interface BundleDiagnostic {
  code: string;
  /** Where: `instantSearch.htmlTemplate.productItem`, `recommendationBlocks[2].css`, `tokens.Colors.x` … */
  path: string;
  message: string;
  /** Errors fail the build; warnings are recorded only. */
  severity: 'error' | 'warning';
}

/**
 * One config copy as the config repository stores it (contract `storedConfig`): the config and
 * which version it is. versionId null: nothing saved yet, the defaults.
 */
export interface VersionedConfig<T> {
  versionId: number | null;
  version: number;
  test: boolean;
  config: T;
}

/** A token tree (Tokens Studio JSON, any of tokens/' input forms). */
export type TokenTree = Readonly<Record<string, unknown>>;

/**
 * The configs one bundle is built from: the production copies (generate, deploy) or the
 * integration copies (preview). Null: that config does not exist for the site.
 */
export interface SiteBundleConfigs {
  instantSearch: VersionedConfig<SearchConfig> | null;
  autocomplete: VersionedConfig<SearchConfig> | null;
  search: VersionedConfig<SearchConfig> | null;
  tracking: VersionedConfig<TrackingConfig> | null;
  mvt: VersionedConfig<MvtConfig> | null;
  /** The global config; absent or null: the storefront's defaults. */
  global?: VersionedConfig<GlobalConfig> | null;
  recommendationBlocks: readonly VersionedConfig<RecommendationsBlock>[];
  globalComponents: readonly VersionedConfig<GlobalComponent>[];
  /**
   * The site's token tree; null: the instant search (else autocomplete) config's `tokens`, else
   * the storefront's default set for customSettings.templateVersion (3 → V3, else V3.5).
   */
  tokens: TokenTree | null;
}

/** Which config versions went into a bundle. */
export interface BundleManifest {
  siteId: number;
  /** The slot the boot config was built for (absent in manifests written before it was added). */
  slot?: 'production' | 'preview';
  /** Hash of the storefront sources the runtime was built from, and its variant (`…-search`, `…-full`). */
  runtime: string;
  tokens: { source: 'site' | 'default'; versionKey: string };
  configs: Array<{
    kind: string;
    /** configId / componentId for blocks and components. */
    id: number | null;
    versionId: number | null;
    version: number;
    test: boolean;
  }>;
  widgets: string[];
  sizes: { js: number; css: number };
}

export interface BuiltBundle {
  js: string;
  css: string;
  manifest: BundleManifest;
  diagnostics: BundleDiagnostic[];
}
