import type { FastifyInstance } from 'fastify';
import {
  listArtifactsRoute,
  rollbackArtifactRoute,
  type Artifact,
} from '#contract/routes/configs.ts';
import { notFound } from '../../lib/http-error.ts';
import { registerRoute } from '../../lib/register-route.ts';
import type { ArtifactHistoryEntry } from '../../repositories/artifacts.ts';

function toArtifact(siteId: number, entry: ArtifactHistoryEntry): Artifact {
  const base = `/cdn/${siteId}/${entry.hash}`;
  return {
    id: entry.id,
    hash: entry.hash,
    createdAt: entry.createdAt,
    createdBy: entry.createdBy,
    manifest: entry.manifest as unknown as Record<string, unknown>,
    jsBytes: entry.manifest.sizes.js,
    cssBytes: entry.manifest.sizes.css,
    production: entry.production,
    preview: entry.preview,
    jsUrl: `${base}.js`,
    cssUrl: `${base}.css`,
  };
}

/** The site's generated bundles and rollback (contract/routes/configs.ts "Artifacts and rollback"). */
export async function artifactRoutes(app: FastifyInstance) {
  const { artifacts } = app.repos;

  registerRoute(app, listArtifactsRoute, async ({ params }) =>
    (await artifacts.list(params.id)).map((entry) => toArtifact(params.id, entry)),
  );

  registerRoute(app, rollbackArtifactRoute, async ({ params, user }) => {
    await artifacts.rollback(params.id, params.artifactId, user.login);
    const entry = (await artifacts.list(params.id)).find((a) => a.id === params.artifactId);
    if (!entry) throw notFound(`Artifact ${params.artifactId}`);
    return toArtifact(params.id, entry);
  });
}
