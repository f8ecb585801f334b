import { and, desc, eq, inArray, sql } from 'drizzle-orm';
import type { Job } from '#contract/entities/job.ts';
import type { Db, Tx } from '../db/client.ts';
import { jobs } from '../db/schema.ts';
import { conflict, isUniqueViolation } from '../http/http-error.ts';

export type JobRow = typeof jobs.$inferSelect;

export function toJob(row: JobRow): Job {
  return {
    id: row.id,
    siteId: row.siteId,
    kind: row.kind,
    state: row.state,
    progress: row.progress,
    result: row.result ?? null,
    error: row.error,
    errorCode: row.errorCode,
    createdAt: row.createdAt.toISOString(),
    finishedAt: row.finishedAt?.toISOString() ?? null,
  };
}

/** A site's newest job of one kind, whatever its state; undefined when it never ran. */
export async function latestJob(
  db: Db | Tx,
  siteId: number,
  kind: string,
): Promise<JobRow | undefined> {
  const [row] = await db
    .select()
    .from(jobs)
    .where(and(eq(jobs.siteId, siteId), eq(jobs.kind, kind)))
    .orderBy(desc(jobs.createdAt))
    .limit(1);
  return row;
}

/**
 * Locks a job's row until the caller's transaction ends and answers its state then: work that
 * must not outlive a cancel checks here, first in the transaction that makes it final (a cancel
 * arriving meanwhile waits for the commit).
 */
export async function lockJob(tx: Tx, id: string): Promise<JobRow['state'] | undefined> {
  const [row] = await tx
    .select({ state: jobs.state })
    .from(jobs)
    .where(eq(jobs.id, id))
    .for('update');
  return row?.state;
}

/**
 * Finishes a queued or running job as done inside the caller's transaction, so the job's work
 * and its end commit together: a cancel after the commit finds it done (409), never a cancelled
 * job whose work happened. The runner's own finish then changes nothing.
 */
export async function finishJobWithin(tx: Tx, id: string, result: unknown): Promise<void> {
  await tx
    .update(jobs)
    .set({ state: 'done', progress: 100, result: result ?? null, finishedAt: new Date() })
    .where(and(eq(jobs.id, id), sql`${jobs.state} in ('queued', 'running')`));
}

/** Adds what a cancelled job left undone to its error (`Cancelled by x: <note>`). */
export async function noteCancelled(db: Db | Tx, id: string, note: string): Promise<void> {
  await db
    .update(jobs)
    .set({ error: sql`coalesce(${jobs.error}, 'Cancelled') || ${`: ${note}`}` })
    .where(and(eq(jobs.id, id), eq(jobs.state, 'cancelled')));
}

export function createJobRepository(db: Db) {
  return {
    /**
     * Inserts the job as queued. A second active job of the same kind for the site violates
     * `jobs_one_active_idx`, which becomes a 409. In an outer transaction the savepoint keeps
     * that failure from poisoning it.
     */
    async insert(
      tx: Db | Tx,
      entry: { siteId: number; kind: string; payload?: unknown; createdBy: string },
    ): Promise<JobRow> {
      try {
        const [row] = await tx.transaction((inner) =>
          inner
            .insert(jobs)
            .values({ ...entry, payload: entry.payload ?? null })
            .returning(),
        );
        return row!;
      } catch (error) {
        if (isUniqueViolation(error))
          throw conflict(`A ${entry.kind} job is already running for this site`);
        throw error;
      }
    },

    async get(id: string): Promise<JobRow | undefined> {
      const [row] = await db.select().from(jobs).where(eq(jobs.id, id));
      return row;
    },

    /** Claims a job for running; undefined when it is gone, finished or cancelled. */
    async claim(id: string, owner: string | null = null): Promise<JobRow | undefined> {
      const [row] = await db
        .update(jobs)
        .set({ state: 'running', startedAt: new Date(), owner, heartbeatAt: new Date() })
        .where(and(eq(jobs.id, id), sql`${jobs.state} in ('queued', 'running')`))
        .returning();
      return row;
    },

    async progress(id: string, percent: number): Promise<void> {
      const value = Math.max(0, Math.min(99, Math.round(percent)));
      await db
        .update(jobs)
        .set({ progress: value })
        .where(and(eq(jobs.id, id), eq(jobs.state, 'running')));
    },

    async finish(
      id: string,
      outcome: { result: unknown } | { error: string; errorCode?: string | null },
    ): Promise<void> {
      const fields =
        'error' in outcome
          ? { state: 'failed' as const, error: outcome.error, errorCode: outcome.errorCode ?? null }
          : { state: 'done' as const, progress: 100, result: outcome.result ?? null };
      await db
        .update(jobs)
        .set({ ...fields, finishedAt: new Date() })
        .where(and(eq(jobs.id, id), eq(jobs.state, 'running')));
    },

    /** Cancels a queued or running job; undefined when it had already finished. */
    async cancel(id: string, by: string): Promise<JobRow | undefined> {
      const [row] = await db
        .update(jobs)
        .set({
          state: 'cancelled',
          cancelledBy: by,
          error: `Cancelled by ${by}`,
          errorCode: 'errors:jobs.cancelled',
          finishedAt: new Date(),
        })
        .where(and(eq(jobs.id, id), sql`${jobs.state} in ('queued', 'running')`))
        .returning();
      return row;
    },

    /** Marks the jobs this process runs alive; answers their states (a cancel shows here). */
    async heartbeat(ids: string[]): Promise<{ id: string; state: JobRow['state'] }[]> {
      if (ids.length === 0) return [];
      return db
        .update(jobs)
        .set({ heartbeatAt: new Date() })
        .where(inArray(jobs.id, ids))
        .returning({ id: jobs.id, state: jobs.state });
    },
  };
}

export type JobRepository = ReturnType<typeof createJobRepository>;
