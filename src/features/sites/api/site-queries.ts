import { queryOptions } from '@tanstack/react-query';
import { listSitesRoute, listVerticalsRoute, siteFeedsRoute } from '#contract/routes/sites.ts';
import { api } from '#src/lib/api.ts';
import { siteKeys } from './keys.ts';
export { siteQueryOptions } from '#src/lib/site-query.ts';

export const sitesQueryOptions = (search = '') =>
  queryOptions({
    queryKey: siteKeys.list(search),
    queryFn: ({ signal }) =>
      api(listSitesRoute, { query: search ? { search } : {}, signal }, { overlay: false }),
  });

/** The global YML feed's last upload, shown in the site block (spec §7 "Sites"). */
export const lastFeedQueryOptions = (siteId: number) =>
  queryOptions({
    queryKey: siteKeys.feeds(siteId),
    queryFn: ({ signal }) =>
      api(
        siteFeedsRoute,
        { params: { id: siteId }, query: { feedType: 'YML', searchTerm: 'global' }, signal },
        { overlay: false },
      ),
    select: (entries) => entries[0]?.lastUpload ?? null,
  });

export const verticalsQueryOptions = () =>
  queryOptions({
    queryKey: siteKeys.verticals,
    queryFn: ({ signal }) => api(listVerticalsRoute, { signal }),
  });
