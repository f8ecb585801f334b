import type { FastifyInstance } from 'fastify';
import { and, eq } from 'drizzle-orm';
import { confirmFeedRoute } from '#contract/routes/catalog.ts';
import { applyImport } from '../catalog/yml-import.ts';
import { catalogImports } from '../db/schema.ts';
import { HttpError, notFound } from '../lib/http-error.ts';
import { registerRoute } from '../lib/register-route.ts';
import { recordAudit } from '../repositories/audit.ts';

export async function catalogRoutes(app: FastifyInstance) {
  registerRoute(app, confirmFeedRoute, async ({ params, query, user }) => {
    const { db } = app.database;
    const [held] = await db
      .select()
      .from(catalogImports)
      .where(and(eq(catalogImports.siteId, params.id), eq(catalogImports.jobId, query.jobId)));
    if (!held) throw notFound('Held import');
    if (held.state !== 'held')
      throw new HttpError(
        409,
        `The import of job ${query.jobId} is not waiting for a confirmation`,
      );
    await applyImport(db, params.id, held.id, (tx) =>
      recordAudit(tx, {
        actor: user.login,
        action: 'confirm-feed',
        entity: 'site',
        entityId: params.id,
        after: { jobId: query.jobId, offers: held.offers },
      }),
    );
    return { ok: true as const, offers: held.offers };
  });
}
