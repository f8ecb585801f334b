/** Bundle configs from the contract's defaults and the bundle build calls the hardening tests share. */
import {
  mvtConfig,
  recommendationsBlock,
  searchConfig,
  type RecommendationsBlockInput,
  type SearchConfigInput,
} from '#contract/entities/config.ts';
import { buildBundle } from '#server/publishing/bundle/build-bundle.ts';
import type { SiteBundleConfigs, VersionedConfig } from '#server/publishing/bundle/types.ts';

export const stored = <T>(config: T, version = 1): VersionedConfig<T> => ({
  versionId: version,
  version,
  test: false,
  config,
});

export interface Setup {
  instantSearch?: SearchConfigInput;
  recommendationBlocks?: Array<Omit<RecommendationsBlockInput, 'test'>>;
}

export function siteConfigs(setup: Setup = {}): SiteBundleConfigs {
  return {
    instantSearch: stored(
      searchConfig.parse({
        enabled: true,
        selectors: { container: '#search-results' },
        ...setup.instantSearch,
      }),
    ),
    autocomplete: null,
    search: null,
    tracking: null,
    mvt: stored(mvtConfig.parse([])),
    recommendationBlocks: (setup.recommendationBlocks ?? []).map((block) =>
      stored(recommendationsBlock.parse({ ...block, test: false })),
    ),
    globalComponents: [],
    tokens: null,
  };
}

export const build = (configs: SiteBundleConfigs) =>
  buildBundle({ siteId: 1, apiKey: 'KEY', publicBaseUrl: '', configs });
export const errors = (bundle: { diagnostics: Array<{ severity: string }> }) =>
  bundle.diagnostics.filter((d) => d.severity === 'error');
export const bootOf = (js: string) => js.slice(js.lastIndexOf('digi.site'));
