/**
 * Builds a site's storefront bundle from its configs (DESIGN.md "Config lifecycle"):
 *   JS  = the storefront runtime (runtime.ts, built once per process) + the configs' Handlebars
 *         templates precompiled here + `digi.site = digi.boot({...})` (storefront/entries/boot.ts)
 *   CSS = the site's tokens compiled by tokens/ + the storefront's SCSS + each config's `css`,
 *         every rule under #digi-shield.
 * Any error diagnostic means no artifact: js and css come back empty.
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { transform } from 'esbuild';
import {
  recommendationsBlock,
  type RecommendationsBlock,
  type SearchConfig,
} from '#contract/entities/config.ts';
import { compileTokens, type TokenInput } from '#tokens/index.ts';
import type {
  BootComponent,
  BootComponentType,
  BootConfig,
  BootHook,
  BootMvtGroup,
  BootRecommendations,
  BootSelectors,
  BootTracking,
  BootTrackingRule,
  InsertFunction,
  MarginFunction,
  PartScript,
  WrapperFunction,
} from '#storefront/entries/boot-core.ts';
import type { PartTemplates } from '#storefront/runtime/templates.ts';
import { STOREFRONT_DIR, storefrontRuntime } from './runtime.ts';
import { compileConfigCss } from './styles.ts';
import { precompileTemplate } from './templates.ts';
import type {
  BuiltBundle,
  BundleDiagnostic,
  BundleManifest,
  SiteBundleConfigs,
  VersionedConfig,
} from './types.ts';

export interface BuildBundleInput {
  siteId: number;
  apiKey: string;
  /** Origin of the `/public` API the widgets call; '' = the origin the bundle is loaded from. */
  publicBaseUrl: string;
  configs: SiteBundleConfigs;
  /** Which slot the bundle is for (the boot config carries it; the build is otherwise the same). */
  slot?: 'production' | 'preview';
  /** How long each config's SCSS may compile (styles.ts SCSS_TIMEOUT_MS by default). */
  scssTimeoutMs?: number;
}

/** Placeholders for precompiled templates and part scripts until spliced into the boot text. */
const TEMPLATE = (n: number): string => `__digi_template_${n}__`;
const SCRIPT = (n: number): string => `__digi_script_${n}__`;

/** The JavaScript pieces of the boot config: precompiled specs and part scripts. */
class CodeTable {
  readonly templates: string[] = [];
  readonly scripts: string[] = [];
  constructor(private readonly diagnostics: BundleDiagnostic[]) {}

  /** Part → marker of its precompiled spec; empty sources keep the runtime's default. */
  templatesOf(sources: Readonly<Record<string, string | undefined>>, path: string): PartTemplates {
    const out: Record<string, string> = {};
    for (const [part, source] of Object.entries(sources)) {
      if (source === undefined || source.trim() === '') continue;
      const spec = precompileTemplate(source, `${path}.${part}`, this.diagnostics);
      if (spec === null) continue;
      this.templates.push(spec);
      out[part] = TEMPLATE(this.templates.length - 1);
    }
    return out as unknown as PartTemplates;
  }

  /**
   * Marker of `function (<params>) {<source>}`, or null for an empty source. The source is
   * parsed here as a function body (never run) so a syntax error — or a body closing the
   * function early — is reported by path instead of breaking the bundle.
   */
  async functionOf(
    source: string | undefined,
    params: string[],
    path: string,
  ): Promise<string | null> {
    if (source === undefined || source.trim() === '') return null;
    const fn = `(function (${params.join(', ')}) {\n${source}\n})`;
    try {
      new Function(...params, source);
    } catch (error) {
      let message = error instanceof Error ? error.message : String(error);
      try {
        await transform(fn, { loader: 'js', target: 'es2020', logLevel: 'silent' });
      } catch (located) {
        const first = (located as { errors?: Array<{ text: string; location?: { line: number } }> })
          .errors?.[0];
        if (first)
          message = `${first.text}${first.location ? ` (line ${first.location.line - 1})` : ''}`;
      }
      this.diagnostics.push({ code: 'script/syntax', path, message, severity: 'error' });
      return null;
    }
    this.scripts.push(fn);
    return SCRIPT(this.scripts.length - 1);
  }

  /** Part → `function (element, part)` running the part's script after it renders. */
  async scriptsOf(
    sources: Readonly<Record<string, string | undefined>>,
    path: string,
  ): Promise<Readonly<Record<string, PartScript>>> {
    const out: Record<string, string> = {};
    for (const [part, source] of Object.entries(sources)) {
      const marker = await this.functionOf(source, ['element', 'part'], `${path}.${part}.script`);
      if (marker) out[part] = marker;
    }
    return out as unknown as Record<string, PartScript>;
  }

  /** Replaces the markers in JSON text by the code they stand for. */
  splice(json: string): string {
    return json
      .replace(/"__digi_template_(\d+)__"/g, (_, n: string) => this.templates[Number(n)]!)
      .replace(/"__digi_script_(\d+)__"/g, (_, n: string) => this.scripts[Number(n)]!);
  }
}

const str = (v: string | null | undefined): string | undefined =>
  typeof v === 'string' && v.trim() !== '' ? v.trim() : undefined;

/** Drops undefined values so the boot config stays small and JSON-exact. */
function defined<T extends Record<string, unknown>>(object: T): T {
  return Object.fromEntries(Object.entries(object).filter(([, v]) => v !== undefined)) as T;
}

function selectorsOf(selectors: SearchConfig['selectors']): BootSelectors {
  return defined({
    input: str(selectors.input),
    appendElem: str(selectors.appendElem),
    container: str(selectors.container),
    openButton: str(selectors.openButton),
    submit: str(selectors.submit),
  });
}

const COMPONENT_PART: Record<BootComponentType, string> = {
  PRODUCT: 'productCard',
  SLIDER: 'slider',
  CART_BUTTON: 'cartButton',
  FAVORITE_BUTTON: 'favoriteButton',
};

/** Template parts each search widget renders (the config has one htmlTemplate for both). */
const AUTOCOMPLETE_PARTS = new Set(['autocomplete']);

function pick(
  templates: Readonly<Partial<Record<string, string>>>,
  keep: (part: string) => boolean,
): Record<string, string | undefined> {
  return Object.fromEntries(Object.entries(templates).filter(([part]) => keep(part)));
}

/**
 * A block's strategy is its top-level `strategy`; rows saved before that field existed kept it in
 * `customSettings.strategy` (and parse to the default 'popular' at the top level).
 */
function strategyOf(block: RecommendationsBlock): string {
  const legacy = block.customSettings['strategy'];
  return block.strategy === 'popular' && typeof legacy === 'string' && legacy.trim() !== ''
    ? legacy.trim()
    : block.strategy;
}

/** The contract's default margin is the runtime's own (two thirds of the window height). */
const DEFAULT_MARGIN = recommendationsBlock
  .parse({ name: 'x', test: false })
  .lazyLoadMarginDesktopFunction.replace(/\s+/g, '');
const ownMargin = (source: string): string | undefined =>
  source.replace(/\s+/g, '') === DEFAULT_MARGIN ? undefined : source;

function defaultTokens(versionKey: 'V3' | 'V3.5'): TokenInput {
  const file = versionKey === 'V3' ? 'default-v3.json' : 'default-v3.5.json';
  return JSON.parse(
    readFileSync(join(STOREFRONT_DIR, 'styles/tokens', file), 'utf8'),
  ) as TokenInput;
}

function manifestEntry(
  kind: string,
  entry: VersionedConfig<unknown>,
  id: number | null = null,
): BundleManifest['configs'][number] {
  return { kind, id, versionId: entry.versionId, version: entry.version, test: entry.test };
}

export async function buildBundle(input: BuildBundleInput): Promise<BuiltBundle> {
  const { configs } = input;
  const diagnostics: BundleDiagnostic[] = [];
  const code = new CodeTable(diagnostics);
  const widgets: string[] = [];
  const is = configs.instantSearch?.config ?? null;
  const ac = configs.autocomplete?.config ?? null;

  // --- tokens
  const templateVersion = (is ?? ac)?.customSettings.templateVersion ?? '3.5';
  const defaultVersion = templateVersion === '3' ? 'V3' : 'V3.5';
  const siteTokens = (configs.tokens ?? is?.tokens ?? ac?.tokens ?? null) as TokenInput | null;
  const tokenInput = siteTokens ?? defaultTokens(defaultVersion);
  const tokens = compileTokens(tokenInput, siteTokens ? {} : { versionKey: defaultVersion });
  for (const d of tokens.diagnostics) {
    if (d.severity === 'info') continue;
    diagnostics.push({
      code: `tokens/${d.code}`,
      path: `tokens${d.path ? `.${d.path}` : ''}`,
      message: d.message,
      // bad tokens still build (the spec's UNDEFINED value): only a compiler failure stops us
      severity: d.code === 'sass/error' || d.code === 'internal/error' ? 'error' : 'warning',
    });
  }
  const declaredVersion = (tokenInput as { tokenVersionKey?: unknown }).tokenVersionKey;
  const versionKey = typeof declaredVersion === 'string' ? declaredVersion : defaultVersion;

  // --- instant search and autocomplete
  const mobileBreakpoint = (is ?? ac)?.customSettings.mobileBreakpoint;
  let autocomplete: BootConfig['autocomplete'] = null;
  if (ac?.enabled) {
    const selectors = selectorsOf(ac.selectors);
    autocomplete = {
      selectors,
      desktop: true,
      mobile: ac.mobileEnabled,
      templates: code.templatesOf(
        pick(ac.htmlTemplate, (part) => AUTOCOMPLETE_PARTS.has(part)),
        'autocomplete.htmlTemplate',
      ),
      settings: defined({
        throttle: ac.throttleAutocomplete,
        strategy: str(ac.strategyAC),
        showUnavailable: ac.showUnavailableAC,
        unavailableMultiplier: ac.unavailableMultiplier,
        searchPageUrl:
          str(ac.customSettings.searchPageUrl) ?? str(is?.customSettings.searchPageUrl),
        blocks: ac.showAutocompleteProducts
          ? ac.customSettings.typesAC
          : ac.customSettings.typesAC.filter((block) => block !== 'products'),
      }),
    };
    if (!selectors.input) {
      diagnostics.push({
        code: 'config/selector',
        path: 'autocomplete.selectors.input',
        message: 'no input selector: the autocomplete will not mount',
        severity: 'warning',
      });
    }
    widgets.push('autocomplete');
  }

  let instantSearch: BootConfig['instantSearch'] = null;
  if (is?.enabled) {
    const selectors = selectorsOf(is.selectors);
    instantSearch = {
      selectors,
      desktop: true,
      mobile: is.mobileEnabled,
      templates: code.templatesOf(
        pick(is.htmlTemplate, (part) => !AUTOCOMPLETE_PARTS.has(part)),
        'instantSearch.htmlTemplate',
      ),
      settings: defined({
        pageSize: is.pagination.pageSize,
        isInfinite: is.pagination.isInfinite,
        throttle: is.throttle,
        strategy: str(is.strategyIS),
        treeFacets: is.treeFacets,
        useCategoryPrediction: is.useCategoryPrediction,
        showUnavailable: is.showUnavailableIS,
        unavailableMultiplier: is.unavailableMultiplier,
      }),
    };
    if (!selectors.container) {
      diagnostics.push({
        code: 'config/selector',
        path: 'instantSearch.selectors.container',
        message: 'no container selector: the instant search will not mount',
        severity: 'warning',
      });
    }
    widgets.push('instantSearch');
  }

  // --- the search configs' named hooks (storefront/entries/boot-core.ts BootHook)
  const hooks: BootHook[] = [];
  const hookSources: Array<[BootHook['widget'], SearchConfig | null, string]> = [
    ['autocomplete', ac?.enabled ? ac : null, 'autocomplete'],
    ['instantSearch', is?.enabled ? is : null, 'instantSearch'],
  ];
  for (const [widget, config, path] of hookSources) {
    for (const [name, source] of Object.entries(config?.hookConfig.hooks ?? {})) {
      const run = await code.functionOf(source, ['detail'], `${path}.hookConfig.hooks.${name}`);
      if (run) {
        hooks.push({
          name,
          widget,
          silent: config!.hookConfig.silent,
          run: run as unknown as BootHook['run'],
        });
      }
    }
  }

  // --- recommendation blocks, in their ordering
  // --- MVT: the boot puts each visitor in or out of every enabled group
  const mvt: BootMvtGroup[] = [];
  for (const [index, entry] of (configs.mvt?.config ?? []).entries()) {
    if (!entry.enabled) continue;
    const script =
      entry.action === 'RUN_CUSTOM_SCRIPT'
        ? await code.functionOf(entry.script, ['config'], `mvt[${index}].script`)
        : null;
    mvt.push({
      name: entry.name,
      action: entry.action,
      share: entry.share,
      ...(script && { script: script as unknown as BootMvtGroup['script'] }),
    });
  }
  // --- tracking: page types and rules the boot executes (issue 15)
  const trackingCopy = configs.tracking?.config;
  const tracking: BootTracking | null = trackingCopy
    ? {
        enabled: trackingCopy.enabled,
        pageTypes: trackingCopy.pageTypes,
        rules: await Promise.all(
          trackingCopy.rules
            .filter((rule) => rule.enabled)
            .map(async (rule, index) => {
              const condition = rule.condition.trim()
                ? await code.functionOf(
                    rule.condition,
                    ['element'],
                    `tracking.rules[${index}].condition`,
                  )
                : null;
              return {
                name: rule.name,
                pageType: rule.pageType,
                trigger: rule.trigger,
                selector: rule.selector,
                ...(condition && {
                  condition: condition as unknown as BootTrackingRule['condition'],
                }),
              };
            }),
        ),
      }
    : null;
  const recommendations: BootRecommendations[] = [];
  const blocks = configs.recommendationBlocks
    .map((entry, index) => ({ block: entry.config, index }))
    .sort((a, b) => a.block.ordering - b.block.ordering || a.index - b.index);
  for (const { block, index } of blocks) {
    const path = `recommendationBlocks[${index}]`;
    if (!block.enabledDesktop && !block.enabledMobile) continue;
    const placement = str(block.placement);
    const wrapper = await code.functionOf(
      block.getWrapperContainerFunction,
      ['placement'],
      `${path}.getWrapperContainerFunction`,
    );
    const insert = await code.functionOf(
      block.insertFunction,
      ['element', 'placement'],
      `${path}.insertFunction`,
    );
    const marginDesktop = await code.functionOf(
      ownMargin(block.lazyLoadMarginDesktopFunction),
      [],
      `${path}.lazyLoadMarginDesktopFunction`,
    );
    const marginMobile = await code.functionOf(
      ownMargin(block.lazyLoadMarginMobileFunction),
      [],
      `${path}.lazyLoadMarginMobileFunction`,
    );
    if (!placement && !wrapper) {
      diagnostics.push({
        code: 'config/selector',
        path: `${path}.placement`,
        message: 'no placement selector nor getWrapperContainerFunction: the block is left out',
        severity: 'warning',
      });
      continue;
    }
    const custom = block.customSettings;
    const parts = Object.entries(block.htmlTemplate);
    const id = String(block.configId ?? index);
    recommendations.push({
      id,
      name: block.name,
      placement: placement ?? '',
      ...(wrapper && { getWrapperContainer: wrapper as unknown as WrapperFunction }),
      ...(insert && { insert: insert as unknown as InsertFunction }),
      ...(marginDesktop && {
        lazyLoadMarginDesktop: marginDesktop as unknown as MarginFunction,
      }),
      ...(marginMobile && { lazyLoadMarginMobile: marginMobile as unknown as MarginFunction }),
      pageType: block.pageType,
      desktop: block.enabledDesktop,
      mobile: block.enabledMobile,
      templates: code.templatesOf(
        Object.fromEntries(parts.map(([part, p]) => [part, p?.html])),
        `${path}.htmlTemplate`,
      ),
      scripts: await code.scriptsOf(
        Object.fromEntries(parts.map(([part, p]) => [part, p?.script])),
        `${path}.htmlTemplate`,
      ),
      settings: defined({
        strategy: strategyOf(block) as 'popular',
        message: str(block.message),
        showUnavailable: block.showUnavailable,
        lazyLoad: block.lazyLoad,
        openProductInNewTab: custom.openProductInNewTab,
        itemsPerPageDesktop: custom.itemsPerPageDesktop,
        itemsPerPageMobile: custom.itemsPerPageMobile,
        marginViewEventDesktop: custom.marginViewEventDesktop,
        marginViewEventMobile: custom.marginViewEventMobile,
        swiperOptions: custom.swiperOptions,
        infinityListOptions: {
          ...custom.infinityListOptions,
          infiniteListMode:
            custom.widgetType === 'INFINITY_LIST' || custom.infinityListOptions.infiniteListMode,
        },
      }),
    });
  }
  if (recommendations.length > 0) widgets.push('recommendations');

  // --- global components (mounted by the page through digi.site.mountComponent)
  const components: BootComponent[] = [];
  for (const [index, entry] of configs.globalComponents.entries()) {
    const component = entry.config;
    if (component.type === 'UNDEFINED') continue;
    const path = `globalComponents[${index}]`;
    const part = COMPONENT_PART[component.type];
    const view = component.view.toLowerCase();
    components.push({
      id: String(component.componentId ?? index),
      name: component.name,
      type: component.type,
      layout: view === 'fashion' || view === 'horizontal' ? view : 'default',
      templates: code.templatesOf({ [part]: component.template.html }, `${path}.template`),
      scripts: await code.scriptsOf({ [part]: component.template.script }, `${path}.template`),
      settings: component.customSettings,
    });
  }
  if (components.length > 0) widgets.push('components');

  // --- the runtime: without the recommendation block and Swiper when no widget needs them
  const runtime = await storefrontRuntime(
    recommendations.length > 0 || components.length > 0 ? 'full' : 'search',
  );

  // --- styles: tokens, the storefront's, then each config's in a fixed order
  const cssParts = [tokens.css, runtime.css];
  const styled: Array<[string, string | undefined]> = [
    ['instantSearch.css', is?.css],
    ['autocomplete.css', ac?.css],
    ['search.css', configs.search?.config.css],
    ...configs.recommendationBlocks.map((b, i): [string, string] => [
      `recommendationBlocks[${i}].css`,
      b.config.css,
    ]),
    ...configs.globalComponents.map((c, i): [string, string] => [
      `globalComponents[${i}].css`,
      c.config.css,
    ]),
  ];
  for (const [path, scss] of styled) {
    const css = await compileConfigCss(scss ?? '', path, diagnostics, input.scssTimeoutMs);
    if (css) cssParts.push(`/* ${path} */\n${css}`);
  }

  const single: Array<[string, VersionedConfig<unknown> | null]> = [
    ['instant-search', configs.instantSearch],
    ['autocomplete', configs.autocomplete],
    ['search', configs.search],
    ['tracking', configs.tracking],
    ['mvt', configs.mvt],
  ];
  const manifest: BundleManifest = {
    siteId: input.siteId,
    slot: input.slot ?? 'production',
    runtime: runtime.key,
    tokens: { source: siteTokens ? 'site' : 'default', versionKey },
    configs: [
      ...single.flatMap(([kind, entry]) => (entry ? [manifestEntry(kind, entry)] : [])),
      ...configs.recommendationBlocks.map((entry) =>
        manifestEntry('recommendations-block', entry, entry.config.configId ?? null),
      ),
      ...configs.globalComponents.map((entry) =>
        manifestEntry('global-component', entry, entry.config.componentId ?? null),
      ),
    ],
    widgets,
    sizes: { js: 0, css: 0 },
  };

  if (diagnostics.some((d) => d.severity === 'error')) {
    return { js: '', css: '', manifest, diagnostics };
  }

  const boot: BootConfig = {
    siteId: input.siteId,
    apiKey: input.apiKey,
    apiBaseUrl: input.publicBaseUrl.replace(/\/+$/, ''),
    slot: input.slot ?? 'production',
    ...(mobileBreakpoint !== undefined && { mobileBreakpoint }),
    autocomplete,
    instantSearch,
    recommendations,
    components,
    ...(mvt.length > 0 && { mvt }),
    ...(hooks.length > 0 && { hooks }),
    ...(tracking && { tracking }),
  };
  const bootCall = (
    await transform(
      `digi.site = digi.boot(${code.splice(JSON.stringify(boot))}, document.currentScript);`,
      { minify: true, target: 'es2020', legalComments: 'none' },
    )
  ).code;
  const js = `/* Vitrina storefront bundle, site ${input.siteId} */\n${runtime.js}\n${bootCall}`;
  const css = cssParts.filter(Boolean).join('\n');
  manifest.sizes = { js: Buffer.byteLength(js), css: Buffer.byteLength(css) };
  return { js, css, manifest, diagnostics };
}

/** A readable one-line summary of the error diagnostics (what a failed job reports). */
export function describeBuildErrors(diagnostics: readonly BundleDiagnostic[]): string {
  const errors = diagnostics.filter((d) => d.severity === 'error');
  return `The storefront bundle was not built: ${errors
    .map((d) => `${d.path}: ${d.message}`)
    .join('; ')}`;
}
