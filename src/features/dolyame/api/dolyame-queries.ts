import { queryOptions } from '@tanstack/react-query';
import { catalogAttributesRoute } from '#contract/routes/catalog-lookups.ts';
import { getDolyameAppRoute, getDolyameWidgetRoute } from '#contract/routes/dolyame.ts';
import { api } from '#src/lib/api.ts';
import { dolyameKeys } from './keys.ts';

export const dolyameAppQueryOptions = (siteId: number) =>
  queryOptions({
    queryKey: dolyameKeys.app(siteId),
    queryFn: ({ signal }) => api(getDolyameAppRoute, { query: { siteId }, signal }),
  });

export const dolyameWidgetQueryOptions = (siteId: number) =>
  queryOptions({
    queryKey: dolyameKeys.widget(siteId),
    queryFn: ({ signal }) => api(getDolyameWidgetRoute, { query: { siteId }, signal }),
  });

/** The live catalog's attributes (feed params), most frequent first; quiet: the form falls back to text. */
export const catalogAttributesQueryOptions = (siteId: number) =>
  queryOptions({
    queryKey: dolyameKeys.catalogAttributes(siteId),
    queryFn: ({ signal }) =>
      api(
        catalogAttributesRoute,
        { query: { siteId, limit: 500 }, signal },
        { overlay: false, quiet: true },
      ),
  });
