import { useMutation, useQueryClient } from '@tanstack/react-query';
import { saveDolyameAppRoute, saveDolyameWidgetRoute } from '#contract/routes/dolyame.ts';
import type { RouteBody } from '#contract/route.ts';
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
