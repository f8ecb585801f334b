import * as z from 'zod';
import { defineRoute } from '../route.ts';
import {
  feedStatus,
  feedType,
  site,
  siteEnable,
  siteUpdate,
  vertical,
  verticalName,
} from '../entities/site.ts';
import { job } from '../entities/job.ts';
import { ok } from './auth.ts';
import { SITE_EDIT_ROLES } from '../call-roles.ts';

const idParams = z.strictObject({ id: z.coerce.number().int().positive() });

export const listSitesRoute = defineRoute({
  method: 'GET',
  path: '/site/all',
  summary: 'Sites the user may see (all of them for administrators and superusers)',
  auth: true,
  roles: [],
  site: 'none',
  query: z.strictObject({ search: z.string().max(200).optional() }),
  response: z.array(site),
});

export const getSiteRoute = defineRoute({
  method: 'GET',
  path: '/site/:id',
  summary: 'One site',
  auth: true,
  roles: [],
  site: 'param',
  params: idParams,
  response: site,
});

export const updateSiteRoute = defineRoute({
  method: 'PUT',
  path: '/site/:id',
  summary: 'Update a site (name, URL, verticals, time zone); 409 when `version` is stale',
  auth: true,
  roles: SITE_EDIT_ROLES,
  site: 'param',
  params: idParams,
  body: siteUpdate,
  response: site,
});

export const deleteSiteRoute = defineRoute({
  method: 'DELETE',
  path: '/site/:id',
  summary: 'Delete a site with its feed history, jobs and indexes',
  auth: true,
  roles: ['ROLE_ADMIN'],
  site: 'param',
  params: idParams,
  response: ok,
});

export const enableSiteRoute = defineRoute({
  method: 'POST',
  path: '/site/:id/enable',
  summary:
    'Activate (creates and schedules a feed update job) or deactivate (deletes feed history, jobs and indexes) a site',
  auth: true,
  roles: ['ROLE_ADMIN'],
  site: 'param',
  params: idParams,
  body: siteEnable,
  response: z.object({ site, job: job.nullable() }),
});

export const siteFeedsRoute = defineRoute({
  method: 'GET',
  path: '/site/:id/feeds',
  summary:
    'Feed status entries (regionId, lastUpload), filtered by feed type and region search term',
  auth: true,
  roles: [],
  site: 'param',
  params: idParams,
  query: z.strictObject({
    feedType: feedType.optional(),
    searchTerm: z.string().max(200).optional(),
  }),
  response: z.array(feedStatus),
});

export const deleteSiteFeedsRoute = defineRoute({
  method: 'DELETE',
  path: '/site/:id/feeds',
  summary: "Delete the site's feed status history (optionally one feed type)",
  auth: true,
  roles: ['ROLE_CONFIG_FEED_CONFIG', 'ROLE_SITE_FEED_CONFIG'],
  site: 'param',
  params: idParams,
  query: z.strictObject({ feedType: feedType.optional() }),
  response: ok,
});

export const siteJobRoute = defineRoute({
  method: 'GET',
  path: '/site/:id/jobs/:jobId',
  summary:
    'A job of the site: 202 while queued or running, 200 when done, 500 with the message when failed',
  auth: true,
  roles: [],
  site: 'param',
  params: z.strictObject({ id: z.coerce.number().int().positive(), jobId: z.uuid() }),
  response: job,
});

export const listVerticalsRoute = defineRoute({
  method: 'GET',
  path: '/vertical',
  summary: 'List verticals with the number of sites in each',
  auth: true,
  roles: ['ROLE_VERTICAL_VIEW', 'ROLE_VERTICAL_CONFIG', 'ROLE_SITE_CONFIG', 'ROLE_REGISTER_CONFIG'],
  site: 'none',
  response: z.array(vertical),
});

export const createVerticalRoute = defineRoute({
  method: 'POST',
  path: '/vertical',
  summary: 'Create a vertical',
  auth: true,
  roles: ['ROLE_VERTICAL_CONFIG'],
  site: 'none',
  body: z.strictObject({ name: verticalName }),
  response: vertical,
});
