import type { FastifyInstance } from 'fastify';
import {
  cancelScheduledPromotionRoute,
  getRolloutSettingsRoute,
  listRolloutWatchesRoute,
  listScheduledPromotionsRoute,
  saveRolloutSettingsRoute,
  schedulePromotionRoute,
} from '#contract/routes/rollout.ts';
import { registerRoute } from '../../platform/http/register-route.ts';
import { readRolloutSettings, saveRolloutSettings } from '../../publishing/rollout/settings.ts';
import { listRolloutWatches } from '../../publishing/rollout/watch.ts';
import { assertConfigRole } from '../../configs/roles.ts';

/** Scheduled promotion and the automatic rollback. */
export async function rolloutRoutes(app: FastifyInstance) {
  const db = app.database.db;
  const scheduled = app.rollout.scheduled;

  registerRoute(app, listScheduledPromotionsRoute, ({ site }) => scheduled.list(site.siteId));

  registerRoute(app, schedulePromotionRoute, async ({ site, body, user, reply }) => {
    assertConfigRole(user, body.kind, 'generate');
    reply.status(201);
    return scheduled.schedule(site.siteId, body, user.login);
  });

  registerRoute(app, cancelScheduledPromotionRoute, async ({ site, params, user }) => {
    const [row] = (await scheduled.list(site.siteId)).filter((p) => p.id === params.promotionId);
    if (row) assertConfigRole(user, row.kind, 'generate');
    return scheduled.cancel(site.siteId, params.promotionId, user.login);
  });

  registerRoute(app, getRolloutSettingsRoute, ({ site }) => readRolloutSettings(db, site.siteId));

  registerRoute(app, saveRolloutSettingsRoute, ({ site, body, user }) =>
    saveRolloutSettings(db, site.siteId, body, user.login),
  );

  registerRoute(app, listRolloutWatchesRoute, ({ site, query }) =>
    listRolloutWatches(db, site.siteId, query.limit),
  );
}
