import PgBoss from 'pg-boss';
import type { FastifyBaseLogger } from 'fastify';
import type { Database, Db, Tx } from '../db/client.ts';
import { createJobRepository, type JobRow } from '../repositories/jobs.ts';

export interface JobContext {
  job: JobRow;
  db: Db;
  /** Reports progress in percent (0–99; 100 is set when the job is done). */
  progress(percent: number): Promise<void>;
}

/** Does the work of one job kind; what it returns is stored as the job's result. */
export type JobHandler = (context: JobContext) => Promise<unknown>;

export interface JobRunnerOptions {
  handlers: Record<string, JobHandler>;
  logger: FastifyBaseLogger;
  /** Take jobs from the queue in this process (off for processes that only serve). */
  work?: boolean;
  /** How often an idle worker looks for new jobs. */
  pollingIntervalSeconds?: number;
  /** A job still running after this long is marked failed by the reaper. @default 15 */
  staleAfterMinutes?: number;
  /** How often the reaper runs (it also runs on start). @default 60 000 */
  reapIntervalMs?: number;
}

/**
 * Time a job row may exist before its pg-boss job does: the row is inserted in the caller's
 * transaction and dispatched after it commits.
 */
const DISPATCH_GRACE_SECONDS = 60;

/**
 * Marks failed the jobs that can never finish: queued or running while pg-boss no longer holds
 * them as created / retry / active (the process died mid-job and the retries are spent, or the
 * dispatch was lost), or running longer than the limit. Without this the one-active-job index
 * answers 409 for that site and kind forever. A handler still running finds its row failed and
 * its finish changes nothing.
 */
const REAP_SQL = `
update jobs set
  state = 'failed',
  finished_at = now(),
  error = case
    when state = 'running' and started_at < now() - make_interval(secs => $1)
      then 'interrupted: still running after ' || ($1 / 60)::int || ' minutes'
    else 'interrupted: the job queue no longer holds this job (the server stopped during it, or its retries ran out)'
  end
where state in ('queued', 'running')
  and created_at < now() - make_interval(secs => $2)
  and (
    (state = 'running' and started_at < now() - make_interval(secs => $1))
    or not exists (
      select 1 from pgboss.job queued
      where queued.name = jobs.kind
        and queued.data ->> 'jobId' = jobs.id::text
        and queued.state in ('created', 'retry', 'active')
    )
  )
returning id, kind, site_id, error`;

/**
 * Jobs the console shows live in our `jobs` table; pg-boss carries the queue (claimed with
 * FOR UPDATE SKIP LOCKED, kept across restarts, spread over several processes on PostgreSQL).
 */
export function createJobRunner(database: Database, options: JobRunnerOptions) {
  const repository = createJobRepository(database.db);
  const boss = new PgBoss({
    db: { executeSql: (text, values) => database.executeSql(text, values) },
    schedule: false,
    supervise: database.kind === 'postgres',
  });
  boss.on('error', (error) => options.logger.error({ err: error }, 'job queue error'));
  const kinds = Object.keys(options.handlers);
  let reaper: NodeJS.Timeout | null = null;

  async function reap(): Promise<number> {
    const staleSeconds = (options.staleAfterMinutes ?? 15) * 60;
    const { rows } = await database.executeSql(REAP_SQL, [staleSeconds, DISPATCH_GRACE_SECONDS]);
    for (const row of rows as Array<{ id: string; kind: string; site_id: number; error: string }>) {
      options.logger.warn({ jobId: row.id, kind: row.kind, siteId: row.site_id }, row.error);
    }
    return rows.length;
  }
  const reapLogged = () =>
    reap().catch((error: unknown) =>
      options.logger.error({ err: error }, 'could not reap interrupted jobs'),
    );

  async function run(jobId: string): Promise<void> {
    const job = await repository.claim(jobId);
    if (!job) return;
    const handler = options.handlers[job.kind];
    try {
      if (!handler) throw new Error(`No handler for jobs of kind ${job.kind}`);
      const result = await handler({
        job,
        db: database.db,
        progress: (percent) => repository.progress(jobId, percent),
      });
      await repository.finish(jobId, { result });
    } catch (error) {
      options.logger.warn({ err: error, jobId, kind: job.kind }, 'job failed');
      await repository.finish(jobId, {
        error: error instanceof Error ? error.message : String(error),
      });
    }
  }

  return {
    kinds,
    async start(): Promise<void> {
      await boss.start();
      for (const kind of kinds) await boss.createQueue(kind);
      await reapLogged();
      reaper = setInterval(() => void reapLogged(), options.reapIntervalMs ?? 60_000);
      reaper.unref();
      if (options.work === false) return;
      for (const kind of kinds) {
        await boss.work<{ jobId: string }>(
          kind,
          { pollingIntervalSeconds: options.pollingIntervalSeconds ?? 1 },
          async (batch) => {
            for (const item of batch) await run(item.data.jobId);
          },
        );
      }
    },

    async stop(): Promise<void> {
      if (reaper) clearInterval(reaper);
      reaper = null;
      await boss.stop({ graceful: true, wait: true, timeout: 5000, close: false });
    },

    /** Adds the job row in the caller's transaction; call `dispatch` after it commits. */
    enqueue(
      tx: Db | Tx,
      entry: { siteId: number; kind: string; payload?: unknown; createdBy: string },
    ) {
      if (!options.handlers[entry.kind]) throw new Error(`Unknown job kind ${entry.kind}`);
      return repository.insert(tx, entry);
    },

    async dispatch(job: JobRow): Promise<void> {
      try {
        await boss.send(job.kind, { jobId: job.id }, { retryLimit: 2, expireInMinutes: 30 });
      } catch (error) {
        await repository.claim(job.id);
        await repository.finish(job.id, { error: `Could not queue the job: ${String(error)}` });
        throw error;
      }
    },

    /** Enqueue and dispatch in one step, for callers with no transaction of their own. */
    async launch(entry: { siteId: number; kind: string; payload?: unknown; createdBy: string }) {
      const job = await repository.insert(database.db, entry);
      await this.dispatch(job);
      return job;
    },

    get: (id: string) => repository.get(id),

    /** Marks the interrupted jobs failed now (it also runs on start and every minute); how many. */
    reap,
  };
}

export type JobRunner = ReturnType<typeof createJobRunner>;
