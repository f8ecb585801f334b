import { randomUUID } from 'node:crypto';
import { hostname } from 'node:os';
import PgBoss from 'pg-boss';
import type { FastifyBaseLogger } from 'fastify';
import type { Database, Db, Tx } from '../db/client.ts';
import { readEnv, type Env } from '../env.ts';
import { createJobRepository, type JobRow } from './repository.ts';
import { createSchedules, SCHEDULE_TICK_CRON, SCHEDULE_TICK_QUEUE } from './schedules.ts';

export interface JobContext {
  job: JobRow;
  db: Db;
  /** The server's settings (fetch policy, feed limits). */
  env: Env;
  /** Aborted when the job is cancelled (or the server stops): pass it to fetches and imports. */
  signal: AbortSignal;
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
  /** How often a running job's heartbeat is written (and a cancel noticed). @default 5 000 */
  heartbeatMs?: number;
  /** A running job whose heartbeat is older than this belongs to a dead process. @default 60 000 */
  heartbeatStaleMs?: number;
  /** Settings handed to the handlers (default: read from an empty environment). */
  env?: Env;
  /** Fire the recurring schedules (pg-boss cron) in this process. @default work */
  schedules?: boolean;
  /**
   * How often pg-boss checks its crons and hands a due one to its queue (seconds, 1 to 45).
   * @default 30 and 5, pg-boss's own
   */
  cronIntervalSeconds?: number;
}

/** This process, as a job's owner: host, process id and a boot id (pids are reused). */
export function processOwner(): string {
  return `${hostname()}:${process.pid}:${randomUUID().slice(0, 8)}`;
}

/** True when an owner string names a process that is certainly gone. */
export function ownerIsDead(owner: string, me: string, embedded: boolean): boolean {
  if (owner === me) return false;
  // The embedded database serves one process: any other owner is a process that stopped.
  if (embedded) return true;
  const [host, pid] = owner.split(':');
  const [myHost, myPid] = me.split(':');
  if (host !== myHost) return false;
  // Same host: our own pid with another boot id (a restarted container), or a pid that is gone.
  if (pid === myPid) return true;
  try {
    process.kill(Number(pid), 0);
    return false;
  } catch (error) {
    return (error as NodeJS.ErrnoException).code === 'ESRCH';
  }
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
  and owner is null
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

/** Jobs claimed by a process (owner set): failed when the owner is dead or its heartbeat stale. */
const OWNED_SQL = `
select id, owner, heartbeat_at < now() - make_interval(secs => $1) as stale
from jobs where state = 'running' and owner is not null and owner <> $2`;

const FAIL_OWNED_SQL = `
update jobs set state = 'failed', finished_at = now(), error_code = 'errors:jobs.interrupted',
  error = 'interrupted: the server process running it stopped (' || owner || ')'
where id = $1 and state = 'running'
returning id, kind, site_id, error`;

/**
 * Jobs the console shows live in our `jobs` table; pg-boss carries the queue (claimed with
 * FOR UPDATE SKIP LOCKED, kept across restarts, spread over several processes on PostgreSQL).
 */
export function createJobRunner(database: Database, options: JobRunnerOptions) {
  const repository = createJobRepository(database.db);
  const fireSchedules = options.schedules ?? options.work !== false;
  let stopped = false;
  const boss = new PgBoss({
    db: {
      // A handler that outlives the graceful stop ends after the database closed; pg-boss then
      // completes or fails its job without awaiting the statement, an unhandled rejection that
      // can exit the process. Past the stop those writes are dropped (answered as 0 rows
      // changed): the job row is ours, and the next start's reaper marks the run interrupted.
      executeSql: (text, values) =>
        stopped ? Promise.resolve({ rows: [{ count: 0 }] }) : database.executeSql(text, values),
    },
    schedule: fireSchedules,
    ...(options.cronIntervalSeconds !== undefined && {
      cronMonitorIntervalSeconds: options.cronIntervalSeconds,
      cronWorkerIntervalSeconds: options.cronIntervalSeconds,
    }),
    supervise: database.kind === 'postgres',
  });
  boss.on('error', (error) => options.logger.error({ err: error }, 'job queue error'));
  const kinds = Object.keys(options.handlers);
  const env = options.env ?? readEnv({});
  const owner = processOwner();
  /** The jobs this process runs, to cancel them. */
  const running = new Map<string, AbortController>();
  let reaper: NodeJS.Timeout | null = null;
  let heart: NodeJS.Timeout | null = null;
  /** One-off timers (scheduled promotions): a handler per pg-boss queue, fired once at a time. */
  const timerHandlers = new Map<string, (data: unknown) => Promise<void>>();

  type Reaped = Array<{ id: string; kind: string; site_id: number; error: string }>;
  async function reap(): Promise<number> {
    const staleSeconds = (options.staleAfterMinutes ?? 15) * 60;
    const { rows } = await database.executeSql(REAP_SQL, [staleSeconds, DISPATCH_GRACE_SECONDS]);
    const reaped = [...(rows as Reaped)];
    const heartbeatStale = (options.heartbeatStaleMs ?? 60_000) / 1000;
    const owned = await database.executeSql(OWNED_SQL, [heartbeatStale, owner]);
    for (const row of owned.rows as Array<{ id: string; owner: string; stale: boolean }>) {
      if (!row.stale && !ownerIsDead(row.owner, owner, database.kind === 'pglite')) continue;
      const failed = await database.executeSql(FAIL_OWNED_SQL, [row.id]);
      reaped.push(...(failed.rows as Reaped));
    }
    for (const row of reaped) {
      options.logger.warn({ jobId: row.id, kind: row.kind, siteId: row.site_id }, row.error);
    }
    return reaped.length;
  }

  async function beat(): Promise<void> {
    const states = await repository.heartbeat([...running.keys()]);
    for (const { id, state } of states) {
      if (state !== 'running') running.get(id)?.abort(new Error(`The job is ${state}`));
    }
  }
  const beatLogged = () =>
    beat().catch((error: unknown) =>
      options.logger.error({ err: error }, 'could not write the job heartbeat'),
    );
  const reapLogged = () =>
    reap().catch((error: unknown) =>
      options.logger.error({ err: error }, 'could not reap interrupted jobs'),
    );

  async function run(jobId: string): Promise<void> {
    const job = await repository.claim(jobId, owner);
    if (!job) return;
    const handler = options.handlers[job.kind];
    const controller = new AbortController();
    running.set(jobId, controller);
    try {
      if (!handler) throw new Error(`No handler for jobs of kind ${job.kind}`);
      const result = await handler({
        job,
        db: database.db,
        env,
        signal: controller.signal,
        progress: (percent) => repository.progress(jobId, percent),
      });
      await repository.finish(jobId, { result });
    } catch (error) {
      options.logger.warn({ err: error, jobId, kind: job.kind }, 'job failed');
      // A cancelled job's row already says so; finish changes only running rows.
      const i18nKey = (error as { i18nKey?: unknown } | null)?.i18nKey;
      await repository.finish(jobId, {
        error: error instanceof Error ? error.message : String(error),
        errorCode: typeof i18nKey === 'string' ? i18nKey : null,
      });
    } finally {
      running.delete(jobId);
    }
  }

  /** Cancels a job: its row at once, its handler through the AbortSignal (here or, via the heartbeat, in the process running it). */
  async function cancel(jobId: string, by: string): Promise<JobRow | undefined> {
    const row = await repository.cancel(jobId, by);
    if (row) running.get(jobId)?.abort(new Error(`Cancelled by ${by}`));
    return row;
  }

  const enqueue = (
    tx: Db | Tx,
    entry: { siteId: number; kind: string; payload?: unknown; createdBy: string },
  ) => {
    if (!options.handlers[entry.kind]) throw new Error(`Unknown job kind ${entry.kind}`);
    return repository.insert(tx, entry);
  };
  async function dispatch(job: JobRow): Promise<void> {
    try {
      await boss.send(job.kind, { jobId: job.id }, { retryLimit: 2, expireInMinutes: 30 });
    } catch (error) {
      await repository.claim(job.id);
      await repository.finish(job.id, { error: `Could not queue the job: ${String(error)}` });
      throw error;
    }
  }
  const schedules = createSchedules(database.db, { enqueue, dispatch }, kinds);

  return {
    kinds,
    /** Per-site recurring schedules (server/platform/jobs/schedules.ts). */
    schedules,
    async start(): Promise<void> {
      await boss.start();
      for (const kind of kinds) await boss.createQueue(kind);
      await reapLogged();
      reaper = setInterval(() => void reapLogged(), options.reapIntervalMs ?? 60_000);
      reaper.unref();
      heart = setInterval(() => void beatLogged(), options.heartbeatMs ?? 5000);
      heart.unref();
      for (const [queue, handler] of timerHandlers) {
        await boss.createQueue(queue);
        if (options.work === false) continue;
        await boss.work<unknown>(
          queue,
          { pollingIntervalSeconds: options.pollingIntervalSeconds ?? 1 },
          async (batch) => {
            for (const item of batch) await handler(item.data);
          },
        );
      }
      if (fireSchedules) {
        await boss.createQueue(SCHEDULE_TICK_QUEUE);
        await boss.schedule(SCHEDULE_TICK_QUEUE, SCHEDULE_TICK_CRON);
        await boss.work(
          SCHEDULE_TICK_QUEUE,
          { pollingIntervalSeconds: options.pollingIntervalSeconds ?? 1 },
          async () => {
            const { launched, skipped } = await schedules.tick();
            if (launched.length || skipped)
              options.logger.info({ launched: launched.length, skipped }, 'scheduled jobs');
          },
        );
      }
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
      if (heart) clearInterval(heart);
      heart = null;
      // Handlers are told, as on a cancel: what they hold outside the process (the visual gate's
      // Chromium) ends with the server instead of running on to its own budget.
      for (const controller of running.values())
        controller.abort(new Error('interrupted: the server is stopping'));
      await boss.stop({ graceful: true, wait: true, timeout: 5000, close: false });
      stopped = true;
    },

    /** Adds the job row in the caller's transaction; call `dispatch` after it commits. */
    enqueue,

    dispatch,

    /**
     * One-off timers kept by pg-boss across restarts: `define` a queue's handler
     * before start, `at` fires it once at a time (answers the pg-boss id), `cancel` drops it.
     */
    timers: {
      define(queue: string, handler: (data: unknown) => Promise<void>): void {
        timerHandlers.set(queue, handler);
      },
      async at(queue: string, data: object, when: Date): Promise<string | null> {
        return boss.send(queue, data, { startAfter: when, retryLimit: 2, expireInMinutes: 30 });
      },
      cancel: (queue: string, id: string) => boss.cancel(queue, id),
    },

    /** The recurring schedules pg-boss holds (the tick), for checks. */
    bossSchedules: () => boss.getSchedules(),

    /** Enqueue and dispatch in one step, for callers with no transaction of their own. */
    async launch(entry: { siteId: number; kind: string; payload?: unknown; createdBy: string }) {
      const job = await repository.insert(database.db, entry);
      await dispatch(job);
      return job;
    },

    get: (id: string) => repository.get(id),

    cancel,

    /** This process as the owner of the jobs it runs. */
    owner,

    /** Marks the interrupted jobs failed now (it also runs on start and every minute); how many. */
    reap,
  };
}

export type JobRunner = ReturnType<typeof createJobRunner>;
