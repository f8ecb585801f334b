import * as z from 'zod';
import { defineRoute } from '../route.ts';
import {
  boostCriteria,
  boostRule,
  boostRuleInput,
  boostType,
  customModel,
  customModelInput,
  page,
  recsPreview,
  recsRule,
  recsRuleContext,
  recsRuleFilter,
  recsRuleInput,
  redirectRule,
  redirectRuleInput,
  searchPreview,
} from '../entities/merchandising.ts';
import { uploadReport } from '../entities/upload.ts';
import { recommendationStrategy } from '../public/recommendations.ts';
import type { Role } from '../roles.ts';
import { ok } from './auth.ts';

const siteId = z.coerce.number().int().positive();
const siteQuery = z.strictObject({ siteId });
const id = z.coerce.number().int().positive();
const paging = (size: number) => ({
  offset: z.coerce.number().int().min(0).max(1_000_000).default(0),
  limit: z.coerce.number().int().min(1).max(500).default(size),
});

/** Search rules: viewers read, the boosting and redirect roles write (spec part 2 §6). */
const VIEW: readonly Role[] = [
  'ROLE_MERCHANDISING_VIEW',
  'ROLE_MERCHANDISING_BOOSTING_CONFIG',
  'ROLE_MERCHANDISING_REDIRECT_CONFIG',
];
const BOOSTING: readonly Role[] = ['ROLE_MERCHANDISING_BOOSTING_CONFIG'];
const REDIRECT: readonly Role[] = ['ROLE_MERCHANDISING_REDIRECT_CONFIG'];
const RECS: readonly Role[] = ['ROLE_RECS_MERCH_RULES_CONFIG'];
const MODELS: readonly Role[] = ['ROLE_AUTOCOMPLETE_JOB_START'];

const call = { auth: true, site: 'query' } as const;

// ---- Boost rules -------------------------------------------------------------------------

export const boostCriteriaRoute = defineRoute({
  ...call,
  method: 'POST',
  path: '/merchandising/boosting/criteria',
  reads: true,
  summary: 'Boost rules by criteria, newest first',
  roles: VIEW,
  query: z.strictObject({ siteId, ...paging(20), query: z.string().trim().max(300).optional() }),
  body: boostCriteria,
  response: page(boostRule),
});

export const getBoostRuleRoute = defineRoute({
  ...call,
  method: 'GET',
  path: '/merchandising/boosting/:id',
  summary: 'One boost rule',
  roles: VIEW,
  params: z.strictObject({ id }),
  query: z.strictObject({ siteId, boostType: boostType.optional() }),
  response: boostRule,
});

export const createBoostRuleRoute = defineRoute({
  ...call,
  method: 'POST',
  path: '/merchandising/boosting',
  summary: 'Create a boost rule',
  roles: BOOSTING,
  query: siteQuery,
  body: boostRuleInput,
  response: boostRule,
});

export const updateBoostRuleRoute = defineRoute({
  ...call,
  method: 'PUT',
  path: '/merchandising/boosting',
  summary: 'Update a boost rule',
  roles: BOOSTING,
  query: siteQuery,
  body: z.intersection(z.object({ id: z.number().int().positive() }), boostRuleInput),
  response: boostRule,
});

export const deleteBoostRuleRoute = defineRoute({
  ...call,
  method: 'DELETE',
  path: '/merchandising/boosting',
  summary: 'Delete a boost rule',
  roles: BOOSTING,
  query: z.strictObject({ siteId, id }),
  response: ok,
});

/** Layouts of spec part 2 §3 "Upload CSV columns" for boosts. */
export const boostUploadLayout = z.enum(['ATTRIBUTES', 'PRODUCTS']);
export type BoostUploadLayout = z.infer<typeof boostUploadLayout>;

export const uploadBoostRulesRoute = defineRoute({
  ...call,
  method: 'POST',
  path: '/merchandising/boosting/upload',
  summary:
    'Boost rules from a file: by attributes (boostName, query, attributeName, attributeValues, weight) or by products (boostName, query, productId, productIdOrder)',
  roles: BOOSTING,
  bodyType: 'multipart',
  query: z.strictObject({ siteId, layout: boostUploadLayout }),
  response: uploadReport,
});

/** Pin (or exclude) products for one query: the preview's quick actions. */
const productsForQuery = z.strictObject({
  query: z.string().trim().min(1).max(300),
  productIds: z.array(z.string().trim().min(1).max(300)).min(1).max(200),
  /** 1-based position of the first product (pins only). */
  socket: z.number().int().min(1).max(200).nullable().default(1),
});

export const boostProductsRoute = defineRoute({
  ...call,
  method: 'POST',
  path: '/merchandising/boosting/products',
  summary: "Pin products for a query (adds them to the query's PRODUCTS rule, or creates it)",
  roles: BOOSTING,
  query: siteQuery,
  body: productsForQuery,
  response: boostRule,
});

export const excludeProductsRoute = defineRoute({
  ...call,
  method: 'POST',
  path: '/merchandising/boosting/products-exclude',
  summary: "Hide products for a query (adds them to the query's PRODUCTS_EXCLUDE rule)",
  roles: BOOSTING,
  query: siteQuery,
  body: productsForQuery.omit({ socket: true }),
  response: boostRule,
});

export const searchPreviewRoute = defineRoute({
  ...call,
  method: 'GET',
  path: '/merchandising/preview',
  summary: "The storefront's search answer for a query with the live rules and without them",
  roles: VIEW,
  query: z.strictObject({
    siteId,
    query: z.string().trim().min(1).max(300),
    size: z.coerce.number().int().min(1).max(60).default(20),
  }),
  response: searchPreview,
});

// ---- Redirect rules ----------------------------------------------------------------------

export const redirectFilterRoute = defineRoute({
  ...call,
  method: 'POST',
  path: '/merchandising/redirect/filter',
  reads: true,
  summary: 'Redirect rules, filtered by query, address or name',
  roles: VIEW,
  query: z.strictObject({ siteId, ...paging(20) }),
  body: z.strictObject({ text: z.string().trim().max(300).default('') }),
  response: page(redirectRule),
});

export const createRedirectRoute = defineRoute({
  ...call,
  method: 'POST',
  path: '/merchandising/redirect',
  summary: 'Create a redirect rule',
  roles: REDIRECT,
  query: siteQuery,
  body: redirectRuleInput,
  response: redirectRule,
});

export const updateRedirectRoute = defineRoute({
  ...call,
  method: 'PUT',
  path: '/merchandising/redirect',
  summary: 'Update a redirect rule',
  roles: REDIRECT,
  query: siteQuery,
  body: redirectRuleInput.extend({ id: z.number().int().positive() }),
  response: redirectRule,
});

export const deleteRedirectRoute = defineRoute({
  ...call,
  method: 'DELETE',
  path: '/merchandising/redirect',
  summary: 'Delete a redirect rule',
  roles: REDIRECT,
  query: z.strictObject({ siteId, id }),
  response: ok,
});

export const uploadRedirectsRoute = defineRoute({
  ...call,
  method: 'POST',
  path: '/merchandising/redirect/upload',
  summary: 'Redirect rules from a file (query, url, mobileUrl, name)',
  roles: REDIRECT,
  bodyType: 'multipart',
  query: siteQuery,
  response: uploadReport,
});

// ---- Recommendation rules ----------------------------------------------------------------

export const listRecsRulesRoute = defineRoute({
  ...call,
  method: 'GET',
  path: '/merchandising/recs',
  summary: 'Recommendation rules, newest start first (page 100)',
  roles: RECS,
  query: z.strictObject({ siteId, ...paging(100) }),
  response: page(recsRule),
});

export const filterRecsRulesRoute = defineRoute({
  ...call,
  method: 'POST',
  path: '/merchandising/recs/filter',
  reads: true,
  summary: 'Recommendation rules by products, regions, categories, placements or text',
  roles: RECS,
  query: z.strictObject({ siteId, ...paging(100) }),
  body: recsRuleFilter,
  response: page(recsRule),
});

export const recsRulesContextRoute = defineRoute({
  ...call,
  method: 'GET',
  path: '/merchandising/recs/context',
  summary: 'The choices of the recommendation rule form',
  roles: RECS,
  query: siteQuery,
  response: recsRuleContext,
});

export const getRecsRuleRoute = defineRoute({
  ...call,
  method: 'GET',
  path: '/merchandising/recs/:id',
  summary: 'One recommendation rule',
  roles: RECS,
  params: z.strictObject({ id }),
  query: siteQuery,
  response: recsRule,
});

export const createRecsRuleRoute = defineRoute({
  ...call,
  method: 'POST',
  path: '/merchandising/recs',
  summary: 'Create a recommendation rule',
  roles: RECS,
  query: siteQuery,
  body: recsRuleInput,
  response: recsRule,
});

export const updateRecsRuleRoute = defineRoute({
  ...call,
  method: 'PUT',
  path: '/merchandising/recs',
  summary: 'Update a recommendation rule',
  roles: RECS,
  query: siteQuery,
  body: z.intersection(z.object({ id: z.number().int().positive() }), recsRuleInput),
  response: recsRule,
});

export const deleteRecsRuleRoute = defineRoute({
  ...call,
  method: 'DELETE',
  path: '/merchandising/recs',
  summary: 'Delete a recommendation rule',
  roles: RECS,
  query: z.strictObject({ siteId, id }),
  response: ok,
});

export const importRecsRulesRoute = defineRoute({
  ...call,
  method: 'POST',
  path: '/merchandising/recs/import',
  summary:
    'Recommendation rules from a file (name, priority, type, startDate, endDate, regions, products, categories, placements, strategies)',
  roles: RECS,
  bodyType: 'multipart',
  query: siteQuery,
  response: uploadReport,
});

export const recsPreviewRoute = defineRoute({
  ...call,
  method: 'GET',
  path: '/merchandising/recs-preview',
  summary: 'A recommendation slot with the live rules and without them',
  roles: RECS,
  query: z.strictObject({
    siteId,
    strategy: recommendationStrategy.default('popular'),
    placement: z.string().trim().max(64).optional(),
    productId: z.string().trim().max(200).optional(),
    regionId: z.string().trim().max(200).default('global'),
    size: z.coerce.number().int().min(1).max(60).default(12),
  }),
  response: recsPreview,
});

// ---- Custom models -----------------------------------------------------------------------

export const listCustomModelsRoute = defineRoute({
  ...call,
  method: 'GET',
  path: '/custom/model',
  summary: "The site's custom models with their query lists",
  roles: MODELS,
  query: siteQuery,
  response: z.array(customModel),
});

export const createCustomModelRoute = defineRoute({
  ...call,
  method: 'POST',
  path: '/custom/model',
  summary: 'Create a custom model',
  roles: MODELS,
  query: siteQuery,
  body: customModelInput,
  response: customModel,
});

export const updateCustomModelRoute = defineRoute({
  ...call,
  method: 'PUT',
  path: '/custom/model',
  summary: 'Rename or switch a custom model',
  roles: MODELS,
  query: siteQuery,
  body: customModelInput.extend({ id: z.number().int().positive() }),
  response: customModel,
});

export const deleteCustomModelRoute = defineRoute({
  ...call,
  method: 'DELETE',
  path: '/custom/model',
  summary: 'Delete a custom model',
  roles: MODELS,
  query: z.strictObject({ siteId, id }),
  response: ok,
});

export const uploadCustomModelRoute = defineRoute({
  ...call,
  method: 'POST',
  path: '/custom/model/upload',
  summary:
    'Query → product lists into a model (form: file, modelId; columns query, productId, position)',
  roles: MODELS,
  bodyType: 'multipart',
  query: siteQuery,
  response: uploadReport,
});

export const deleteCustomModelQueryRoute = defineRoute({
  ...call,
  method: 'DELETE',
  path: '/custom/model/query',
  summary: "Delete a query's list from a model",
  roles: MODELS,
  query: z.strictObject({ siteId, modelId: id, query: z.string().trim().min(1).max(300) }),
  response: ok,
});

export const deleteCustomModelProductRoute = defineRoute({
  ...call,
  method: 'DELETE',
  path: '/custom/model/product',
  summary: "Delete a product from a model (from one query's list, or from all)",
  roles: MODELS,
  query: z.strictObject({
    siteId,
    modelId: id,
    productId: z.string().trim().min(1).max(300),
    query: z.string().trim().min(1).max(300).optional(),
  }),
  response: ok,
});
