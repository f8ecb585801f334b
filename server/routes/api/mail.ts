import type { FastifyInstance } from 'fastify';
import {
  addMonitoringEmailRoute,
  deleteMonitoringEmailRoute,
  listMonitoringEmailsRoute,
  outboxRoute,
} from '#contract/routes/mail.ts';
import { notFound } from '../../platform/http/http-error.ts';
import { registerRoute } from '../../platform/http/register-route.ts';
import { createMonitoringRepository } from '../../feeds/monitoring.ts';
import { listOutbox } from '../../platform/mail/outbox.ts';

export async function mailRoutes(app: FastifyInstance) {
  const monitoring = createMonitoringRepository(app.database.db);

  registerRoute(app, listMonitoringEmailsRoute, ({ site }) => monitoring.list(site.siteId));

  registerRoute(app, addMonitoringEmailRoute, ({ site, body, user }) =>
    monitoring.add(site.siteId, body.email, user.login),
  );

  registerRoute(app, deleteMonitoringEmailRoute, async ({ site, query, user }) => {
    if (!(await monitoring.remove(site.siteId, query.id, user.login))) throw notFound('Subscriber');
    return { ok: true as const };
  });

  registerRoute(app, outboxRoute, async ({ site, query }) => ({
    smtpConfigured: app.mailer.configured,
    messages: await listOutbox(app.database.db, site.siteId, query.limit),
  }));
}
