import * as z from 'zod';
import { defineRoute } from '../route.ts';
import { REVIEWS_READ_ROLES, REVIEWS_WRITE_ROLES } from '../call-roles.ts';
import { uploadReport } from '../entities/upload.ts';
import { neurocard, neurocardRow, reviewList } from '../entities/reviews.ts';

/**
 * Reviews and neurocards (spec part 2 §7 "Reviews"). Spec §6 names no role for this area: site
 * viewers read, site editors (ROLE_SITE_CONFIG) upload and delete. Uploads are multipart
 * (server/uploads): CSV, XLSX or JSON, answered with the per-row report.
 */

const siteQuery = z.strictObject({ siteId: z.coerce.number().int().positive() });

export const listReviewsRoute = defineRoute({
  method: 'GET',
  path: '/reviews',
  summary: "The site's product reviews, by externalId (search by the start of an id)",
  auth: true,
  roles: REVIEWS_READ_ROLES,
  site: 'query',
  query: siteQuery.extend({
    search: z.string().trim().max(200).optional(),
    limit: z.coerce.number().int().min(1).max(500).default(50),
    offset: z.coerce.number().int().min(0).default(0),
  }),
  response: reviewList,
});

/** Multipart: the file in `file`. POST adds and updates the file's products. */
export const uploadReviewsRoute = defineRoute({
  method: 'POST',
  path: '/reviews',
  summary: 'Upload reviews (CSV, XLSX or JSON): add or update the products in the file',
  auth: true,
  roles: REVIEWS_WRITE_ROLES,
  site: 'query',
  query: siteQuery,
  bodyType: 'multipart',
  response: uploadReport,
});

/** Multipart: PUT replaces every review of the site with the file's. */
export const replaceReviewsRoute = defineRoute({
  method: 'PUT',
  path: '/reviews',
  summary: "Upload reviews replacing all of the site's reviews",
  auth: true,
  roles: REVIEWS_WRITE_ROLES,
  site: 'query',
  query: siteQuery,
  bodyType: 'multipart',
  response: uploadReport,
});

export const deleteReviewsRoute = defineRoute({
  method: 'DELETE',
  path: '/reviews',
  summary: "Delete a product's reviews by its externalId (several: repeated or comma-separated)",
  auth: true,
  roles: REVIEWS_WRITE_ROLES,
  site: 'query',
  query: siteQuery.extend({
    externalId: z
      .union([z.string(), z.array(z.string())])
      .transform((value) =>
        [
          ...new Set((Array.isArray(value) ? value : value.split(',')).map((id) => id.trim())),
        ].filter(Boolean),
      )
      .pipe(z.array(z.string().max(200)).min(1).max(500)),
  }),
  response: z.object({ deleted: z.number().int(), missing: z.array(z.string()) }),
});

export const queryNeurocardsRoute = defineRoute({
  method: 'POST',
  path: '/llm-store/query',
  reads: true,
  summary: 'Neurocards by key',
  auth: true,
  roles: REVIEWS_READ_ROLES,
  site: 'query',
  query: siteQuery,
  body: z.strictObject({
    queries: z.array(z.strictObject({ key: z.string().min(1).max(500) })).max(500),
  }),
  response: z.array(neurocard),
});

export const listNeurocardsRoute = defineRoute({
  method: 'GET',
  path: '/llm-store',
  summary: "The site's neurocards, newest first (search by the start of a key)",
  auth: true,
  roles: REVIEWS_READ_ROLES,
  site: 'query',
  query: siteQuery.extend({
    search: z.string().trim().max(200).optional(),
    limit: z.coerce.number().int().min(1).max(500).default(50),
  }),
  response: z.object({ total: z.number().int(), items: z.array(neurocard) }),
});

export const batchNeurocardsRoute = defineRoute({
  method: 'POST',
  path: '/llm-store/batch',
  summary: 'Write neurocards (key → value), replacing the values of existing keys',
  auth: true,
  roles: REVIEWS_WRITE_ROLES,
  site: 'query',
  query: siteQuery,
  body: z.strictObject({ items: z.array(neurocardRow).min(1).max(1000) }),
  response: z.object({ written: z.number().int() }),
});

/** Multipart upload of neurocards (columns key, value). */
export const uploadNeurocardsRoute = defineRoute({
  method: 'POST',
  path: '/llm-store/upload',
  summary: 'Upload neurocards from a file (CSV, XLSX or JSON: key, value)',
  auth: true,
  roles: REVIEWS_WRITE_ROLES,
  site: 'query',
  query: siteQuery,
  bodyType: 'multipart',
  response: uploadReport,
});

export const deleteNeurocardsRoute = defineRoute({
  method: 'DELETE',
  path: '/llm-store',
  summary: 'Delete neurocards by key',
  auth: true,
  roles: REVIEWS_WRITE_ROLES,
  site: 'query',
  query: siteQuery,
  body: z.strictObject({ keys: z.array(z.string().min(1).max(500)).min(1).max(1000) }),
  response: z.object({ deleted: z.number().int(), missing: z.array(z.string()) }),
});
