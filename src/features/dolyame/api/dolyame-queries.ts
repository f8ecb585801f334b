import { queryOptions } from '@tanstack/react-query';
import {
  getDolyameAppRoute,
  getDolyameWidgetRoute,
  listAlternativeAttributesRoute,
} from '#contract/routes/dolyame.ts';
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

export const alternativeAttributesQueryOptions = (siteId: number) =>
  queryOptions({
    queryKey: dolyameKeys.attributes(siteId),
    queryFn: ({ signal }) => api(listAlternativeAttributesRoute, { query: { siteId }, signal }),
  });
