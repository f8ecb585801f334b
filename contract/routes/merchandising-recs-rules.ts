/** Recommendation rules: list, filter, edit, import, and the recommendations preview. */
import * as z from 'zod';
import { defineRoute } from '../route.ts';
import {
  page,
  recsPreview,
  recsRule,
  recsRuleContext,
  recsRuleFilter,
  recsRuleInput,
} from '../entities/merchandising.ts';
import { uploadReport } from '../entities/upload.ts';
import { recommendationStrategy } from '../public/recommendations.ts';
import { ok } from './auth.ts';
import { call, id, paging, RECS, siteId, siteQuery } from './merchandising-shared.ts';

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
