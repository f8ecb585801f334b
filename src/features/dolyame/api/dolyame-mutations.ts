import { useMutation, useQueryClient } from '@tanstack/react-query';
import {
  createAlternativeAttributeRoute,
  deleteAlternativeAttributeRoute,
  saveDolyameAppRoute,
  saveDolyameWidgetRoute,
  updateAlternativeAttributeRoute,
} from '#contract/routes/dolyame.ts';
import type { RouteBody } from '#contract/route.ts';
import type { DolyameField } from '#contract/public/dolyame.ts';
import { api } from '#src/lib/api.ts';
import { dolyameKeys } from './keys.ts';

export function useSaveDolyameAppMutation(siteId: number) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (body: RouteBody<typeof saveDolyameAppRoute>) =>
      api(saveDolyameAppRoute, { query: { siteId }, body }, { quiet: true }),
    onSuccess: (saved) => client.setQueryData(dolyameKeys.app(siteId), saved),
  });
}

export function useSaveDolyameWidgetMutation(siteId: number) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (body: RouteBody<typeof saveDolyameWidgetRoute>) =>
      api(saveDolyameWidgetRoute, { query: { siteId }, body }, { quiet: true }),
    onSuccess: (saved) => client.setQueryData(dolyameKeys.widget(siteId), saved),
  });
}

export function useSaveAttributeMutation(siteId: number) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (body: { id?: number; attribute: string; alternative: DolyameField }) =>
      body.id === undefined
        ? api(createAlternativeAttributeRoute, { query: { siteId }, body }, { quiet: true })
        : api(
            updateAlternativeAttributeRoute,
            { query: { siteId }, body: { ...body, id: body.id } },
            { quiet: true },
          ),
    onSettled: () => client.invalidateQueries({ queryKey: dolyameKeys.attributes(siteId) }),
  });
}

export function useDeleteAttributeMutation(siteId: number) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (id: number) => api(deleteAlternativeAttributeRoute, { query: { siteId, id } }),
    onSettled: () => client.invalidateQueries({ queryKey: dolyameKeys.attributes(siteId) }),
  });
}
