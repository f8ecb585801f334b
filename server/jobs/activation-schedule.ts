import type { FastifyInstance } from 'fastify';
import type { Site } from '#contract/entities/site.ts';
import { FEED_JOB_KINDS } from '#contract/entities/feeds.ts';
import type { Tx } from '../db/client.ts';
import { hoursCron } from '../feeds/jobs.ts';
import { createFeedStore } from '../feeds/store.ts';

/**
 * "Activating creates and schedules a feed update job" (spec part 1 §2). The schedule follows the
 * site's YML feed settings, as a save on the feed loader does (server/feeds/jobs.ts syncSchedule):
 * the settings are switched to `scheduled` at their interval (24 h by default: the integration
 * recommendation of part 2 §5) and the `feed-update` schedule set from it, in the activation's
 * transaction. An existing schedule (a re-activation) is kept as the operator left it.
 */
export async function scheduleFeedUpdate(
  app: FastifyInstance,
  tx: Tx,
  site: Pick<Site, 'siteId' | 'timeZone'>,
  actor: string,
): Promise<void> {
  const kind = FEED_JOB_KINDS.load;
  const existing = await app.jobs.schedules.list(site.siteId, tx);
  if (existing.some((schedule) => schedule.kind === kind)) return;
  const store = createFeedStore(app.database.db);
  const yml = await store.settings(site.siteId, 'YML', tx);
  if (!yml.scheduled)
    await store.saveSettings(tx, site.siteId, 'YML', { ...yml, scheduled: true }, actor);
  await app.jobs.schedules.upsert(
    {
      siteId: site.siteId,
      kind,
      cron: hoursCron(yml.updateIntervalHours),
      timeZone: 'UTC',
      payload: { scheduled: true },
      createdBy: actor,
    },
    tx,
  );
}
