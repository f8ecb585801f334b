/**
 * Preview, generate and deploy (jobs; DESIGN.md "Config lifecycle"), their status, and the
 * generated bundles with the rollback to an earlier one.
 */
import * as z from 'zod';
import { defineRoute } from '../route.ts';
import { job } from '../entities/job.ts';
import { configKind, deployKind, environment, singleConfigKind } from '../entities/config.ts';
import { generateRoles, previewRoles, siteParams, siteQuery, viewRoles } from './configs-shared.ts';

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
  /** What it was built for: PROD builds may be rolled back to, QA (preview) builds not. */
  environment,
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
