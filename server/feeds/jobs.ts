import { and, desc, eq, inArray } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import {
  DELTA_INTERVAL_MINUTES,
  FEED_JOB_KINDS,
  UPDATE_INTERVAL_HOURS,
  type FeedJobKind,
} from '#contract/entities/feeds.ts';
import type { Job } from '#contract/entities/job.ts';
import { jobs } from '../platform/db/schema.ts';
import { conflict } from '../platform/http/http-error.ts';
import { recordAudit } from '../platform/audit/repository.ts';
import { toJob } from '../platform/jobs/repository.ts';

export const FEED_KINDS: readonly FeedJobKind[] = Object.values(FEED_JOB_KINDS);

/** Starts a feed job of the site (409 while one of its kind runs), audited. */
export async function startFeedJob(
  app: FastifyInstance,
  entry: { siteId: number; kind: FeedJobKind; payload?: unknown; actor: string },
): Promise<Job> {
  const job = await app.database.db.transaction(async (tx) => {
    const row = await app.jobs.enqueue(tx, {
      siteId: entry.siteId,
      kind: entry.kind,
      payload: entry.payload ?? null,
      createdBy: entry.actor,
    });
    await recordAudit(tx, {
      actor: entry.actor,
      action: 'start-job',
      entity: 'job',
      entityId: row.id,
      after: { siteId: entry.siteId, kind: entry.kind, payload: entry.payload ?? null },
    });
    return row;
  });
  await app.jobs.dispatch(job);
  return toJob(job);
}

/** The site's latest job of a kind, or null. */
export async function latestFeedJob(
  app: FastifyInstance,
  siteId: number,
  kind: FeedJobKind,
): Promise<Job | null> {
  const [row] = await app.database.db
    .select()
    .from(jobs)
    .where(and(eq(jobs.siteId, siteId), eq(jobs.kind, kind)))
    .orderBy(desc(jobs.createdAt))
    .limit(1);
  return row ? toJob(row) : null;
}

/** Cancels the site's queued or running job of a kind; 409 when there is none. */
export async function cancelFeedJob(
  app: FastifyInstance,
  siteId: number,
  kind: FeedJobKind,
  actor: string,
): Promise<Job> {
  const [active] = await app.database.db
    .select()
    .from(jobs)
    .where(
      and(eq(jobs.siteId, siteId), eq(jobs.kind, kind), inArray(jobs.state, ['queued', 'running'])),
    );
  const cancelled = active ? await app.jobs.cancel(active.id, actor) : undefined;
  if (!active || !cancelled) throw conflict(`No ${kind} job is running for this site`);
  await recordAudit(app.database.db, {
    actor,
    action: 'cancel-job',
    entity: 'job',
    entityId: active.id,
    before: { kind, state: active.state, siteId },
    after: { state: 'cancelled' },
  });
  return toJob(cancelled);
}

/** The cron of "every N hours" (N ≤ 24: at minute 0 every N hours; above: every N/24 days). */
export function hoursCron(hours: number): string {
  const h = Math.max(UPDATE_INTERVAL_HOURS.min, Math.min(UPDATE_INTERVAL_HOURS.max, hours));
  if (h < 24) return `0 */${h} * * *`;
  return `0 0 */${Math.max(1, Math.round(h / 24))} * *`;
}

/** The cron of "every M minutes" (M < 60: a minute step; above: whole hours, rounded). */
export function minutesCron(minutes: number): string {
  const m = Math.max(DELTA_INTERVAL_MINUTES.min, Math.min(DELTA_INTERVAL_MINUTES.max, minutes));
  if (m < 60) return `*/${m} * * * *`;
  return hoursCron(Math.round(m / 60));
}

/** Keeps the site's recurring schedule of a kind in step with its settings (server/platform/jobs/schedules.ts). */
export async function syncSchedule(
  app: FastifyInstance,
  entry: { siteId: number; kind: FeedJobKind; cron: string | null; actor: string },
): Promise<void> {
  if (entry.cron === null) {
    await app.jobs.schedules.remove(entry.siteId, entry.kind);
    return;
  }
  await app.jobs.schedules.upsert({
    siteId: entry.siteId,
    kind: entry.kind,
    cron: entry.cron,
    timeZone: 'UTC',
    payload: { scheduled: true },
    createdBy: entry.actor,
  });
}
