import { queryOptions } from '@tanstack/react-query';
import {
  contentFeedStatusRoute,
  deltaFeedStatusRoute,
  facetsFeedStatusRoute,
  feedCheckerStatusRoute,
  feedLoaderResourcesRoute,
  feedLoaderStatusRoute,
  imshopRegionsRoute,
  listFeedAttributesRoute,
  listFeedParsingConfigsRoute,
} from '#contract/routes/feeds.ts';
import { listMonitoringEmailsRoute, outboxRoute } from '#contract/routes/mail.ts';
import { api } from '#src/lib/api.ts';
import { feedKeys } from './keys.ts';

export const feedResourcesQueryOptions = (siteId: number) =>
  queryOptions({
    queryKey: feedKeys.resources(siteId),
    queryFn: ({ signal }) => api(feedLoaderResourcesRoute, { query: { siteId }, signal }),
  });

/** The latest job of each feed job kind (the status calls of spec §7). */
export const FEED_STATUS_ROUTES = {
  'feed-update': feedLoaderStatusRoute,
  'delta-feed': deltaFeedStatusRoute,
  'facets-feed': facetsFeedStatusRoute,
  'content-feed': contentFeedStatusRoute,
  'feed-check': feedCheckerStatusRoute,
} as const;
export type FeedJobKindName = keyof typeof FEED_STATUS_ROUTES;

export const feedStatusQueryOptions = (siteId: number, kind: FeedJobKindName) =>
  queryOptions({
    queryKey: feedKeys.status(siteId, kind),
    queryFn: ({ signal }) =>
      api(FEED_STATUS_ROUTES[kind], { query: { siteId }, signal }, { overlay: false }),
  });

export const feedAttributesQueryOptions = (siteId: number) =>
  queryOptions({
    queryKey: feedKeys.attributes(siteId),
    queryFn: ({ signal }) => api(listFeedAttributesRoute, { query: { siteId }, signal }),
  });

export const parsingConfigsQueryOptions = (siteId: number) =>
  queryOptions({
    queryKey: feedKeys.parsing(siteId),
    queryFn: ({ signal }) => api(listFeedParsingConfigsRoute, { query: { siteId }, signal }),
  });

export const imshopRegionsQueryOptions = (siteId: number) =>
  queryOptions({
    queryKey: feedKeys.imshop(siteId),
    queryFn: ({ signal }) => api(imshopRegionsRoute, { query: { siteId }, signal }),
  });

export const monitoringEmailsQueryOptions = (siteId: number) =>
  queryOptions({
    queryKey: feedKeys.emails(siteId),
    queryFn: ({ signal }) => api(listMonitoringEmailsRoute, { query: { siteId }, signal }),
  });

export const outboxQueryOptions = (siteId: number) =>
  queryOptions({
    queryKey: feedKeys.outbox(siteId),
    queryFn: ({ signal }) =>
      api(outboxRoute, { query: { siteId, limit: 20 }, signal }, { overlay: false }),
    refetchInterval: 5000,
  });
