import cronParser from 'cron-parser';
import { and, asc, eq, lte } from 'drizzle-orm';
import type { Db, Tx } from '../db/client.ts';
import { jobSchedules } from '../db/schema.ts';
import { HttpError } from '../http/http-error.ts';
import type { JobRow } from './repository.ts';

/**
 * Per-site recurring jobs (DESIGN.md "server/jobs/ schedules", now server/platform/jobs/). Schedules live in
 * `job_schedules` (one per site and kind, surviving restarts); pg-boss's cron fires the tick queue
 * once a minute across all processes (its cron runs on PGlite and PostgreSQL alike), and the tick
 * launches every due schedule's job in one transaction, claimed with SKIP LOCKED. Runs missed
 * while the server was down coalesce into one; a run whose job is still going (409) is skipped.
 */
export const SCHEDULE_TICK_QUEUE = 'job-schedules-tick';
/** The tick's cron: every minute (schedules have minute precision). */
export const SCHEDULE_TICK_CRON = '* * * * *';

export type ScheduleRow = typeof jobSchedules.$inferSelect;

/** The first run of a cron expression after `after`; a 400 for an invalid expression or zone. */
export function nextRun(cron: string, timeZone: string, after: Date): Date {
  if (cron.trim().split(/\s+/).length !== 5)
    throw new HttpError(400, `"${cron}" is not a cron expression of five fields`);
  try {
    return cronParser.parseExpression(cron, { tz: timeZone, currentDate: after }).next().toDate();
  } catch (error) {
    throw new HttpError(
      400,
      `Invalid schedule "${cron}" (${timeZone}): ${(error as Error).message}`,
    );
  }
}

export interface ScheduleLauncher {
  enqueue(
    tx: Db | Tx,
    entry: { siteId: number; kind: string; payload?: unknown; createdBy: string },
  ): Promise<JobRow>;
  dispatch(job: JobRow): Promise<void>;
}

export function createSchedules(db: Db, launcher: ScheduleLauncher, kinds: readonly string[]) {
  return {
    /** Creates or replaces the site's schedule of a kind (in the caller's transaction if given). */
    async upsert(
      entry: {
        siteId: number;
        kind: string;
        cron: string;
        timeZone?: string;
        payload?: unknown;
        enabled?: boolean;
        createdBy: string;
      },
      tx: Db | Tx = db,
    ): Promise<ScheduleRow> {
      if (!kinds.includes(entry.kind)) throw new HttpError(400, `Unknown job kind ${entry.kind}`);
      const timeZone = entry.timeZone ?? 'UTC';
      const now = new Date();
      const fields = {
        cron: entry.cron.trim(),
        timeZone,
        payload: entry.payload ?? null,
        enabled: entry.enabled ?? true,
        nextRunAt: nextRun(entry.cron, timeZone, now),
        createdBy: entry.createdBy,
        updatedAt: now,
      };
      const [row] = await tx
        .insert(jobSchedules)
        .values({ siteId: entry.siteId, kind: entry.kind, ...fields })
        .onConflictDoUpdate({ target: [jobSchedules.siteId, jobSchedules.kind], set: fields })
        .returning();
      return row!;
    },

    async remove(siteId: number, kind: string, tx: Db | Tx = db): Promise<boolean> {
      const removed = await tx
        .delete(jobSchedules)
        .where(and(eq(jobSchedules.siteId, siteId), eq(jobSchedules.kind, kind)))
        .returning({ id: jobSchedules.id });
      return removed.length > 0;
    },

    list(siteId: number, tx: Db | Tx = db): Promise<ScheduleRow[]> {
      return tx
        .select()
        .from(jobSchedules)
        .where(eq(jobSchedules.siteId, siteId))
        .orderBy(asc(jobSchedules.kind));
    },

    /** Launches the jobs of every schedule due at `now`; advances each to its next run. */
    async tick(now: Date = new Date()): Promise<{ launched: JobRow[]; skipped: number }> {
      const launched: JobRow[] = [];
      let skipped = 0;
      await db.transaction(async (tx) => {
        const due = await tx
          .select()
          .from(jobSchedules)
          .where(and(eq(jobSchedules.enabled, true), lte(jobSchedules.nextRunAt, now)))
          .for('update', { skipLocked: true });
        for (const schedule of due) {
          let job: JobRow | null = null;
          try {
            job = await launcher.enqueue(tx, {
              siteId: schedule.siteId,
              kind: schedule.kind,
              payload: schedule.payload,
              createdBy: schedule.createdBy,
            });
            launched.push(job);
          } catch (error) {
            if (!(error instanceof HttpError && error.status === 409)) throw error;
            skipped += 1;
          }
          let next: Date;
          try {
            next = nextRun(schedule.cron, schedule.timeZone, now);
          } catch {
            next = new Date(now.getTime() + 24 * 3600_000);
          }
          await tx
            .update(jobSchedules)
            .set({
              lastRunAt: now,
              nextRunAt: next,
              lastJobId: job?.id ?? schedule.lastJobId,
              updatedAt: now,
            })
            .where(eq(jobSchedules.id, schedule.id));
        }
      });
      for (const job of launched) await launcher.dispatch(job);
      return { launched, skipped };
    },
  };
}

export type Schedules = ReturnType<typeof createSchedules>;
