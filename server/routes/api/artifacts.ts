import type { FastifyInstance } from 'fastify';
import {
  listArtifactsRoute,
  rollbackArtifactRoute,
  type Artifact,
} from '#contract/routes/configs.ts';
import { CONFIG_ROLES, configKind } from '#contract/entities/config.ts';
import { hasAccess } from '#contract/roles.ts';
import { forbidden, notFound } from '../../platform/http/http-error.ts';
import { registerRoute } from '../../platform/http/register-route.ts';
import type { ArtifactHistoryEntry } from '../../publishing/artifacts-repository.ts';

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
    environment: entry.builtFor === 'production' ? 'PROD' : 'QA',
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
    const target = await artifacts.get(params.id, params.artifactId);
    if (!target) throw notFound(`Artifact ${params.artifactId} of site ${params.id}`);
    // the route admits any generate role; rolling back re-publishes every config in the bundle
    const kinds = new Set(target.manifest.configs.map((entry) => entry.kind));
    const denied = [...kinds].filter((kind) => {
      const parsed = configKind.safeParse(kind);
      return parsed.success && !hasAccess(user.roles, CONFIG_ROLES[parsed.data].generate);
    });
    if (denied.length > 0) {
      throw forbidden(
        `Your roles do not allow you to put the ${denied.join(', ')} configs of this bundle into production`,
      );
    }
    await artifacts.rollback(params.id, params.artifactId, user.login);
    const entry = (await artifacts.list(params.id)).find((a) => a.id === params.artifactId);
    if (!entry) throw notFound(`Artifact ${params.artifactId}`);
    return toArtifact(params.id, entry);
  });
}
