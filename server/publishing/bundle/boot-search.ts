/** The boot config of the search widgets (autocomplete, instant search) and their named hooks. */
import type { SearchConfig } from '#contract/entities/config.ts';
import type {
  BootConfig,
  BootHook,
  BootSelectors,
  BootZeroSearch,
} from '#storefront/entries/boot-config.ts';
import { defined, str, type CodeTable } from './code-table.ts';
import type { BundleDiagnostic } from './types.ts';

function selectorsOf(selectors: SearchConfig['selectors']): BootSelectors {
  return defined({
    input: str(selectors.input),
    appendElem: str(selectors.appendElem),
    container: str(selectors.container),
    openButton: str(selectors.openButton),
    submit: str(selectors.submit),
  });
}

/** Template parts each search widget renders (the config has one htmlTemplate for both). */
const AUTOCOMPLETE_PARTS = new Set(['autocomplete']);

function pick(
  templates: Readonly<Partial<Record<string, string>>>,
  keep: (part: string) => boolean,
): Record<string, string | undefined> {
  return Object.fromEntries(Object.entries(templates).filter(([part]) => keep(part)));
}

export function autocompleteOf(
  ac: SearchConfig | null,
  is: SearchConfig | null,
  code: CodeTable,
  diagnostics: BundleDiagnostic[],
  widgets: string[],
): BootConfig['autocomplete'] {
  if (!ac?.enabled) return null;
  const selectors = selectorsOf(ac.selectors);
  const autocomplete: BootConfig['autocomplete'] = {
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
      searchPageUrl: str(ac.customSettings.searchPageUrl) ?? str(is?.customSettings.searchPageUrl),
      blocks: ac.showAutocompleteProducts
        ? ac.customSettings.typesAC
        : ac.customSettings.typesAC.filter((block) => block !== 'products'),
      brandsShown: ac.customSettings.topBrands,
      categoriesShown: ac.customSettings.topCategories,
      withContent: ac.customSettings.withContent,
      contentsShown: ac.customSettings.contentsSize,
      speechRecognition: ac.customSettings.speechRecognition,
      speechLanguage: ac.customSettings.speechRecognitionLanguage,
      cardType: ac.customSettings.cardType,
      widthType: ac.customSettings.acWidthType,
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
  return autocomplete;
}

export async function instantSearchOf(
  is: SearchConfig | null,
  code: CodeTable,
  diagnostics: BundleDiagnostic[],
  widgets: string[],
): Promise<BootConfig['instantSearch']> {
  if (!is?.enabled) return null;
  const selectors = selectorsOf(is.selectors);
  // zeroSearchPredicate: a function body of (response, query), compiled like the hooks
  const zeroSearch = await code.functionOf(
    is.zeroSearchPredicate,
    ['response', 'query'],
    'instantSearch.zeroSearchPredicate',
  );
  const zeroPlacement = is.customSettings.recommendationsOnZeroResults
    ? str(is.customSettings.recommendationsOnZeroPlacement)
    : undefined;
  const instantSearch: BootConfig['instantSearch'] = {
    ...(is.disableRouter && { disableRouter: true }),
    ...(zeroPlacement && { recommendationsOnZero: zeroPlacement }),
    ...(zeroSearch && {
      zeroSearch: {
        run: zeroSearch as unknown as BootZeroSearch['run'],
        silent: is.hookConfig.silent,
      },
    }),
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
  return instantSearch;
}

/** The search configs' named hooks (storefront/entries/boot-core.ts BootHook). */
export async function hooksOf(
  ac: SearchConfig | null,
  is: SearchConfig | null,
  code: CodeTable,
): Promise<BootHook[]> {
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
  return hooks;
}
