import type { FastifyInstance } from 'fastify';
import { confirmFeedRoute } from '#contract/routes/catalog.ts';
import { applyImport, findJobImport } from '../feeds/intake/yml-store.ts';
import { HttpError, notFound } from '../platform/http/http-error.ts';
import { registerRoute } from '../platform/http/register-route.ts';
import { recordAudit } from '../platform/audit/repository.ts';

export async function catalogRoutes(app: FastifyInstance) {
  registerRoute(app, confirmFeedRoute, async ({ params, query, user }) => {
    const { db } = app.database;
    const held = await findJobImport(db, params.id, query.jobId);
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
