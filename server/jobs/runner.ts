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
}

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
  };
}

export type JobRunner = ReturnType<typeof createJobRunner>;
