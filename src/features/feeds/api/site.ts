import { queryOptions } from '@tanstack/react-query';
import { getSiteRoute } from '#contract/routes/sites.ts';
import { api } from '#src/lib/api.ts';
import { feedKeys } from './keys.ts';

/** The chosen site (its time zone reads the schedules); the same key as the site screens'. */
export const siteQueryOptionsFor = (siteId: number) =>
  queryOptions({
    queryKey: feedKeys.site(siteId),
    queryFn: ({ signal }) => api(getSiteRoute, { params: { id: siteId }, signal }),
  });
