import { and, desc, eq, type SQL } from 'drizzle-orm';
import type { JobSchedule } from '#contract/entities/schedule.ts';
import type { Db } from '../db/client.ts';
import { jobs } from '../db/schema.ts';
import type { ScheduleRow } from './schedules.ts';
import type { JobRow } from './repository.ts';

export function toSchedule(row: ScheduleRow): JobSchedule {
  return {
    kind: row.kind,
    cron: row.cron,
    timeZone: row.timeZone,
    enabled: row.enabled,
    nextRunAt: row.nextRunAt.toISOString(),
    lastRunAt: row.lastRunAt?.toISOString() ?? null,
    lastJobId: row.lastJobId,
    createdBy: row.createdBy,
    updatedAt: row.updatedAt.toISOString(),
  };
}

/** What the audit log keeps of a schedule (no timestamps that change on every tick). */
export const auditedSchedule = (row: ScheduleRow | undefined) =>
  row && { cron: row.cron, timeZone: row.timeZone, enabled: row.enabled };

/** The site's latest jobs, newest first (of one kind when given). */
export function recentJobs(
  db: Db,
  siteId: number,
  kind: string | undefined,
  limit: number,
): Promise<JobRow[]> {
  const where: SQL[] = [eq(jobs.siteId, siteId)];
  if (kind) where.push(eq(jobs.kind, kind));
  return db
    .select()
    .from(jobs)
    .where(and(...where))
    .orderBy(desc(jobs.createdAt))
    .limit(limit);
}
