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
import { compileTokens, type TokenInput } from '#tokens/index.ts';
import type {
  BootComponent,
  BootComponentType,
  BootConfig,
  BootRecommendations,
  BootSelectors,
} from '#storefront/entries/boot.ts';
import type { PartTemplates } from '#storefront/runtime/templates.ts';
import { STOREFRONT_DIR, storefrontRuntime } from './runtime.ts';
import { compileConfigCss } from './styles.ts';
import { precompileTemplate } from './templates.ts';
import type {
  BuiltBundle,
  BundleDiagnostic,
  BundleManifest,
  SearchWidgetConfig,
  SelectorsConfig,
  SiteBundleConfigs,
} from './types.ts';

export type * from './types.ts';

export interface BuildBundleInput {
  siteId: number;
  apiKey: string;
  /** Origin of the `/public` API the widgets call; '' = the origin the bundle is loaded from. */
  publicBaseUrl: string;
  configs: SiteBundleConfigs;
  /** Which slot the bundle is for (the boot config carries it; the build is otherwise the same). */
  slot?: 'production' | 'preview';
}

/** Placeholder a precompiled template takes in the boot config's JSON until spliced in. */
const marker = (n: number): string => `__digi_template_${n}__`;

class TemplateTable {
  readonly specs: string[] = [];
  constructor(private readonly diagnostics: BundleDiagnostic[]) {}

  /** Part name → marker of its precompiled spec; empty templates keep the runtime's default. */
  /** The markers stand in for template specs until the boot config's text is spliced. */
  add(templates: Record<string, string>, path: string): PartTemplates {
    const out: Record<string, string> = {};
    for (const [part, source] of Object.entries(templates)) {
      if (source.trim() === '') continue;
      const spec = precompileTemplate(source, `${path}.${part}`, this.diagnostics);
      if (spec === null) continue;
      this.specs.push(spec);
      out[part] = marker(this.specs.length - 1);
    }
    return out as unknown as PartTemplates;
  }
}

function parseJsonText(
  value: unknown,
  path: string,
  diagnostics: BundleDiagnostic[],
): Record<string, unknown> {
  if (value === null || value === undefined || value === '') return {};
  if (typeof value === 'string') {
    try {
      const parsed: unknown = JSON.parse(value);
      if (parsed && typeof parsed === 'object' && !Array.isArray(parsed))
        return parsed as Record<string, unknown>;
    } catch {
      // reported below
    }
    diagnostics.push({
      code: 'config/json',
      path,
      message: 'is not a JSON object',
      severity: 'error',
    });
    return {};
  }
  if (typeof value === 'object' && !Array.isArray(value)) return value as Record<string, unknown>;
  diagnostics.push({ code: 'config/json', path, message: 'is not an object', severity: 'error' });
  return {};
}

/** A config's htmlTemplate as part → source (a part may be `{template, script}`: scripts are not run). */
function templateSources(
  value: unknown,
  path: string,
  diagnostics: BundleDiagnostic[],
): Record<string, string> {
  const out: Record<string, string> = {};
  for (const [part, entry] of Object.entries(parseJsonText(value, path, diagnostics))) {
    if (typeof entry === 'string') out[part] = entry;
    else if (entry && typeof entry === 'object') {
      const text =
        (entry as Record<string, unknown>)['template'] ??
        (entry as Record<string, unknown>)['html'];
      if (typeof text === 'string') out[part] = text;
    }
  }
  return out;
}

const num = (v: unknown): number | undefined =>
  typeof v === 'number' && Number.isFinite(v) ? v : undefined;
const bool = (v: unknown): boolean | undefined => (typeof v === 'boolean' ? v : undefined);
const str = (v: unknown): string | undefined => (typeof v === 'string' && v !== '' ? v : undefined);

/** Drops undefined values so the boot config stays small and JSON-exact. */
function defined<T extends Record<string, unknown>>(object: T): T {
  return Object.fromEntries(Object.entries(object).filter(([, v]) => v !== undefined)) as T;
}

const AC_BLOCKS = ['history', 'queries', 'taps', 'categories', 'brands', 'products'] as const;

function selectorsOf(selectors: SelectorsConfig | null | undefined): BootSelectors {
  return defined({
    input: str(selectors?.input),
    appendElem: str(selectors?.appendElem),
    container: str(selectors?.container),
    openButton: str(selectors?.openButton),
    submit: str(selectors?.submit),
  });
}

const isOn = (config: SearchWidgetConfig | null): config is SearchWidgetConfig =>
  config !== null && config.enabled !== false;

const COMPONENT_PART: Record<BootComponentType, string> = {
  PRODUCT: 'productCard',
  SLIDER: 'slider',
  CART_BUTTON: 'cartButton',
  FAVORITE_BUTTON: 'favoriteButton',
};

const STRATEGIES = ['popular', 'same_category', 'similar_price'];

function defaultTokens(versionKey: 'V3' | 'V3.5'): TokenInput {
  const file = versionKey === 'V3' ? 'default-v3.json' : 'default-v3.5.json';
  return JSON.parse(
    readFileSync(join(STOREFRONT_DIR, 'styles/tokens', file), 'utf8'),
  ) as TokenInput;
}

export async function buildBundle(input: BuildBundleInput): Promise<BuiltBundle> {
  const { configs } = input;
  const diagnostics: BundleDiagnostic[] = [];
  const table = new TemplateTable(diagnostics);
  const runtime = await storefrontRuntime();
  const widgets: string[] = [];
  const cssParts: string[] = [];

  // --- tokens
  const isCustom = parseJsonText(
    configs.instantSearch?.customSettings,
    'instantSearch.customSettings',
    diagnostics,
  );
  const acCustom = parseJsonText(
    configs.autocomplete?.customSettings,
    'autocomplete.customSettings',
    diagnostics,
  );
  const templateVersion = String(isCustom['templateVersion'] ?? acCustom['templateVersion'] ?? '');
  const defaultVersion = templateVersion === '3' ? 'V3' : 'V3.5';
  const tokenInput = (configs.tokens as TokenInput | null) ?? defaultTokens(defaultVersion);
  const tokens = compileTokens(tokenInput, configs.tokens ? {} : { versionKey: defaultVersion });
  for (const d of tokens.diagnostics) {
    if (d.severity === 'info') continue;
    const fatal = d.code === 'sass/error' || d.code === 'internal/error';
    diagnostics.push({
      code: `tokens/${d.code}`,
      path: `tokens${d.path ? `.${d.path}` : ''}`,
      message: d.message,
      // bad tokens still build (the spec's UNDEFINED value): only a compiler failure stops us
      severity: fatal ? 'error' : 'warning',
    });
  }
  const versionKey =
    typeof (tokenInput as { tokenVersionKey?: unknown }).tokenVersionKey === 'string'
      ? String((tokenInput as { tokenVersionKey: string }).tokenVersionKey)
      : defaultVersion;
  cssParts.push(tokens.css, runtime.css);

  // --- widgets
  let autocomplete: BootConfig['autocomplete'] = null;
  const ac = configs.autocomplete;
  if (isOn(ac)) {
    const blocks = (
      Array.isArray(acCustom['typesAC'])
        ? (acCustom['typesAC'] as unknown[])
        : String(acCustom['typesAC'] ?? '').split(',')
    )
      .map((b) => String(b).trim().toLowerCase())
      .filter((b): b is (typeof AC_BLOCKS)[number] => (AC_BLOCKS as readonly string[]).includes(b));
    autocomplete = {
      selectors: selectorsOf(ac.selectors),
      desktop: true,
      mobile: ac.mobileEnabled ?? true,
      templates: table.add(
        templateSources(ac.htmlTemplate, 'autocomplete.htmlTemplate', diagnostics),
        'autocomplete.htmlTemplate',
      ),
      settings: defined({
        throttle: num(ac.throttleAutocomplete) ?? num(ac.throttle),
        strategy: str(ac.strategyAC),
        showUnavailable: bool(ac.showUnavailableAC) ?? bool(ac.showUnavailable),
        unavailableMultiplier: num(ac.unavailableMultiplier),
        searchPageUrl: str(acCustom['searchPageUrl']) ?? str(isCustom['searchPageUrl']),
        blocks: blocks.length > 0 ? blocks : undefined,
      }),
    };
    if (!selectorsOf(ac.selectors).input)
      diagnostics.push({
        code: 'config/selector',
        path: 'autocomplete.selectors.input',
        message: 'no input selector: the autocomplete will not mount',
        severity: 'warning',
      });
    widgets.push('autocomplete');
  }

  let instantSearch: BootConfig['instantSearch'] = null;
  const is = configs.instantSearch;
  if (isOn(is)) {
    instantSearch = {
      selectors: selectorsOf(is.selectors),
      desktop: true,
      mobile: is.mobileEnabled ?? true,
      templates: table.add(
        templateSources(is.htmlTemplate, 'instantSearch.htmlTemplate', diagnostics),
        'instantSearch.htmlTemplate',
      ),
      settings: defined({
        pageSize: num(is.pagination?.pageSize),
        isInfinite: bool(is.pagination?.isInfinite),
        throttle: num(is.throttle),
        strategy: str(is.strategyIS),
        treeFacets: bool(is.treeFacets),
        useCategoryPrediction: bool(is.useCategoryPrediction),
        showUnavailable: bool(is.showUnavailableIS) ?? bool(is.showUnavailable),
        unavailableMultiplier: num(is.unavailableMultiplier),
      }),
    };
    if (!selectorsOf(is.selectors).container)
      diagnostics.push({
        code: 'config/selector',
        path: 'instantSearch.selectors.container',
        message: 'no container selector: the instant search will not mount',
        severity: 'warning',
      });
    widgets.push('instantSearch');
  }

  const mvtGroups = (configs.mvt?.entries ?? []).filter((e) => e.enabled).map((e) => e.name);
  const recommendations: BootRecommendations[] = [];
  configs.recommendationBlocks.forEach((block, index) => {
    const path = `recommendationBlocks[${index}]`;
    const desktop = block.enabledDesktop ?? true;
    const mobile = block.enabledMobile ?? true;
    if (!desktop && !mobile) return;
    const placement = str(block.placement);
    if (!placement) {
      diagnostics.push({
        code: 'config/selector',
        path: `${path}.placement`,
        message: 'no placement selector: the block is left out',
        severity: 'warning',
      });
      return;
    }
    const custom = parseJsonText(block.customSettings, `${path}.customSettings`, diagnostics);
    const strategy = str(custom['strategy']);
    const id = String(block.configId ?? block.id ?? index);
    recommendations.push({
      id,
      name: block.name ?? id,
      placement,
      pageType: block.pageType ?? null,
      desktop,
      mobile,
      templates: table.add(
        templateSources(block.htmlTemplate, `${path}.htmlTemplate`, diagnostics),
        `${path}.htmlTemplate`,
      ),
      settings: defined({
        strategy: (strategy && STRATEGIES.includes(strategy)
          ? strategy
          : block.pageType === 'PRODUCT'
            ? 'same_category'
            : 'popular') as 'popular',
        message: str(block.message),
        showUnavailable: bool(block.showUnavailable),
        lazyLoad: bool(block.lazyLoad),
        openProductInNewTab: bool(custom['openProductInNewTab']),
        itemsPerPageDesktop: num(custom['itemsPerPageDesktop']),
        itemsPerPageMobile: num(custom['itemsPerPageMobile']),
        marginViewEventDesktop: num(custom['marginViewEventDesktop']),
        marginViewEventMobile: num(custom['marginViewEventMobile']),
        widgetType: str(custom['widgetType']),
        swiperOptions: custom['swiperOptions'] as undefined,
        infinityListOptions: custom['infinityListOptions'] as undefined,
        mvtGroups: mvtGroups.length > 0 ? mvtGroups : undefined,
      }),
    });
  });
  if (recommendations.length > 0) widgets.push('recommendations');

  const components: BootComponent[] = [];
  configs.globalComponents.forEach((component, index) => {
    const path = `globalComponents[${index}]`;
    const type = component.type as BootComponentType;
    if (!(type in COMPONENT_PART)) return; // UNDEFINED: nothing to mount
    const id = String(component.componentId ?? component.id ?? index);
    const view = String(component.view ?? 'DEFAULT').toLowerCase();
    components.push({
      id,
      name: component.name ?? id,
      type,
      layout: view === 'fashion' || view === 'horizontal' ? view : 'default',
      templates: table.add(
        { [COMPONENT_PART[type]]: component.template ?? '' },
        `${path}.template`,
      ),
      settings: parseJsonText(component.customSettings, `${path}.customSettings`, diagnostics),
    });
  });
  if (components.length > 0) widgets.push('components');

  // --- config styles, in a fixed order so the same configs give the same bytes
  const styled: Array<[string, string | null | undefined]> = [
    ['instantSearch.css', configs.instantSearch?.css],
    ['autocomplete.css', configs.autocomplete?.css],
    ['search.css', configs.search?.css],
    ...configs.recommendationBlocks.map((b, i): [string, string | null | undefined] => [
      `recommendationBlocks[${i}].css`,
      b.css,
    ]),
    ...configs.globalComponents.map((c, i): [string, string | null | undefined] => [
      `globalComponents[${i}].css`,
      c.css,
    ]),
  ];
  for (const [path, scss] of styled) {
    const css = compileConfigCss(scss ?? '', path, diagnostics);
    if (css) cssParts.push(`/* ${path} */\n${css}`);
  }

  const manifest: BundleManifest = {
    siteId: input.siteId,
    runtime: runtime.key,
    tokens: { source: configs.tokens ? 'site' : 'default', versionKey },
    configs: [
      ...(
        [
          ['instantSearch', configs.instantSearch],
          ['autocomplete', configs.autocomplete],
          ['search', configs.search],
          ['tracking', configs.tracking],
          ['mvt', configs.mvt],
        ] as const
      )
        .filter(([, c]) => c !== null)
        .map(([kind, c]) => ({
          kind,
          id: c?.id === undefined ? null : String(c.id),
          version: c?.version ?? null,
          test: c?.test ?? null,
        })),
      ...configs.recommendationBlocks.map((b) => ({
        kind: 'recommendationBlock',
        id: String(b.configId ?? b.id ?? ''),
        version: b.version ?? null,
        test: b.test ?? null,
      })),
      ...configs.globalComponents.map((c) => ({
        kind: 'globalComponent',
        id: String(c.componentId ?? c.id ?? ''),
        version: c.version ?? null,
        test: c.test ?? null,
      })),
    ],
    widgets,
    sizes: { js: 0, css: 0 },
  };

  if (diagnostics.some((d) => d.severity === 'error'))
    return { js: '', css: '', manifest, diagnostics };

  const boot: BootConfig = {
    siteId: input.siteId,
    apiKey: input.apiKey,
    apiBaseUrl: input.publicBaseUrl.replace(/\/+$/, ''),
    slot: input.slot ?? 'production',
    autocomplete,
    instantSearch,
    recommendations,
    components,
  };
  const bootText = JSON.stringify(boot).replace(
    /"__digi_template_(\d+)__"/g,
    (_, n: string) => table.specs[Number(n)]!,
  );
  const bootCall = (
    await transform(`digi.site = digi.boot(${bootText}, document.currentScript);`, {
      minify: true,
      target: 'es2020',
      legalComments: 'none',
    })
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
