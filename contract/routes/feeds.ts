import * as z from 'zod';
import { defineRoute } from '../route.ts';
import type { Role } from '../roles.ts';
import { job } from '../entities/job.ts';
import { uploadReport } from '../entities/upload.ts';
import {
  contentFeedSettings,
  deltaFeedResources,
  deltaFeedSettings,
  facetsFeedSettings,
  feedAttribute,
  feedAttributeName,
  feedLoaderResources,
  feedParsingConfig,
  feedParsingConfigInput,
  feedRule,
  feedRuleInput,
  feedType,
  feedUrl,
  feedUrlInput,
  feedUrlUpdate,
  imshopRegion,
  imshopRegions,
  regionId,
  saveContent,
  saveDelta,
  saveFacets,
  saveYml,
  ymlFeedSettings,
} from '../entities/feeds.ts';
import { ok } from './auth.ts';

// Spec part 2 §7 "Feed and feed config": every call under /api with `?siteId=`. Roles (§6 and
// part 1 §6): reading the feed pages takes any feed role or ROLE_CONFIG_VIEW; settings and URLs
// ROLE_CONFIG_FEED_CONFIG or ROLE_CONFIG_FEED_LOADER_JOB_CONFIG; starting and cancelling loads
// ROLE_CONFIG_FEED_LOADER_JOB_START; rules, attributes, parsing config ROLE_CONFIG_FEED_CONFIG;
// imshop regions ROLE_CONFIG_REGIONS (or ROLE_CONFIG_FEED_CONFIG).

export const FEED_VIEW_ROLES: readonly Role[] = [
  'ROLE_CONFIG_VIEW',
  'ROLE_CONFIG_FEED_CONFIG',
  'ROLE_CONFIG_FEED_LOADER_JOB_START',
  'ROLE_CONFIG_FEED_LOADER_JOB_CONFIG',
];
export const FEED_SETTINGS_ROLES: readonly Role[] = [
  'ROLE_CONFIG_FEED_CONFIG',
  'ROLE_CONFIG_FEED_LOADER_JOB_CONFIG',
];
export const FEED_START_ROLES: readonly Role[] = ['ROLE_CONFIG_FEED_LOADER_JOB_START'];
export const FEED_CONFIG_ROLES: readonly Role[] = ['ROLE_CONFIG_FEED_CONFIG'];
export const REGION_ROLES: readonly Role[] = ['ROLE_CONFIG_REGIONS', 'ROLE_CONFIG_FEED_CONFIG'];

const siteId = z.coerce.number().int().positive();
const siteQuery = z.strictObject({ siteId });
const site = { auth: true, site: 'query' } as const;
const view = { ...site, roles: FEED_VIEW_ROLES } as const;
const settings = { ...site, roles: FEED_SETTINGS_ROLES } as const;
const start = { ...site, roles: FEED_START_ROLES } as const;
const config = { ...site, roles: FEED_CONFIG_ROLES } as const;

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

// --- Imshop regions ------------------------------------------------------------------------

export const imshopRegionsRoute = defineRoute({
  ...site,
  roles: [...FEED_VIEW_ROLES, 'ROLE_CONFIG_REGIONS'],
  method: 'GET',
  path: '/config/imshop/regions',
  summary: "The site's imshop (mobile app) regions, in order",
  query: siteQuery,
  response: z.array(imshopRegion),
});

export const saveImshopRegionsRoute = defineRoute({
  ...site,
  roles: REGION_ROLES,
  method: 'POST',
  path: '/config/imshop/regions',
  summary: "Replace the site's imshop regions (ids unique)",
  query: siteQuery,
  body: imshopRegions,
  response: z.array(imshopRegion),
});

// --- Feed URL ------------------------------------------------------------------------------

export const listFeedUrlsRoute = defineRoute({
  ...view,
  method: 'GET',
  path: '/feed-url',
  summary: "The site's feed URLs (per feed type and region)",
  query: siteQuery.extend({ feedType: feedType.optional() }),
  response: z.array(feedUrl),
});

export const createFeedUrlRoute = defineRoute({
  ...settings,
  method: 'POST',
  path: '/feed-url',
  summary: 'Add a feed URL (409 when the feed type and region already have one)',
  query: siteQuery,
  body: feedUrlInput,
  response: feedUrl,
});

export const updateFeedUrlRoute = defineRoute({
  ...settings,
  method: 'PUT',
  path: '/feed-url',
  summary: 'Change a feed URL (body id)',
  query: siteQuery,
  body: feedUrlUpdate,
  response: feedUrl,
});

export const deleteFeedUrlRoute = defineRoute({
  ...settings,
  method: 'DELETE',
  path: '/feed-url',
  summary: 'Delete a feed URL',
  query: siteQuery.extend({ id: z.coerce.number().int().positive() }),
  response: ok,
});

// --- Feed rules ----------------------------------------------------------------------------

export const listFeedRulesRoute = defineRoute({
  ...view,
  method: 'GET',
  path: '/feed-rule',
  summary: "The site's feed rules (include or exclude entities at import)",
  query: siteQuery,
  response: z.array(feedRule),
});

export const saveFeedRuleRoute = defineRoute({
  ...config,
  method: 'POST',
  path: '/feed-rule',
  summary: 'Create a feed rule, or update it when ruleId is given',
  query: siteQuery,
  body: feedRuleInput,
  response: feedRule,
});

export const deleteFeedRuleRoute = defineRoute({
  ...config,
  method: 'DELETE',
  path: '/feed-rule',
  summary: 'Delete a feed rule',
  query: siteQuery.extend({ ruleId: z.coerce.number().int().positive() }),
  response: ok,
});

// --- Feed attributes -----------------------------------------------------------------------

/** A repeated or comma-separated query parameter. */
const idList = z
  .union([z.string(), z.array(z.string())])
  .transform((value) =>
    (Array.isArray(value) ? value : [value])
      .flatMap((item) => item.split(','))
      .map((id) => id.trim())
      .filter(Boolean),
  )
  .pipe(z.array(feedAttributeName).min(1).max(1000));

export const listFeedAttributesRoute = defineRoute({
  ...view,
  method: 'GET',
  path: '/feed-attribute',
  summary: 'The params the import keeps (none: every param)',
  query: siteQuery,
  response: z.array(feedAttribute),
});

export const deleteFeedAttributesRoute = defineRoute({
  ...config,
  method: 'DELETE',
  path: '/feed-attribute',
  summary: 'Delete feed attributes by id (repeated or comma-separated)',
  query: siteQuery.extend({ ids: idList }),
  response: z.object({ ok: z.literal(true), deleted: z.number().int() }),
});

/** One column, `id` (or attribute / name), one attribute per row. */
export const uploadFeedAttributesRoute = defineRoute({
  ...config,
  method: 'POST',
  path: '/feed-attribute/upload',
  summary: 'Add feed attributes from a CSV or XLSX file (column id); per-row report',
  query: siteQuery,
  bodyType: 'multipart',
  response: uploadReport,
});

export const deleteFeedAttributesFromFileRoute = defineRoute({
  ...config,
  method: 'DELETE',
  path: '/feed-attribute/deleteFromFile',
  summary: 'Delete the feed attributes listed in a CSV or XLSX file (column id); per-row report',
  query: siteQuery,
  bodyType: 'multipart',
  response: uploadReport,
});

// --- Feed parsing config -------------------------------------------------------------------

export const listFeedParsingConfigsRoute = defineRoute({
  ...view,
  method: 'GET',
  path: '/feed-parsing-config',
  summary: "The site's feed parsing configs (tag mappings for a non-standard YML)",
  query: siteQuery,
  response: z.array(feedParsingConfig),
});

export const saveFeedParsingConfigRoute = defineRoute({
  ...config,
  method: 'POST',
  path: '/feed-parsing-config',
  summary: 'Create a parsing config, or replace it when id is given',
  query: siteQuery,
  body: feedParsingConfigInput,
  response: feedParsingConfig,
});

export const deleteFeedParsingConfigRoute = defineRoute({
  ...config,
  method: 'DELETE',
  path: '/feed-parsing-config',
  summary: 'Delete a parsing config',
  query: siteQuery.extend({ id: z.coerce.number().int().positive() }),
  response: ok,
});
