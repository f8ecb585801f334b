/** The search configuration screens' reads: key and call together (STYLE.md 11). */
import { queryOptions } from '@tanstack/react-query';
import type { SearchJobStatus, SettingKey, SortKind } from '#contract/entities/search-config.ts';
import {
  catalogAllCategoriesRoute,
  catalogAttributesRoute,
} from '#contract/routes/catalog-lookups.ts';
import {
  autocompleteJobRoute,
  facetChildrenRoute,
  facetDiffRoute,
  facetProgressRoute,
  facetSuggestedRoute,
  generationStatusRoute,
  getCustomSortRoute,
  getImshopSortRoute,
  SETTING_ROUTES,
} from '#contract/routes/search-config.ts';
import { api } from '#src/lib/api.ts';
import { isActive, JOB_POLL_MS } from '#src/lib/job-queries.ts';
import { searchConfigKeys, type SearchJob } from './keys.ts';

/** The catalog's attribute names with their product counts (the attribute pickers' options). */
export const catalogAttributesQueryOptions = (siteId: number | null, enabled = true) =>
  queryOptions({
    queryKey: searchConfigKeys.catalogAttributes(siteId),
    enabled: siteId !== null && enabled,
    queryFn: ({ signal }) =>
      api(
        catalogAttributesRoute,
        { query: { siteId: siteId!, limit: 500 }, signal },
        { overlay: false, quiet: true },
      ),
  });

/** Every category of the catalog, with its path (the facet screen's category list). */
export const catalogCategoriesQueryOptions = (siteId: number | null) =>
  queryOptions({
    queryKey: searchConfigKeys.catalogCategories(siteId),
    enabled: siteId !== null,
    queryFn: ({ signal }) =>
      api(catalogAllCategoriesRoute, { query: { siteId: siteId! }, signal }, { overlay: false }),
  });

/** One setting as stored (or its default). */
export const settingQueryOptions = <K extends SettingKey>(key: K, siteId: number | null) =>
  queryOptions({
    queryKey: searchConfigKeys.setting(key, siteId),
    enabled: siteId !== null,
    queryFn: ({ signal }) =>
      api(SETTING_ROUTES[key].get, { query: { siteId: siteId! }, signal }, { overlay: false }),
  });

const JOB_STATUS_ROUTES = {
  generation: generationStatusRoute,
  autocomplete: autocompleteJobRoute,
  facets: facetProgressRoute,
} as const;

/** A job's status call, polled every second (spec §9) while the job is queued or running. */
export const jobStatusQueryOptions = (job: SearchJob, siteId: number | null) =>
  queryOptions({
    queryKey: searchConfigKeys.jobStatus(job, siteId),
    enabled: siteId !== null,
    queryFn: ({ signal }): Promise<SearchJobStatus> =>
      api(
        JOB_STATUS_ROUTES[job],
        { query: { siteId: siteId! }, signal },
        { overlay: false, quiet: true },
      ),
    refetchInterval: (query) => (isActive(query.state.data?.job) ? JOB_POLL_MS : false),
  });

/** A custom sort configuration: the plain one or Imshop's. */
export const customSortQueryOptions = (kind: SortKind, siteId: number | null) =>
  queryOptions({
    queryKey: searchConfigKeys.customSort(kind, siteId),
    enabled: siteId !== null,
    queryFn: ({ signal }) =>
      api(
        kind === 'plain' ? getCustomSortRoute : getImshopSortRoute,
        { params: { id: siteId! }, signal },
        { overlay: false },
      ),
  });

/** A category's facet attributes, suggested and decided. */
export const facetSuggestedQueryOptions = (siteId: number | null, categoryId: string | null) =>
  queryOptions({
    queryKey: searchConfigKeys.facetSuggestedIn(siteId, categoryId),
    enabled: siteId !== null && categoryId !== null,
    queryFn: ({ signal }) =>
      api(
        facetSuggestedRoute,
        { query: { siteId: siteId!, categoryId: categoryId! }, signal },
        { overlay: false },
      ),
  });

/** A category's children with their facet counts (the roots for `null`). */
export const facetChildrenQueryOptions = (siteId: number | null, parentId: string | null) =>
  queryOptions({
    queryKey: searchConfigKeys.facetChildrenOf(siteId, parentId),
    enabled: siteId !== null,
    queryFn: ({ signal }) =>
      api(
        facetChildrenRoute,
        { query: { siteId: siteId!, ...(parentId !== null && { categoryId: parentId }) }, signal },
        { overlay: false, quiet: true },
      ),
  });

/** A category's facet attributes beside its parent's. */
export const facetDiffQueryOptions = (siteId: number | null, categoryId: string | null) =>
  queryOptions({
    queryKey: searchConfigKeys.facetDiffIn(siteId, categoryId),
    enabled: siteId !== null && categoryId !== null,
    queryFn: ({ signal }) =>
      api(
        facetDiffRoute,
        { query: { siteId: siteId!, categoryId: categoryId! }, signal },
        { overlay: false, quiet: true },
      ),
  });
