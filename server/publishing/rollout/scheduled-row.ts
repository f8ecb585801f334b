/** A scheduled promotion's row as the console reads it. */
import type { ConfigKind } from '#contract/entities/config.ts';
import type { ScheduledPromotion, ScheduleFailure } from '#contract/entities/rollout.ts';
import type { scheduledPromotions } from '../../platform/db/schema.ts';

/** Who fires a scheduled promotion in the audit log (the job itself runs as its author). */
export const SCHEDULER_ACTOR = 'system:scheduler';

export type Row = typeof scheduledPromotions.$inferSelect;

export function toScheduledPromotion(row: Row): ScheduledPromotion {
  return {
    id: row.id,
    siteId: row.siteId,
    kind: row.kind as ConfigKind,
    key: row.key,
    action: row.action,
    sourceVersionId: row.sourceVersionId,
    runAt: row.runAt.toISOString(),
    state: row.state,
    jobId: row.jobId,
    error: row.error,
    errorCode: (row.errorCode as ScheduleFailure | null) ?? null,
    createdBy: row.createdBy,
    createdAt: row.createdAt.toISOString(),
    finishedAt: row.finishedAt?.toISOString() ?? null,
    cancelledBy: row.cancelledBy,
  };
}
