/** The search configuration screens' writes; each puts the answer where its read is kept. */
import { useCallback } from 'react';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import type {
  CustomSortConfig,
  SettingKey,
  SettingValue,
  SortKind,
} from '#contract/entities/search-config.ts';
import type { RouteBody } from '#contract/route.ts';
import {
  autocompleteJobStartRoute,
  facetApplyRoute,
  facetCalculateRoute,
  facetResetRoute,
  generationStartRoute,
  previewRefreshRoute,
  saveAutocompleteJobRoute,
  saveCustomSortRoute,
  saveImshopSortRoute,
  SETTING_ROUTES,
} from '#contract/routes/search-config.ts';
import { api } from '#src/lib/api.ts';
import { searchConfigKeys, type SearchJob } from './keys.ts';

/**
 * Saves or resets one setting. The answer is the stored setting; an index setting changes
 * whether the index waits for a rebuild, so the generation job's status is read again.
 */
export function useSettingMutations<K extends SettingKey>(key: K, siteId: number | null) {
  const client = useQueryClient();
  const routes = SETTING_ROUTES[key];
  const stored = (next: unknown) => {
    client.setQueryData(searchConfigKeys.setting(key, siteId), next);
    void client.invalidateQueries({ queryKey: searchConfigKeys.job('generation') });
  };
  const save = useMutation({
    mutationFn: (value: SettingValue<K>) =>
      // One call per key: the union of their bodies is not one type.
      api(routes.save as never, { query: { siteId: siteId! }, body: value } as never),
    onSuccess: stored,
  });
  const reset = useMutation({
    mutationFn: () => api(routes.reset, { query: { siteId: siteId! } }),
    onSuccess: stored,
  });
  return { save, reset };
}

export function useSaveCustomSortMutation(kind: SortKind, siteId: number | null) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (body: CustomSortConfig) =>
      api(kind === 'plain' ? saveCustomSortRoute : saveImshopSortRoute, {
        params: { id: siteId! },
        body,
      }),
    onSuccess: (next) => client.setQueryData(searchConfigKeys.customSort(kind, siteId), next),
  });
}

const JOB_START_ROUTES = {
  generation: generationStartRoute,
  autocomplete: autocompleteJobStartRoute,
  facets: facetCalculateRoute,
} as const;

/** Starts a job; its status answer starts the polling of its status read. */
export function useStartJobMutation(job: SearchJob, siteId: number | null) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: () =>
      api(
        JOB_START_ROUTES[job],
        { query: { siteId: siteId! } },
        // The rebuild shows its own progress in its panel.
        job === 'generation' ? { overlay: false } : {},
      ),
    onSuccess: (next) => client.setQueryData(searchConfigKeys.jobStatus(job, siteId), next),
  });
}

export function useSaveAutocompleteScheduleMutation(siteId: number | null) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (body: RouteBody<typeof saveAutocompleteJobRoute>) =>
      api(saveAutocompleteJobRoute, { query: { siteId: siteId! }, body }),
    onSuccess: (next) =>
      client.setQueryData(searchConfigKeys.jobStatus('autocomplete', siteId), next),
  });
}

/** After a decision: the attribute list, the tree's counts and the diff all change. */
export function useRefreshFacets() {
  const client = useQueryClient();
  return useCallback(
    () =>
      Promise.all([
        client.invalidateQueries({ queryKey: searchConfigKeys.facetSuggested }),
        client.invalidateQueries({ queryKey: searchConfigKeys.facetChildren }),
        client.invalidateQueries({ queryKey: searchConfigKeys.facetDiff }),
      ]),
    [client],
  );
}

/** A facet decision (applied or disabled, with its settings) and its reset to a suggestion. */
export function useFacetMutations(siteId: number | null) {
  const refresh = useRefreshFacets();
  const apply = useMutation({
    mutationFn: (decision: RouteBody<typeof facetApplyRoute>) =>
      api(facetApplyRoute, { query: { siteId: siteId! }, body: decision }),
    onSuccess: () => refresh(),
  });
  const reset = useMutation({
    mutationFn: (facet: { categoryId: string; attribute: string }) =>
      api(facetResetRoute, { query: { siteId: siteId!, ...facet } }),
    onSuccess: () => refresh(),
  });
  return { apply, reset };
}

/**
 * The live catalog searched with the live and with the draft searchable attributes: a preview the
 * user asked for, so its failure is shown, not swallowed.
 */
export const previewSearchAttributes = (
  siteId: number,
  body: RouteBody<typeof previewRefreshRoute>,
) => api(previewRefreshRoute, { query: { siteId }, body }, { successToast: false, quiet: false });
