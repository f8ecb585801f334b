import type { FastifyInstance } from 'fastify';
import {
  createAlternativeAttributeRoute,
  deleteAlternativeAttributeRoute,
  getAlternativeAttributeRoute,
  getDolyameAppRoute,
  getDolyameWidgetRoute,
  listAlternativeAttributesRoute,
  saveDolyameAppRoute,
  saveDolyameWidgetRoute,
  updateAlternativeAttributeRoute,
} from '#contract/routes/dolyame.ts';
import { registerRoute } from '../../platform/http/register-route.ts';
import { createDolyameRepository } from '../../integrations/dolyame.ts';

/** The Dolyame instalment calls (spec part 2 §7 "Instalment"), every write audited. */
export async function dolyameRoutes(app: FastifyInstance) {
  const dolyame = createDolyameRepository(app.database.db);

  registerRoute(app, getDolyameAppRoute, ({ site }) => dolyame.getApp(site));
  registerRoute(app, saveDolyameAppRoute, ({ site, body, user }) =>
    dolyame.saveApp(site, body, user.login),
  );
  registerRoute(app, getDolyameWidgetRoute, ({ site }) => dolyame.getWidget(site.siteId));
  registerRoute(app, saveDolyameWidgetRoute, ({ site, body, user }) =>
    dolyame.saveWidget(site.siteId, body, user.login),
  );

  registerRoute(app, listAlternativeAttributesRoute, ({ site }) =>
    dolyame.listAttributes(site.siteId),
  );
  registerRoute(app, getAlternativeAttributeRoute, ({ site, query }) =>
    dolyame.getAttribute(site.siteId, query.id),
  );
  registerRoute(app, createAlternativeAttributeRoute, ({ site, body, user }) =>
    dolyame.saveAttribute(site.siteId, body, user.login),
  );
  registerRoute(app, updateAlternativeAttributeRoute, ({ site, body, user }) =>
    dolyame.saveAttribute(site.siteId, body, user.login),
  );
  registerRoute(app, deleteAlternativeAttributeRoute, async ({ site, query, user }) => {
    await dolyame.deleteAttribute(site.siteId, query.id, user.login);
    return { ok: true as const };
  });
}
