import { infiniteQueryOptions, queryOptions } from '@tanstack/react-query';
import type { RouteQuery } from '#contract/route.ts';
import { auditFacetsRoute, listAuditRoute } from '#contract/routes/audit.ts';
import { listSitesRoute } from '#contract/routes/sites.ts';
import { api } from '#src/lib/api.ts';
import { auditKeys } from './keys.ts';

/** The actors and entities the log holds, for its filters. */
export const auditFacetsQueryOptions = () =>
  queryOptions({
    queryKey: auditKeys.facets,
    queryFn: ({ signal }) => api(auditFacetsRoute, { signal }, { overlay: false }),
  });

/** Every site, for the site filter and the site column. */
export const auditSitesQueryOptions = () =>
  queryOptions({
    queryKey: auditKeys.sites,
    queryFn: ({ signal }) => api(listSitesRoute, { query: {}, signal }, { overlay: false }),
  });

/** The log under one set of filters, a page at a time: the next page starts below the last id. */
export const auditLogQueryOptions = (query: RouteQuery<typeof listAuditRoute>) =>
  infiniteQueryOptions({
    queryKey: auditKeys.list(query),
    initialPageParam: undefined as number | undefined,
    queryFn: ({ pageParam, signal }) =>
      api(
        listAuditRoute,
        { query: { ...query, ...(pageParam && { beforeId: pageParam }) }, signal },
        { overlay: false },
      ),
    getNextPageParam: (last) => (last.hasMore ? last.entries.at(-1)?.id : undefined),
  });
