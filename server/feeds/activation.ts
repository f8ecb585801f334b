import type { FastifyInstance } from 'fastify';
import { FEED_JOB_KINDS } from '#contract/entities/feeds.ts';
import { hoursCron, syncSchedule } from './jobs.ts';
import { createFeedStore } from './store.ts';

/**
 * Activation "creates and schedules the feed job" (part 1 §2): the feed-update job is queued by
 * the activation itself; this turns the YML settings' schedule on and keeps the site's recurring
 * schedule at its update interval. Deactivation removes the feed schedules (the site's jobs and
 * catalog go with it), so nothing imports into a deactivated site.
 */
export async function scheduleFeedsOnActivation(
  app: FastifyInstance,
  siteId: number,
  enabled: boolean,
  actor: string,
): Promise<void> {
  const store = createFeedStore(app.database.db);
  const yml = await store.settings(siteId, 'YML');
  if (yml.scheduled !== enabled)
    await app.database.db.transaction((tx) =>
      store.saveSettings(tx, siteId, 'YML', { ...yml, scheduled: enabled }, actor),
    );
  await syncSchedule(app, {
    siteId,
    kind: FEED_JOB_KINDS.load,
    cron: enabled ? hoursCron(yml.updateIntervalHours) : null,
    actor,
  });
  if (!enabled) {
    const delta = await store.settings(siteId, 'DELTA');
    if (delta.scheduled)
      await app.database.db.transaction((tx) =>
        store.saveSettings(tx, siteId, 'DELTA', { ...delta, scheduled: false }, actor),
      );
    await syncSchedule(app, { siteId, kind: FEED_JOB_KINDS.delta, cron: null, actor });
  }
}
