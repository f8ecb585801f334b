import { eq } from 'drizzle-orm';
import { ROLLOUT_DEFAULTS, type RolloutSettings } from '#contract/entities/rollout.ts';
import type { Db, Tx } from '../../platform/db/client.ts';
import { rolloutSettings } from '../../platform/db/schema.ts';
import { recordAudit } from '../../platform/audit/repository.ts';

/** The site's automatic rollback thresholds (the defaults when never saved). */
export async function readRolloutSettings(tx: Db | Tx, siteId: number): Promise<RolloutSettings> {
  const [row] = await tx.select().from(rolloutSettings).where(eq(rolloutSettings.siteId, siteId));
  if (!row) return { ...ROLLOUT_DEFAULTS };
  return {
    enabled: row.enabled,
    windowMinutes: row.windowMinutes,
    maxWidgetErrors: row.maxWidgetErrors,
    searchDropPercent: row.searchDropPercent,
    ctrDropPercent: row.ctrDropPercent,
    minBaselineSearches: row.minBaselineSearches,
    maxErrorRatePercent: row.maxErrorRatePercent,
    minViews: row.minViews,
    minErrorSources: row.minErrorSources,
  };
}

export function saveRolloutSettings(
  db: Db,
  siteId: number,
  settings: RolloutSettings,
  actor: string,
): Promise<RolloutSettings> {
  return db.transaction(async (tx) => {
    const before = await readRolloutSettings(tx, siteId);
    const values = { ...settings, updatedBy: actor, updatedAt: new Date() };
    await tx
      .insert(rolloutSettings)
      .values({ siteId, ...values })
      .onConflictDoUpdate({ target: rolloutSettings.siteId, set: values });
    await recordAudit(tx, {
      actor,
      action: 'update',
      entity: 'rollout-settings',
      entityId: siteId,
      siteId,
      before,
      after: settings,
    });
    return settings;
  });
}
