/** The feed configuration: imshop regions, feed URLs, rules, attributes and parsing configs. */
import * as z from 'zod';
import { defineRoute } from '../route.ts';
import { uploadReport } from '../entities/upload.ts';
import {
  feedAttribute,
  feedAttributeName,
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
} from '../entities/feeds.ts';
import { ok } from './auth.ts';
import {
  config,
  REGION_ROLES,
  REGION_VIEW_ROLES,
  settings,
  site,
  siteQuery,
  view,
} from './feeds-access.ts';

// --- Imshop regions ------------------------------------------------------------------------

export const imshopRegionsRoute = defineRoute({
  ...site,
  roles: REGION_VIEW_ROLES,
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
