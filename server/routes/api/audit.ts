import type { FastifyInstance } from 'fastify';
import { auditFacetsRoute, listAuditRoute, restoreAuditRoute } from '#contract/routes/audit.ts';
import { registerRoute } from '../../platform/http/register-route.ts';
import { auditFacets, listAudit, toAuditEntry } from '../../audit/list.ts';
import { restoreFromAudit } from '../../audit/restore.ts';

/** The audit log screen's calls (administrators). */
export async function auditRoutes(app: FastifyInstance) {
  const db = app.database.db;
  registerRoute(app, listAuditRoute, ({ query }) => listAudit(db, query));
  registerRoute(app, auditFacetsRoute, () => auditFacets(db));
  registerRoute(app, restoreAuditRoute, async ({ params, user }) =>
    toAuditEntry(await restoreFromAudit(db, params.id, user.login)),
  );
}
