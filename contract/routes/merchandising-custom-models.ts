/** Custom models: per-query product lists, edited and uploaded. */
import * as z from 'zod';
import { defineRoute } from '../route.ts';
import { customModel, customModelInput } from '../entities/merchandising.ts';
import { uploadReport } from '../entities/upload.ts';
import { ok } from './auth.ts';
import { call, id, MODELS, siteId, siteQuery } from './merchandising-shared.ts';

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
