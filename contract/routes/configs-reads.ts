/** Config reads: a copy, its versions, recommendation blocks and global components, the defaults. */
import * as z from 'zod';
import { defineRoute } from '../route.ts';
import {
  configVersionMeta,
  globalComponentWire,
  listedGlobalComponent,
  listedRecommendationsBlock,
  recommendationsBlockWire,
  searchConfig,
  singleConfigKind,
  storedConfig,
} from '../entities/config.ts';
import { anySingleConfig, siteParams, testFlag, viewRoles } from './configs-shared.ts';

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
