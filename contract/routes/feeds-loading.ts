/**
 * The feed loads and their settings, per feed type: the full catalog feed (YML or OZON), the delta,
 * facets and content feeds, and the feed checker's dry run.
 */
import * as z from 'zod';
import { defineRoute } from '../route.ts';
import { job } from '../entities/job.ts';
import {
  contentFeedSettings,
  deltaFeedResources,
  deltaFeedSettings,
  facetsFeedSettings,
  feedLoaderResources,
  feedType,
  regionId,
  saveContent,
  saveDelta,
  saveFacets,
  saveYml,
  ymlFeedSettings,
} from '../entities/feeds.ts';
import {
  FEED_CONFIG_ROLES,
  FEED_START_ROLES,
  settings,
  site,
  siteQuery,
  start,
  view,
} from './feeds-access.ts';

// --- Feed loader ---------------------------------------------------------------------------

export const feedLoaderResourcesRoute = defineRoute({
  ...view,
  method: 'GET',
  path: '/config/feed-loader/resources',
  summary: 'Feed settings of every type, the feed URLs and the per-region last uploads',
  query: siteQuery,
  response: feedLoaderResources,
});

export const feedLoaderStartRoute = defineRoute({
  ...start,
  method: 'POST',
  path: '/config/feed-loader/start',
  summary:
    'Start a load of the full catalog feed (YML or OZON, per the settings) from its URL; 409 when one is running',
  query: siteQuery.extend({ regionId: regionId.optional() }),
  response: job,
});

export const feedLoaderStatusRoute = defineRoute({
  ...view,
  method: 'GET',
  path: '/config/feed-loader/status',
  summary: "The site's latest feed load job (null when none ran)",
  query: siteQuery,
  response: job.nullable(),
});

export const feedLoaderDownloadRoute = defineRoute({
  ...view,
  method: 'GET',
  path: '/config/feed-loader/download',
  summary: 'The last raw feed fetched for a region and feed type, as it was downloaded',
  query: siteQuery.extend({ regionId: regionId.default('global'), feedType }),
  // The body is the feed's bytes (application/octet-stream), not JSON.
  response: z.string(),
});

export const editYmlSettingsRoute = defineRoute({
  ...settings,
  method: 'POST',
  path: '/config/feed-loader/edit/yml',
  summary: 'Save the YML/OZON feed settings (update interval, stale-product deletion, schedule)',
  query: siteQuery,
  body: ymlFeedSettings,
  response: ymlFeedSettings,
});

export const editDeltaSettingsRoute = defineRoute({
  ...settings,
  method: 'POST',
  path: '/config/feed-loader/edit/delta',
  summary: 'Save the delta feed settings (columns, delimiters, interval in minutes, schedule)',
  query: siteQuery,
  body: deltaFeedSettings,
  response: deltaFeedSettings,
});

/** POST and PUT /config/save/{yml|delta|facets|content}: settings plus optionally the global URL. */
function saveRoutes<B extends z.ZodType, R extends z.ZodType>(
  type: 'yml' | 'delta' | 'facets' | 'content',
  body: B,
  response: R,
) {
  const base = {
    ...settings,
    path: `/config/save/${type}`,
    summary: `Save the ${type} feed settings (and its global feed URL when given)`,
    query: siteQuery,
    body,
    response,
  } as const;
  return {
    post: defineRoute({ ...base, method: 'POST' }),
    put: defineRoute({ ...base, method: 'PUT' }),
  };
}
const saveYmlRoutes = saveRoutes('yml', saveYml, ymlFeedSettings);
const saveDeltaRoutes = saveRoutes('delta', saveDelta, deltaFeedSettings);
const saveContentRoutes = saveRoutes('content', saveContent, contentFeedSettings);
export const saveYmlRoute = saveYmlRoutes.post;
export const saveYmlPutRoute = saveYmlRoutes.put;
export const saveDeltaRoute = saveDeltaRoutes.post;
export const saveDeltaPutRoute = saveDeltaRoutes.put;
export const saveFacetsRoute = saveRoutes('facets', saveFacets, facetsFeedSettings).post;
export const saveContentRoute = saveContentRoutes.post;
export const saveContentPutRoute = saveContentRoutes.put;

// --- Delta feed ----------------------------------------------------------------------------

export const deltaFeedResourcesRoute = defineRoute({
  ...view,
  method: 'GET',
  path: '/config/delta-feed/resources',
  summary: 'The delta feed settings, its URLs and its last uploads',
  query: siteQuery,
  response: deltaFeedResources,
});

export const getDeltaFeedRoute = defineRoute({
  ...view,
  method: 'GET',
  path: '/config/delta-feed',
  summary: 'The delta feed settings',
  query: siteQuery,
  response: deltaFeedSettings,
});

export const saveDeltaFeedRoute = defineRoute({
  ...settings,
  method: 'POST',
  path: '/config/delta-feed',
  summary: 'Save the delta feed settings',
  query: siteQuery,
  body: deltaFeedSettings,
  response: deltaFeedSettings,
});

export const deltaFeedStartRoute = defineRoute({
  ...start,
  method: 'POST',
  path: '/config/delta-feed/start',
  summary: 'Start a delta feed load: a partial update of the live catalog; 409 when one is running',
  query: siteQuery,
  response: job,
});

export const deltaFeedStatusRoute = defineRoute({
  ...view,
  method: 'GET',
  path: '/config/delta-feed/status',
  summary: "The site's latest delta feed job (null when none ran)",
  query: siteQuery,
  response: job.nullable(),
});

// --- Facets and content feeds ----------------------------------------------------------------

export const getFacetsFeedRoute = defineRoute({
  ...view,
  method: 'GET',
  path: '/config/facets-feed',
  summary: 'The facets feed settings',
  query: siteQuery,
  response: facetsFeedSettings,
});

export const saveFacetsFeedRoute = defineRoute({
  ...settings,
  method: 'POST',
  path: '/config/facets-feed',
  summary: 'Save the facets feed settings',
  query: siteQuery,
  body: facetsFeedSettings,
  response: facetsFeedSettings,
});

export const facetsFeedStartRoute = defineRoute({
  ...start,
  method: 'POST',
  path: '/config/facets-feed/start',
  summary: 'Start a facets feed load; 409 when one is running',
  query: siteQuery,
  response: job,
});

export const facetsFeedStatusRoute = defineRoute({
  ...view,
  method: 'GET',
  path: '/config/facets-feed/status',
  summary: "The site's latest facets feed job (null when none ran)",
  query: siteQuery,
  response: job.nullable(),
});

export const facetsFeedCancelRoute = defineRoute({
  ...start,
  method: 'DELETE',
  path: '/config/facets-feed/status',
  summary: 'Cancel the running facets feed load; 409 when none is running',
  query: siteQuery,
  response: job,
});

export const contentFeedStartRoute = defineRoute({
  ...start,
  method: 'POST',
  path: '/config/content-feed/start',
  summary: 'Start a content feed load; 409 when one is running',
  query: siteQuery,
  response: job,
});

export const contentFeedStatusRoute = defineRoute({
  ...view,
  method: 'GET',
  path: '/config/content-feed/status',
  summary: "The site's latest content feed job (null when none ran)",
  query: siteQuery,
  response: job.nullable(),
});

export const contentFeedCancelRoute = defineRoute({
  ...start,
  method: 'DELETE',
  path: '/config/content-feed/status',
  summary: 'Cancel the running content feed load; 409 when none is running',
  query: siteQuery,
  response: job,
});

// --- Feed checker --------------------------------------------------------------------------

export const feedCheckerStartRoute = defineRoute({
  ...site,
  roles: [...FEED_START_ROLES, ...FEED_CONFIG_ROLES],
  method: 'POST',
  path: '/config/feed-checker/start',
  summary:
    "Start a dry run of the importer on the feed's current URL (changes nothing); the job's result is a FeedCheckReport",
  query: siteQuery.extend({ feedType: feedType.default('YML'), regionId: regionId.optional() }),
  response: job,
});

export const feedCheckerStatusRoute = defineRoute({
  ...view,
  method: 'GET',
  path: '/config/feed-checker/status',
  summary: "The site's latest feed check job and its report (null when none ran)",
  query: siteQuery,
  response: job.nullable(),
});
