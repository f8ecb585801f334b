import type { FastifyInstance } from 'fastify';
import { hasAccess } from '#contract/roles.ts';
import {
  deleteScheduleRoute,
  listSchedulesRoute,
  recentJobsRoute,
  scheduleRoles,
  setScheduleRoute,
} from '#contract/routes/schedules.ts';
import { forbidden, HttpError, notFound } from '../../platform/http/http-error.ts';
import { registerRoute } from '../../platform/http/register-route.ts';
import { recordAudit } from '../../platform/audit/repository.ts';
import { toJob } from '../../platform/jobs/repository.ts';
import {
  auditedSchedule,
  recentJobs,
  toSchedule,
} from '../../platform/jobs/schedules-repository.ts';

/** The recurring jobs of a site (server/platform/jobs/schedules.ts) as the console edits them. */
export async function scheduleRoutes(app: FastifyInstance) {
  const { schedules, kinds } = app.jobs;
  const { db } = app.database;

  const checkKind = (kind: string, roles: readonly string[]) => {
    if (!kinds.includes(kind))
      throw new HttpError(400, `Unknown job kind ${kind}`, { kinds: [...kinds] });
    if (!hasAccess(roles, scheduleRoles(kind)))
      throw forbidden(`You may not schedule ${kind} jobs`);
  };

  registerRoute(app, listSchedulesRoute, async ({ site }) =>
    (await schedules.list(site.siteId)).map(toSchedule),
  );

  registerRoute(app, setScheduleRoute, async ({ site, body, user }) => {
    checkKind(body.kind, user.roles);
    const row = await db.transaction(async (tx) => {
      const before = (await schedules.list(site.siteId, tx)).find((s) => s.kind === body.kind);
      const saved = await schedules.upsert(
        {
          siteId: site.siteId,
          kind: body.kind,
          cron: body.cron,
          timeZone: body.timeZone ?? site.timeZone,
          enabled: body.enabled,
          // A replaced schedule keeps what its job is given.
          payload: before?.payload ?? null,
          createdBy: user.login,
        },
        tx,
      );
      await recordAudit(tx, {
        actor: user.login,
        action: before ? 'update' : 'create',
        entity: 'job-schedule',
        entityId: `${site.siteId}:${body.kind}`,
        before: auditedSchedule(before),
        after: auditedSchedule(saved),
      });
      return saved;
    });
    return toSchedule(row);
  });

  registerRoute(app, deleteScheduleRoute, async ({ site, query, user }) => {
    checkKind(query.kind, user.roles);
    await db.transaction(async (tx) => {
      const before = (await schedules.list(site.siteId, tx)).find((s) => s.kind === query.kind);
      if (!before || !(await schedules.remove(site.siteId, query.kind, tx)))
        throw notFound('Schedule');
      await recordAudit(tx, {
        actor: user.login,
        action: 'delete',
        entity: 'job-schedule',
        entityId: `${site.siteId}:${query.kind}`,
        before: auditedSchedule(before),
      });
    });
    return { ok: true as const };
  });

  registerRoute(app, recentJobsRoute, async ({ site, query }) =>
    (await recentJobs(db, site.siteId, query.kind, query.limit)).map(toJob),
  );
}
