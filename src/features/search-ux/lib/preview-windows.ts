import type { SearchConfig } from '#contract/entities/config.ts';

/*
 * Spec §7 "Preview windows": GET on the public endpoints, opened in a new window, with the
 * parameters of the config; spec §8: refused with a toast when the widget is not in production.
 */

export interface PreviewWindowInput {
  /** The query typed for the preview. */
  st: string;
  apiKey: string;
  config: SearchConfig;
  /** The public API's origin; '' for this one. */
  baseUrl?: string;
}

const flag = (value: boolean) => (value ? 'true' : 'false');

export function searchPreviewUrl({ st, apiKey, config, baseUrl = '' }: PreviewWindowInput): string {
  const params = new URLSearchParams({
    st,
    apiKey,
    strategy: config.strategyIS,
    fullData: 'true',
    withCorrection: 'true',
    withFacets: 'true',
    treeFacets: flag(config.treeFacets),
    regionId: 'global',
    useCategoryPrediction: flag(config.useCategoryPrediction),
    size: String(config.pagination.pageSize),
    offset: '0',
    showUnavailable: flag(config.showUnavailableIS),
    unavailableMultiplier: String(config.unavailableMultiplier),
    preview: 'true',
    withSku: 'true',
    sort: 'DEFAULT',
  });
  return `${baseUrl}/public/search?${params.toString()}`;
}

export function autocompletePreviewUrl({
  st,
  apiKey,
  config,
  baseUrl = '',
}: PreviewWindowInput): string {
  const params = new URLSearchParams({
    st,
    apiKey,
    strategy: config.strategyAC,
    // Spec §7: 20, or the configured page size (the public API caps it at 50).
    productsSize: String(Math.min(config.pagination.pageSize || 20, 50)),
    regionId: 'global',
    forIs: flag(config.forIs),
    showUnavailable: flag(config.showUnavailableAC),
    unavailableMultiplier: String(config.unavailableMultiplier),
    withContent: flag(config.customSettings.withContent),
    withSku: 'true',
  });
  return `${baseUrl}/public/autocomplete?${params.toString()}`;
}

export type NotLiveReason = 'instantSearch' | 'both' | null;

/**
 * Whether a preview window may open, from the production copies' `enabled` flags: the search
 * preview needs instant search live; the autocomplete preview needs either of the two.
 */
export function notLiveReason(
  target: 'search' | 'autocomplete',
  live: { instantSearch: boolean; autocomplete: boolean },
): NotLiveReason {
  if (!live.instantSearch && !live.autocomplete) return 'both';
  if (target === 'search' && !live.instantSearch) return 'instantSearch';
  return null;
}
