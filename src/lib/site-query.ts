import { queryOptions } from '@tanstack/react-query';
import { getSiteRoute } from '#contract/routes/sites.ts';
import { api } from './api.ts';

/**
 * One site (GET /api/site/:id), which many screens read: its time zone, apiKey, name. One key for
 * every reader (the sites area's own), so a site save refreshes them all.
 */
export const siteKey = (siteId: number) => ['sites', siteId] as const;

export const siteQueryOptions = (siteId: number) =>
  queryOptions({
    queryKey: siteKey(siteId),
    queryFn: ({ signal }) => api(getSiteRoute, { params: { id: siteId }, signal }),
  });
