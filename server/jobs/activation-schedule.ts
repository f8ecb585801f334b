import type { FastifyInstance } from 'fastify';
import type { Site } from '#contract/entities/site.ts';
import type { Tx } from '../db/client.ts';
import { recordAudit } from '../repositories/audit.ts';

/**
 * The feed update schedule an activated site gets when it has none: every 4 hours in the site's
 * time zone, the upper end of the production interval of spec part 2 §5 ("production 2 to 4
 * recommended"). An existing schedule (a re-activation) is kept as the operator left it.
 */
export const ACTIVATION_FEED_CRON = '0 */4 * * *';

export async function scheduleFeedUpdate(
  app: FastifyInstance,
  tx: Tx,
  site: Pick<Site, 'siteId' | 'timeZone'>,
  actor: string,
): Promise<void> {
  const existing = await app.jobs.schedules.list(site.siteId, tx);
  if (existing.some((schedule) => schedule.kind === 'feed-update')) return;
  const saved = await app.jobs.schedules.upsert(
    {
      siteId: site.siteId,
      kind: 'feed-update',
      cron: ACTIVATION_FEED_CRON,
      timeZone: site.timeZone,
      createdBy: actor,
    },
    tx,
  );
  await recordAudit(tx, {
    actor,
    action: 'create',
    entity: 'job-schedule',
    entityId: `${site.siteId}:feed-update`,
    after: { cron: saved.cron, timeZone: saved.timeZone, enabled: saved.enabled },
  });
}
