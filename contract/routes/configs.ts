import * as z from 'zod';
import { defineRoute } from '../route.ts';
import { job } from '../entities/job.ts';
import {
  ANY_CONFIG_ROLE,
  CONFIG_ROLES,
  configKind,
  configVersionMeta,
  deployKind,
  globalComponentWire,
  listedGlobalComponent,
  listedRecommendationsBlock,
  mvtConfig,
  recommendationsBlockWire,
  saveMeta,
  searchConfig,
  singleConfigKind,
  storedConfig,
  trackingConfig,
  globalConfig,
} from '../entities/config.ts';
import { ok } from './auth.ts';
import type { Role } from '../roles.ts';

/*
 * Spec part 1 §7 "Configuration reads" and "Configuration writes, preview, generate, deploy".
 * Role checks finer than a route (which kind, which copy) are made by the handler with
 * CONFIG_ROLES; the route-level roles are the union.
 */

const siteParams = z.strictObject({ id: z.coerce.number().int().positive() });
const siteQuery = { siteId: z.coerce.number().int().positive() };
const testFlag = z.stringbool().default(true);
const viewRoles: readonly Role[] = [
  'ROLE_CONFIG_VIEW',
  'ROLE_AUTOCOMPLETE_VIEW',
  ...ANY_CONFIG_ROLE,
];
const previewRoles = [...new Set(Object.values(CONFIG_ROLES).flatMap((roles) => roles.preview))];
const generateRoles = [...new Set(Object.values(CONFIG_ROLES).flatMap((roles) => roles.generate))];

/** The config shapes of the single-config kinds, by kind (instant search, autocomplete and search share one). */
export const singleConfigSchemas = {
  'instant-search': searchConfig,
  autocomplete: searchConfig,
  search: searchConfig,
  tracking: trackingConfig,
  mvt: mvtConfig,
  'global-config': globalConfig,
} as const;

const anySingleConfig = z.union([searchConfig, trackingConfig, mvtConfig, globalConfig]);

// ---------------------------------------------------------------------------------------------
// Reads

export const getConfigRoute = defineRoute({
  method: 'GET',
  path: '/site/:id/config/:kind',
  summary:
    'The latest version of a config copy (instant-search, autocomplete, search, tracking, mvt); the defaults with versionId null when none is saved',
  auth: true,
  roles: viewRoles,
  site: 'param',
  params: siteParams.extend({ kind: singleConfigKind }),
  query: z.strictObject({ test: testFlag }),
  response: storedConfig(anySingleConfig),
});

export const configVersionsRoute = defineRoute({
  method: 'GET',
  path: '/site/:id/config/:kind/versions',
  summary: 'Version history of a config copy, newest first',
  auth: true,
  roles: viewRoles,
  site: 'param',
  params: siteParams.extend({ kind: singleConfigKind }),
  query: z.strictObject({ test: testFlag }),
  response: z.array(configVersionMeta),
});

export const configVersionRoute = defineRoute({
  method: 'GET',
  path: '/site/:id/config/:kind/:versionId',
  summary: 'One version of a config (either copy)',
  auth: true,
  roles: viewRoles,
  site: 'param',
  params: siteParams.extend({
    kind: singleConfigKind,
    versionId: z.coerce.number().int().positive(),
  }),
  response: storedConfig(anySingleConfig),
});

export const listRecommendationBlocksRoute = defineRoute({
  method: 'GET',
  path: '/site/:id/config/recommendations-block',
  summary:
    'Recommendation blocks of a copy (latest versions, by ordering); with id only that block. Each item has the block fields at the top level (customSettings and htmlTemplate as JSON text) and its versionId, version, author, createdAt beside them',
  auth: true,
  roles: viewRoles,
  site: 'param',
  params: siteParams,
  query: z.strictObject({ id: z.coerce.number().int().positive().optional(), test: testFlag }),
  response: z.object({ data: z.array(listedRecommendationsBlock) }),
});

export const recommendationBlockVersionsRoute = defineRoute({
  method: 'GET',
  path: '/site/:id/config/recommendations-block/versions',
  summary: 'Version history of one block copy',
  auth: true,
  roles: viewRoles,
  site: 'param',
  params: siteParams,
  query: z.strictObject({ id: z.coerce.number().int().positive(), test: testFlag }),
  response: z.array(configVersionMeta),
});

export const recommendationBlockVersionRoute = defineRoute({
  method: 'GET',
  path: '/site/:id/config/recommendations-block/:versionId',
  summary: 'One version of a block',
  auth: true,
  roles: viewRoles,
  site: 'param',
  params: siteParams.extend({ versionId: z.coerce.number().int().positive() }),
  response: storedConfig(recommendationsBlockWire),
});

export const listGlobalComponentsRoute = defineRoute({
  method: 'GET',
  path: '/site/:id/config/global-component',
  summary:
    'Global components of a copy (latest versions, by ordering), wrapped in data; each item has componentId, template and customSettings (JSON text) and the other component fields at the top level, its versionId, version, test, author, createdAt beside them',
  auth: true,
  roles: viewRoles,
  site: 'param',
  params: siteParams,
  query: z.strictObject({ test: testFlag }),
  response: z.object({ data: z.array(listedGlobalComponent) }),
});

export const globalComponentVersionsRoute = defineRoute({
  method: 'GET',
  path: '/site/:id/config/global-component/versions',
  summary: 'Version history of one component copy',
  auth: true,
  roles: viewRoles,
  site: 'param',
  params: siteParams,
  query: z.strictObject({ id: z.coerce.number().int().positive(), test: testFlag }),
  response: z.array(configVersionMeta),
});

export const globalComponentVersionRoute = defineRoute({
  method: 'GET',
  path: '/site/:id/config/global-component/:versionId',
  summary: 'One version of a component',
  auth: true,
  roles: viewRoles,
  site: 'param',
  params: siteParams.extend({ versionId: z.coerce.number().int().positive() }),
  response: storedConfig(globalComponentWire),
});

export const defaultInstantSearchRoute = defineRoute({
  method: 'GET',
  path: '/config/default-instant-search',
  summary:
    "The default instant search config (spec §9), its templates filled with the storefront's default sources",
  auth: true,
  roles: viewRoles,
  site: 'none',
  response: searchConfig,
});

/** The storefront's default template sources per widget part (what '' in a template means). */
export const defaultTemplatesRoute = defineRoute({
  method: 'GET',
  path: '/config/default-templates',
  summary: "The storefront's default Handlebars sources and SCSS, by widget and part",
  auth: true,
  roles: viewRoles,
  site: 'none',
  response: z.object({
    search: z.record(z.string(), z.string()),
    recommendations: z.record(z.string(), z.string()),
    components: z.record(z.string(), z.string()),
    /** The default design-token set (Tokens Studio JSON). */
    tokens: z.record(z.string(), z.unknown()),
  }),
});

// ---------------------------------------------------------------------------------------------
// Writes

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
  body: trackingConfig.extend(saveMeta),
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

// ---------------------------------------------------------------------------------------------
// Preview, generate, deploy (jobs; DESIGN.md "Config lifecycle")

export const previewConfigRoute = defineRoute({
  method: 'POST',
  path: '/config/preview/:kind',
  summary:
    "Build the site's bundle from the integration copies into the preview slot (a job); 409 while one runs",
  auth: true,
  roles: previewRoles,
  site: 'query',
  params: z.strictObject({ kind: configKind }),
  query: z.strictObject(siteQuery),
  response: job,
});

export const generateConfigRoute = defineRoute({
  method: 'POST',
  path: '/config/generate/:kind',
  summary:
    'Promote the integration copy to production and build the production bundle (a job); 409 while one runs',
  auth: true,
  roles: generateRoles,
  site: 'query',
  params: z.strictObject({ kind: singleConfigKind }),
  query: z.strictObject(siteQuery),
  response: job,
});

export const deployConfigRoute = defineRoute({
  method: 'POST',
  path: '/config/deploy/:kind',
  summary:
    'Promote a block or component integration copy to production and build the production bundle (a job); 409 while one runs',
  auth: true,
  roles: generateRoles,
  site: 'query',
  params: z.strictObject({ kind: deployKind }),
  query: z.strictObject({ ...siteQuery, id: z.coerce.number().int().positive() }),
  response: job,
});

const statusQuery = z.strictObject(siteQuery);

export const previewStatusRoute = defineRoute({
  method: 'GET',
  path: '/config/preview/status',
  summary:
    "The site's latest preview job: 202 while running, 200 when done, 500 with the job's error when it failed, 404 when none",
  auth: true,
  roles: previewRoles,
  site: 'query',
  query: statusQuery,
  response: job,
});

export const generateStatusRoute = defineRoute({
  method: 'GET',
  path: '/config/generate/status',
  summary:
    "The site's latest generate/deploy job: 202 while running, 200 when done, 500 with the job's error when it failed, 404 when none",
  auth: true,
  roles: generateRoles,
  site: 'query',
  query: statusQuery,
  response: job,
});

// ---------------------------------------------------------------------------------------------
// Artifacts and rollback

export const artifact = z.object({
  id: z.number().int().positive(),
  hash: z.string(),
  createdAt: z.string(),
  createdBy: z.string(),
  /** Config versions that went into the bundle, by kind (and block/component id). */
  manifest: z.record(z.string(), z.unknown()),
  /** Sizes in bytes. */
  jsBytes: z.number().int(),
  cssBytes: z.number().int(),
  production: z.boolean(),
  preview: z.boolean(),
  /** `/cdn/{siteId}/{hash}.js` */
  jsUrl: z.string(),
  cssUrl: z.string(),
});
export type Artifact = z.infer<typeof artifact>;

export const listArtifactsRoute = defineRoute({
  method: 'GET',
  path: '/site/:id/artifacts',
  summary: 'Generated bundles of the site, newest first, with the one production points at',
  auth: true,
  roles: viewRoles,
  site: 'param',
  params: siteParams,
  response: z.array(artifact),
});

export const rollbackArtifactRoute = defineRoute({
  method: 'POST',
  path: '/site/:id/artifacts/:artifactId/rollback',
  summary:
    'Point production at an earlier bundle of the site at once (no rebuild; audited); the loader switches immediately',
  auth: true,
  roles: generateRoles,
  site: 'param',
  params: siteParams.extend({ artifactId: z.coerce.number().int().positive() }),
  response: artifact,
});
