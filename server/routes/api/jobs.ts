import type { FastifyInstance } from 'fastify';
import { hasAccess } from '#contract/roles.ts';
import { cancelJobRoute, jobStartRoles } from '#contract/routes/jobs.ts';
import { conflict, forbidden, notFound } from '../../platform/http/http-error.ts';
import { registerRoute } from '../../platform/http/register-route.ts';
import { recordAudit } from '../../platform/audit/repository.ts';
import { toJob } from '../../platform/jobs/repository.ts';

export async function jobRoutes(app: FastifyInstance) {
  /** Cancels a job: the roles that start its kind; the handler stops through its AbortSignal. */
  registerRoute(app, cancelJobRoute, async ({ params, user }) => {
    const row = await app.jobs.get(params.jobId);
    if (!row || row.siteId !== params.id) throw notFound('Job');
    if (!hasAccess(user.roles, jobStartRoles(row.kind, row.payload)))
      throw forbidden(`You may not cancel ${row.kind} jobs`);
    const cancelled = await app.jobs.cancel(row.id, user.login);
    if (!cancelled) throw conflict(`The job has already finished (${row.state})`);
    await recordAudit(app.database.db, {
      actor: user.login,
      action: 'cancel-job',
      entity: 'job',
      entityId: row.id,
      before: { kind: row.kind, state: row.state, siteId: row.siteId },
      after: { state: 'cancelled' },
    });
    return toJob(cancelled);
  });
}
