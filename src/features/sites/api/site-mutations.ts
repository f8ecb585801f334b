import { useMutation, useQueryClient } from '@tanstack/react-query';
import { deleteSiteRoute, enableSiteRoute, updateSiteRoute } from '#contract/routes/sites.ts';
import type { SiteUpdate } from '#contract/entities/site.ts';
import { api } from '#src/lib/api.ts';
import { siteKeys } from './keys.ts';

export function useUpdateSiteMutation(siteId: number) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (body: SiteUpdate) =>
      api(updateSiteRoute, { params: { id: siteId }, body }, { quiet: true }),
    onSettled: () => client.invalidateQueries({ queryKey: siteKeys.all }),
  });
}

export function useEnableSiteMutation(siteId: number) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (enabled: boolean) =>
      api(enableSiteRoute, { params: { id: siteId }, body: { enabled } }),
    // After activation or deactivation the site data is reloaded (spec §4).
    onSuccess: () => Promise.all([client.invalidateQueries({ queryKey: siteKeys.all })]),
  });
}

/** Deletes the site; the site list is reloaded (spec part 1 §4: after deletion the site data is reloaded). */
export function useDeleteSiteMutation(siteId: number) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: () => api(deleteSiteRoute, { params: { id: siteId } }),
    onSuccess: () => {
      client.removeQueries({ queryKey: siteKeys.detail(siteId) });
      return client.invalidateQueries({ queryKey: siteKeys.all });
    },
  });
}
