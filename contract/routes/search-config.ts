/** Search configuration calls (spec part 2 §7 "Autocomplete and search configuration", "Custom sorting"). */
import * as z from 'zod';
import { defineRoute } from '../route.ts';
import {
  customSortConfig,
  facetAttribute,
  facetChild,
  facetCounts,
  facetDecision,
  facetDiff,
  jobScheduleInput,
  searchJobStatus,
  setting,
  SETTING_SCHEMAS,
  type SettingKey,
} from '../entities/search-config.ts';
import { product } from '../public/product.ts';
import {
  FACET_ROLES,
  SEARCH_JOB_CONFIG_ROLES,
  SEARCH_JOB_START_ROLES,
  SETTING_VIEW_ROLES,
  SETTING_WRITE_ROLES,
  SORT_ROLES,
} from '../call-roles.ts';
import type { Role } from '../roles.ts';
import { ok } from './auth.ts';

const siteQuery = z.strictObject({ siteId: z.coerce.number().int().positive() });
const VIEW: readonly Role[] = [
  ...SETTING_VIEW_ROLES,
  ...FACET_ROLES,
  ...SEARCH_JOB_START_ROLES,
  ...SEARCH_JOB_CONFIG_ROLES,
];

function settingRoutes<const K extends SettingKey>(key: K) {
  const path = `/autocomplete/${key}` as const;
  return {
    get: defineRoute({
      method: 'GET',
      path,
      summary: `The site's ${key} setting (the default when never set)`,
      auth: true,
      roles: SETTING_VIEW_ROLES,
      site: 'query',
      query: siteQuery,
      response: setting,
    }),
    save: defineRoute({
      method: 'POST',
      path,
      summary: `Replace the site's ${key} setting (audited)`,
      auth: true,
      roles: SETTING_WRITE_ROLES[key],
      site: 'query',
      query: siteQuery,
      body: SETTING_SCHEMAS[key] as (typeof SETTING_SCHEMAS)[K],
      refuseUnknownFields: true,
      response: setting,
    }),
    reset: defineRoute({
      method: 'DELETE',
      path,
      summary: `Reset the site's ${key} setting to the default (audited)`,
      auth: true,
      roles: SETTING_WRITE_ROLES[key],
      site: 'query',
      query: siteQuery,
      response: setting,
    }),
  };
}

export const SETTING_ROUTES = {
  attributes: settingRoutes('attributes'),
  regionalAttributes: settingRoutes('regionalAttributes'),
  responseAttributes: settingRoutes('responseAttributes'),
  skuAttributes: settingRoutes('skuAttributes'),
  lowercaseAttributes: settingRoutes('lowercaseAttributes'),
  groupRepresentativeAttributes: settingRoutes('groupRepresentativeAttributes'),
  sku: settingRoutes('sku'),
  skuRepresentativeConfig: settingRoutes('skuRepresentativeConfig'),
  'api-params': settingRoutes('api-params'),
} as const;

export const getSearchAttributesRoute = SETTING_ROUTES.attributes.get;
export const saveSearchAttributesRoute = SETTING_ROUTES.attributes.save;
export const resetSearchAttributesRoute = SETTING_ROUTES.attributes.reset;
export const getRegionalAttributesRoute = SETTING_ROUTES.regionalAttributes.get;
export const saveRegionalAttributesRoute = SETTING_ROUTES.regionalAttributes.save;
export const resetRegionalAttributesRoute = SETTING_ROUTES.regionalAttributes.reset;
export const getResponseAttributesRoute = SETTING_ROUTES.responseAttributes.get;
export const saveResponseAttributesRoute = SETTING_ROUTES.responseAttributes.save;
export const resetResponseAttributesRoute = SETTING_ROUTES.responseAttributes.reset;
export const getSkuAttributesRoute = SETTING_ROUTES.skuAttributes.get;
export const saveSkuAttributesRoute = SETTING_ROUTES.skuAttributes.save;
export const resetSkuAttributesRoute = SETTING_ROUTES.skuAttributes.reset;
export const getLowercaseAttributesRoute = SETTING_ROUTES.lowercaseAttributes.get;
export const saveLowercaseAttributesRoute = SETTING_ROUTES.lowercaseAttributes.save;
export const resetLowercaseAttributesRoute = SETTING_ROUTES.lowercaseAttributes.reset;
export const getGroupRepresentativeRoute = SETTING_ROUTES.groupRepresentativeAttributes.get;
export const saveGroupRepresentativeRoute = SETTING_ROUTES.groupRepresentativeAttributes.save;
export const resetGroupRepresentativeRoute = SETTING_ROUTES.groupRepresentativeAttributes.reset;
export const getSkuConfigRoute = SETTING_ROUTES.sku.get;
export const saveSkuConfigRoute = SETTING_ROUTES.sku.save;
export const resetSkuConfigRoute = SETTING_ROUTES.sku.reset;
export const getSkuRepresentativeRoute = SETTING_ROUTES.skuRepresentativeConfig.get;
export const saveSkuRepresentativeRoute = SETTING_ROUTES.skuRepresentativeConfig.save;
export const resetSkuRepresentativeRoute = SETTING_ROUTES.skuRepresentativeConfig.reset;
export const getApiParamsRoute = SETTING_ROUTES['api-params'].get;
export const saveApiParamsRoute = SETTING_ROUTES['api-params'].save;
export const resetApiParamsRoute = SETTING_ROUTES['api-params'].reset;

// The feed generation job: rebuilds the index beside the live one and switches.
export const generationStatusRoute = defineRoute({
  method: 'GET',
  path: '/generation/job/feed/status',
  summary: "The site's last index rebuild (feed generation job) and whether settings wait for one",
  auth: true,
  roles: VIEW,
  site: 'query',
  query: siteQuery,
  response: searchJobStatus,
});
export const generationStartRoute = defineRoute({
  method: 'POST',
  path: '/generation/job/feed/start',
  summary: 'Rebuild the index from the current settings (409 while one runs)',
  auth: true,
  roles: SEARCH_JOB_START_ROLES,
  site: 'query',
  query: siteQuery,
  response: searchJobStatus,
});

// The autocomplete suggestions job.
export const autocompleteJobRoute = defineRoute({
  method: 'GET',
  path: '/autocomplete/job',
  summary: "The autocomplete job's schedule",
  auth: true,
  roles: VIEW,
  site: 'query',
  query: siteQuery,
  response: searchJobStatus,
});
export const saveAutocompleteJobRoute = defineRoute({
  method: 'POST',
  path: '/autocomplete/job',
  summary: "Set the autocomplete job's schedule (cron, time zone, on or off; audited)",
  auth: true,
  roles: SEARCH_JOB_CONFIG_ROLES,
  site: 'query',
  query: siteQuery,
  body: jobScheduleInput,
  response: searchJobStatus,
});
export const autocompleteJobStatusRoute = defineRoute({
  method: 'GET',
  path: '/autocomplete/job/status',
  summary: "The autocomplete job's last run",
  auth: true,
  roles: VIEW,
  site: 'query',
  query: siteQuery,
  response: searchJobStatus,
});
export const autocompleteJobStartRoute = defineRoute({
  method: 'POST',
  path: '/autocomplete/job/start',
  summary: 'Rebuild the autocomplete suggestions now (409 while one runs)',
  auth: true,
  roles: SEARCH_JOB_START_ROLES,
  site: 'query',
  query: siteQuery,
  response: searchJobStatus,
});

/** What shoppers will get: the live index beside the draft searchable attributes. */
export const previewRefreshRoute = defineRoute({
  method: 'POST',
  path: '/autocomplete/preview/refresh',
  reads: true,
  summary: 'Search the live catalog with the live and with draft searchable attributes',
  auth: true,
  roles: SETTING_VIEW_ROLES,
  site: 'query',
  query: siteQuery,
  body: z.strictObject({
    st: z.string().trim().min(1).max(200),
    attributes: SETTING_SCHEMAS.attributes,
  }),
  response: z.object({ live: z.array(product), draft: z.array(product) }),
});

// Facet attributes.
export const facetSuggestedRoute = defineRoute({
  method: 'GET',
  path: '/autocomplete/facets/suggested',
  summary: 'Facet attributes of a category: suggested, applied and disabled',
  auth: true,
  roles: FACET_ROLES,
  site: 'query',
  query: siteQuery.extend({ categoryId: z.string().trim().min(1).max(100) }),
  response: z.array(facetAttribute),
});
export const facetCountsRoute = defineRoute({
  method: 'GET',
  path: '/autocomplete/facets/counts',
  summary: 'Per category: how many facet attributes are suggested, applied and disabled',
  auth: true,
  roles: FACET_ROLES,
  site: 'query',
  query: siteQuery,
  response: facetCounts,
});
export const facetChildrenRoute = defineRoute({
  method: 'GET',
  path: '/autocomplete/facets/children',
  summary:
    'The child categories of a category (the roots without categoryId) with their facet attribute counts',
  auth: true,
  roles: FACET_ROLES,
  site: 'query',
  query: siteQuery.extend({ categoryId: z.string().trim().min(1).max(100).optional() }),
  response: z.array(facetChild),
});
export const facetDiffRoute = defineRoute({
  method: 'GET',
  path: '/autocomplete/facets/diff',
  summary: "A category's facet attributes against its parent's: what only one has, or differs",
  auth: true,
  roles: FACET_ROLES,
  site: 'query',
  query: siteQuery.extend({ categoryId: z.string().trim().min(1).max(100) }),
  response: z.array(facetDiff),
});
export const facetCalculateRoute = defineRoute({
  method: 'POST',
  path: '/autocomplete/facets/calculate',
  summary: 'Compute suggested facet attributes for every category (a job; 409 while one runs)',
  auth: true,
  roles: FACET_ROLES,
  site: 'query',
  query: siteQuery,
  response: searchJobStatus,
});
export const facetProgressRoute = defineRoute({
  method: 'GET',
  path: '/autocomplete/facets/progress',
  summary: 'The facet calculation job',
  auth: true,
  roles: FACET_ROLES,
  site: 'query',
  query: siteQuery,
  response: searchJobStatus,
});
export const facetApplyRoute = defineRoute({
  method: 'POST',
  path: '/autocomplete/facets/apply',
  summary: 'Apply (APPLY) or disable (DISABLE) a facet attribute of a category (audited)',
  auth: true,
  roles: FACET_ROLES,
  site: 'query',
  query: siteQuery,
  body: facetDecision,
  refuseUnknownFields: true,
  response: facetAttribute,
});
export const facetResetRoute = defineRoute({
  method: 'DELETE',
  path: '/autocomplete/facets/apply',
  summary: 'Back to suggested (neither applied nor disabled; audited)',
  auth: true,
  roles: FACET_ROLES,
  site: 'query',
  query: siteQuery.extend({
    categoryId: z.string().trim().min(1).max(100),
    attribute: z.string().trim().min(1).max(100),
  }),
  response: ok,
});

// Custom sorting.
export const getCustomSortRoute = defineRoute({
  method: 'GET',
  path: '/custom/sort/:id/attributes',
  summary: "The site's sort attributes (offered as sort options of the search)",
  auth: true,
  roles: [...SETTING_VIEW_ROLES, ...SORT_ROLES],
  site: 'param',
  params: z.strictObject({ id: z.coerce.number().int().positive() }),
  response: customSortConfig,
});
export const saveCustomSortRoute = defineRoute({
  method: 'PUT',
  path: '/custom/sort/:id/attributes',
  summary: 'Replace the sort attributes (regions × attributes ≤ 250; audited)',
  auth: true,
  roles: SORT_ROLES,
  site: 'param',
  params: z.strictObject({ id: z.coerce.number().int().positive() }),
  body: customSortConfig,
  refuseUnknownFields: true,
  response: customSortConfig,
});
export const getImshopSortRoute = defineRoute({
  method: 'GET',
  path: '/custom/sort/:id/imshop/attributes',
  summary: "The site's sort attributes of the imshop app",
  auth: true,
  roles: [...SETTING_VIEW_ROLES, ...SORT_ROLES],
  site: 'param',
  params: z.strictObject({ id: z.coerce.number().int().positive() }),
  response: customSortConfig,
});
export const saveImshopSortRoute = defineRoute({
  method: 'PUT',
  path: '/custom/sort/:id/imshop/attributes',
  summary: 'Replace the imshop sort attributes (regions × attributes ≤ 250; audited)',
  auth: true,
  roles: SORT_ROLES,
  site: 'param',
  params: z.strictObject({ id: z.coerce.number().int().positive() }),
  body: customSortConfig,
  refuseUnknownFields: true,
  response: customSortConfig,
});
