import { useMutation } from '@tanstack/react-query';
import type { QueryListInput, QueryListKind } from '#contract/entities/query-lists.ts';
import {
  compareQueryRoute,
  explainQueryRoute,
  QUERY_LIST_ROUTES,
  type DraftChange,
} from '#contract/routes/query-lists.ts';
import { api } from '#src/lib/api.ts';
import { enableEntries, type ListScope } from './resources.ts';

/** Adds an entry; the caller puts the server's field issues on its form. */
export function useAddEntryMutation({ list, siteId }: ListScope) {
  return useMutation({
    mutationFn: (body: QueryListInput) =>
      api(QUERY_LIST_ROUTES[list].add, { query: { siteId }, body }),
  });
}

/** Saves an edited entry (lists without an update call refuse). */
export function useUpdateEntryMutation({ list, siteId }: ListScope, id: number) {
  const route = QUERY_LIST_ROUTES[list].update;
  return useMutation({
    mutationFn: (body: QueryListInput) =>
      route
        ? api(route, { query: { siteId }, body: { id, ...body } })
        : Promise.reject(new Error('not editable')),
  });
}

/** Enables or disables entries; a toast says so for several at once. */
export function useEnableEntriesMutation(scope: ListScope, onSuccess: () => unknown) {
  return useMutation({
    mutationFn: (input: { ids: number[]; enabled: boolean; many: boolean }) =>
      enableEntries(scope, { ids: input.ids, enabled: input.enabled }, input.many),
    onSuccess,
  });
}

/**
 * "Try a query": each step of the pipeline for `st` and what the search finds, or, with an
 * unsaved change of the list, what it finds now and with that change (nothing is written).
 * A check the user asked for, not a listing: its refusal is shown.
 */
export function useExplainQueryMutation(
  siteId: number,
  list: QueryListKind,
  channel: 'search' | 'autocomplete',
  draft: DraftChange | null,
) {
  return useMutation({
    mutationFn: async (st: string) =>
      draft
        ? api(
            compareQueryRoute,
            { query: { siteId }, body: { st, channel, list, change: draft } },
            { overlay: false, successToast: false, quiet: false },
          )
        : {
            before: null,
            after: await api(
              explainQueryRoute,
              { query: { siteId, st, channel } },
              { overlay: false, quiet: false },
            ),
          },
  });
}
