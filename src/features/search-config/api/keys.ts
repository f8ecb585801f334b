import type { SettingKey } from '#contract/entities/search-config.ts';

/** The search settings' background jobs, each polled under its own key. */
export type SearchJob = 'generation' | 'autocomplete' | 'facets';

/**
 * Hierarchical keys: a mutation invalidates one level (STYLE.md 11). Each family has its own
 * root, so a rebuild refreshes every setting and a facet decision every facet read, of any site.
 */
export const searchConfigKeys = {
  settings: ['search-setting'] as const,
  setting: (key: SettingKey, siteId: number | null) => ['search-setting', key, siteId] as const,
  job: (job: SearchJob) => ['search-job', job] as const,
  jobStatus: (job: SearchJob, siteId: number | null) =>
    [...searchConfigKeys.job(job), siteId] as const,
  customSort: (kind: 'plain' | 'imshop', siteId: number | null) =>
    ['custom-sort', kind, siteId] as const,
  catalogAttributes: (siteId: number | null) => ['catalog-attributes', siteId] as const,
  catalogCategories: (siteId: number | null) => ['catalog-categories-all', siteId] as const,
  facetSuggested: ['facet-suggested'] as const,
  facetSuggestedIn: (siteId: number | null, categoryId: string | null) =>
    [...searchConfigKeys.facetSuggested, siteId, categoryId] as const,
  facetChildren: ['facet-children'] as const,
  facetChildrenOf: (siteId: number | null, parentId: string | null) =>
    [...searchConfigKeys.facetChildren, siteId, parentId] as const,
  facetDiff: ['facet-diff'] as const,
  facetDiffIn: (siteId: number | null, categoryId: string | null) =>
    [...searchConfigKeys.facetDiff, siteId, categoryId] as const,
};
