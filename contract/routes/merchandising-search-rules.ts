/** Search rules: boost rules (with their uploads, quick pins and the search preview) and redirect rules. */
import * as z from 'zod';
import { defineRoute } from '../route.ts';
import {
  boostCriteria,
  boostRule,
  boostRuleInput,
  boostType,
  page,
  redirectRule,
  redirectRuleInput,
  searchPreview,
} from '../entities/merchandising.ts';
import { uploadReport } from '../entities/upload.ts';
import { ok } from './auth.ts';
import {
  BOOSTING,
  call,
  id,
  paging,
  REDIRECT,
  siteId,
  siteQuery,
  VIEW,
} from './merchandising-shared.ts';

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
    'Boost rules from a file: by attributes (boostName, query, attributeName, attributeValues, weight) or by products (boostName, query, productId, productIdOrder); the header says which, or `layout`',
  roles: BOOSTING,
  bodyType: 'multipart',
  query: z.strictObject({ siteId, layout: boostUploadLayout.optional() }),
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
