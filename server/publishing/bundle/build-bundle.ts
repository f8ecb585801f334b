/**
 * Builds a site's storefront bundle from its configs (DESIGN.md "Config lifecycle"):
 *   JS  = the storefront runtime (runtime.ts, built once per process) + the configs' Handlebars
 *         templates precompiled here + `digi.site = digi.boot({...})` (storefront/entries/boot.ts)
 *   CSS = the site's tokens compiled by tokens/ + the storefront's SCSS + each config's `css`,
 *         every rule under #digi-shield.
 * Any error diagnostic means no artifact: js and css come back empty.
 */
import { transform } from 'esbuild';
import type { BootConfig } from '#storefront/entries/boot-config.ts';
import { autocompleteOf, hooksOf, instantSearchOf } from './boot-search.ts';
import { componentsOf, mvtGroupsOf } from './boot-components.ts';
import { recommendationsOf } from './boot-recommendations.ts';
import { trackingOf } from './boot-tracking.ts';
import { globalOf } from './boot-global.ts';
import { bundleTokens } from './bundle-tokens.ts';
import { CodeTable } from './code-table.ts';
import { storefrontRuntime } from './runtime.ts';
import { compileConfigCss } from './styles.ts';
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

  // The order of the pieces below numbers the code table's markers: keep it.
  const tokens = bundleTokens(configs, is, ac, diagnostics);
  const { siteTokens, versionKey } = tokens;
  const mobileBreakpoint = (is ?? ac)?.customSettings.mobileBreakpoint;
  const autocomplete = autocompleteOf(ac, is, code, diagnostics, widgets);
  const instantSearch = await instantSearchOf(is, code, diagnostics, widgets);
  const hooks = await hooksOf(ac, is, code);
  const mvt = await mvtGroupsOf(configs, code);
  const recommendations = await recommendationsOf(configs, code, diagnostics);
  if (recommendations.length > 0) widgets.push('recommendations');
  const components = await componentsOf(configs, code);
  if (components.length > 0) widgets.push('components');
  const tracking = await trackingOf(configs, code);

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
    ['global-config', configs.global ?? null],
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
    ...(configs.global && { global: globalOf(configs.global.config) }),
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
