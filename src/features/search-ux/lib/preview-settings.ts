import type { SearchConfig } from '#contract/entities/config.ts';
import { templatePartsOf, type SearchUxKind } from './search-ux-kind.ts';

/** The storefront widget's mount settings from a config (what the generated bundle boots with). */
export function previewSettings(kind: SearchUxKind, config: SearchConfig): Record<string, unknown> {
  if (kind === 'autocomplete') {
    return {
      blocks: config.customSettings.typesAC,
      productsSize: Math.min(config.pagination.pageSize || 20, 50),
      throttle: config.throttleAutocomplete,
      strategy: config.strategyAC,
      showUnavailable: config.showUnavailableAC,
      unavailableMultiplier: config.unavailableMultiplier,
      searchPageUrl: config.customSettings.searchPageUrl,
    };
  }
  return {
    pageSize: config.pagination.pageSize,
    isInfinite: config.pagination.isInfinite,
    throttle: config.throttle,
    strategy: config.strategyIS,
    showUnavailable: config.showUnavailableIS,
    unavailableMultiplier: config.unavailableMultiplier,
    treeFacets: config.treeFacets,
    useCategoryPrediction: config.useCategoryPrediction,
    preview: true,
  };
}

/** The config's own template sources for the widget's parts ('' = the default: left out). */
export function previewTemplates(
  kind: SearchUxKind,
  config: Pick<SearchConfig, 'htmlTemplate'>,
): Record<string, string> {
  const templates: Record<string, string> = {};
  for (const part of templatePartsOf(kind)) {
    const source = config.htmlTemplate[part];
    if (source) templates[part] = source;
  }
  return templates;
}
