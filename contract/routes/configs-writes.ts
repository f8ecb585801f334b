/** Config writes: each save appends a version of one copy (`test` picks it); blocks and components are deleted by id. */
import * as z from 'zod';
import { defineRoute } from '../route.ts';
import {
  ANY_CONFIG_ROLE,
  CONFIG_ROLES,
  globalComponentWire,
  mvtConfig,
  recommendationsBlockWire,
  saveMeta,
  searchConfig,
  storedConfig,
  trackingConfig,
  trackingConfigInput,
  globalConfig,
} from '../entities/config.ts';
import { ok } from './auth.ts';
import { siteQuery, testFlag } from './configs-shared.ts';

const saveSearchBody = searchConfig.extend(saveMeta);

/** POST /config/save/{autocomplete|search|instant-search}: `test` picks the copy (production needs save-to-prod). */
export const saveSearchConfigRoute = defineRoute({
  method: 'POST',
  path: '/config/save/:kind',
  refuseUnknownFields: true,
  summary:
    'Save a new version of an instant search, autocomplete or search config copy; 409 with the newer version when the base is stale',
  auth: true,
  roles: ANY_CONFIG_ROLE,
  site: 'query',
  params: z.strictObject({ kind: z.enum(['instant-search', 'autocomplete', 'search']) }),
  query: z.strictObject({ ...siteQuery, test: testFlag }),
  body: saveSearchBody,
  response: storedConfig(searchConfig),
});

export const saveTrackingConfigRoute = defineRoute({
  method: 'POST',
  path: '/config/save/tracking',
  refuseUnknownFields: true,
  summary: 'Save a new version of the tracking config copy',
  auth: true,
  roles: ANY_CONFIG_ROLE,
  site: 'query',
  query: z.strictObject({ ...siteQuery, test: testFlag }),
  body: trackingConfigInput.extend(saveMeta),
  response: storedConfig(trackingConfig),
});

export const saveGlobalConfigRoute = defineRoute({
  method: 'POST',
  path: '/config/save/global-config',
  refuseUnknownFields: true,
  summary:
    'Save a new version of the global config copy (currency and price format, locale, picture base URL, region detection, cookie-consent mode)',
  auth: true,
  roles: CONFIG_ROLES['global-config'].save,
  site: 'query',
  query: z.strictObject({ ...siteQuery, test: testFlag }),
  body: globalConfig.extend(saveMeta),
  response: storedConfig(globalConfig),
});

/**
 * The MVT body is the spec's list of entries, so the version it was based on comes in the query:
 * 'null' when the copy was never saved; absent, the save is not checked for staleness (a client
 * that knows no versions, as the spec's).
 */
const mvtSaveQuery = z.strictObject({
  ...siteQuery,
  baseVersionId: z
    .union([z.literal('null').transform(() => null), z.coerce.number().int().positive()])
    .optional(),
});

export const saveMvtConfigRoute = defineRoute({
  method: 'POST',
  path: '/config/save/mvt',
  refuseUnknownFields: true,
  summary: 'Save a new version of the production MVT config (needs MVT save to production)',
  auth: true,
  roles: CONFIG_ROLES.mvt.saveToProd,
  site: 'query',
  query: mvtSaveQuery,
  body: mvtConfig,
  response: storedConfig(mvtConfig),
});

export const saveIntegrationMvtConfigRoute = defineRoute({
  method: 'POST',
  path: '/config/save/integration/mvt',
  refuseUnknownFields: true,
  summary: 'Save a new version of the integration MVT config',
  auth: true,
  roles: CONFIG_ROLES.mvt.save,
  site: 'query',
  query: mvtSaveQuery,
  body: mvtConfig,
  response: storedConfig(mvtConfig),
});

export const saveRecommendationBlockRoute = defineRoute({
  method: 'POST',
  path: '/config/save/recommendations-block',
  refuseUnknownFields: true,
  summary:
    'Save a block copy (test flag in the body, and optionally in the query as the spec has it: the two must agree). A new block: save the disabled production copy with defaults first, then the test copy with the returned configId',
  auth: true,
  roles: CONFIG_ROLES['recommendations-block'].save,
  site: 'query',
  query: z.strictObject({ ...siteQuery, test: z.stringbool().optional() }),
  body: recommendationsBlockWire.extend(saveMeta),
  response: storedConfig(recommendationsBlockWire),
});

export const deleteRecommendationBlockRoute = defineRoute({
  method: 'DELETE',
  path: '/config/delete/recommendations-block',
  summary: 'Delete a block (both copies; its versions stay in the history)',
  auth: true,
  roles: CONFIG_ROLES['recommendations-block'].saveToProd,
  site: 'query',
  query: z.strictObject({ ...siteQuery, id: z.coerce.number().int().positive() }),
  response: ok,
});

export const saveGlobalComponentRoute = defineRoute({
  method: 'POST',
  path: '/config/save/global-component',
  refuseUnknownFields: true,
  summary:
    'Save a component copy. A new component: save the production copy first, then the integration copy under the returned componentId',
  auth: true,
  roles: CONFIG_ROLES['global-component'].save,
  site: 'query',
  query: z.strictObject({ ...siteQuery, test: testFlag }),
  body: globalComponentWire.extend({ test: z.boolean(), ...saveMeta }),
  response: storedConfig(globalComponentWire),
});

export const deleteGlobalComponentRoute = defineRoute({
  method: 'DELETE',
  path: '/config/delete/global-component',
  summary: 'Delete a component (both copies)',
  auth: true,
  roles: CONFIG_ROLES['global-component'].saveToProd,
  site: 'query',
  query: z.strictObject({ ...siteQuery, id: z.coerce.number().int().positive() }),
  response: ok,
});
