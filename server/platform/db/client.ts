import { mkdirSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import type { PGlite } from '@electric-sql/pglite';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import { drizzle as drizzlePg } from 'drizzle-orm/node-postgres';
import { migrate as migratePglite } from 'drizzle-orm/pglite/migrator';
import { migrate as migratePg } from 'drizzle-orm/node-postgres/migrator';
import type { PgDatabase, PgQueryResultHKT } from 'drizzle-orm/pg-core';
import pg from 'pg';
import { findCause, isStatementTimeout, QueryTimeoutError } from '../http/db-errors.ts';
import { PgliteEngine, RemotePglite, withDeadline } from './pglite-engine.ts';
import * as schema from './schema.ts';

export type Schema = typeof schema;
/** The one database type the repositories see, whichever driver is underneath. */
export type Db = PgDatabase<PgQueryResultHKT, Schema>;
export type Tx = Parameters<Parameters<Db['transaction']>[0]>[0];

/** Raw SQL with parameters, as pg-boss and the few hand-written queries need it. */
export type ExecuteSql = (text: string, values?: unknown[]) => Promise<{ rows: unknown[] }>;

export interface Database {
  kind: 'pglite' | 'postgres';
  db: Db;
  executeSql: ExecuteSql;
  /**
   * Runs read-only work whose statements must finish within `timeoutMs` (public queries, issue
   * 20.2): PostgreSQL runs it in a transaction with a local statement_timeout, the embedded
   * engine answers at the deadline and runs such statements only when nothing else waits. Out of
   * time: QueryTimeoutError (503).
   */
  bounded<T>(timeoutMs: number, work: (db: Db) => Promise<T>): Promise<T>;
  /**
   * Calls `listener` with the payload of each NOTIFY on `channel` (PostgreSQL: on its own
   * connection, from every process; embedded: before the committing statement answers), and with
   * '*' when notifications may have been lost (reconnect, restart). Answers the unsubscribe.
   */
  listen(channel: string, listener: (payload: string) => void): Promise<() => void>;
  /** The embedded engine in its worker (watchdog, restarts); absent on PostgreSQL. */
  engine?: PgliteEngine;
  close(): Promise<void>;
}

const migrationsFolder = fileURLToPath(new URL('./migrations', import.meta.url));

export interface PgliteOptions {
  dataDir?: string | undefined;
  /** An open PGlite to use in this thread (no worker, no watchdog). */
  pglite?: PGlite;
  /**
   * An in-memory database, or an empty `dataDir`, starts from this dump
   * (PgliteEngineOptions.startFrom).
   */
  startFrom?: string | undefined;
  /** A statement or transaction of the worker past this many ms restarts it (default 5 min). */
  watchdogMs?: number | undefined;
  /** A bounded statement still running this long after its deadline restarts it (default 30 s). */
  runawayMs?: number | undefined;
}

/** Rethrows a cancelled statement as QueryTimeoutError (503). */
function timeoutError(error: unknown, timeoutMs: number): unknown {
  if (findCause(error, (e): e is QueryTimeoutError => e instanceof QueryTimeoutError))
    return findCause(error, (e): e is QueryTimeoutError => e instanceof QueryTimeoutError);
  if (findCause(error, isStatementTimeout)) return new QueryTimeoutError(timeoutMs);
  return error;
}

/** The first HttpError (503 restart or timeout) behind a drizzle error, else the error. */
async function unwrapping<T>(timeoutMs: number, work: () => Promise<T>): Promise<T> {
  try {
    return await work();
  } catch (error) {
    throw timeoutError(error, timeoutMs);
  }
}

/**
 * The embedded database. By default PGlite runs in a worker thread (pglite-engine.ts): the event
 * loop stays free while it works, a deep statement cannot overflow the server's stack, and a
 * wedged engine is restarted on the same data directory.
 */
export async function openPglite(options: PgliteOptions = {}): Promise<Database> {
  if (options.dataDir) mkdirSync(options.dataDir, { recursive: true });
  if (options.pglite) return inThread(options.pglite);
  const engine = await PgliteEngine.start({
    dataDir: options.dataDir,
    startFrom: options.startFrom,
    migrationsFolder,
    watchdogMs: options.watchdogMs,
    runawayMs: options.runawayMs,
  });
  const client = new RemotePglite(engine);
  const db = drizzlePglite({ client: client as unknown as PGlite, schema }) as unknown as Db;
  return {
    kind: 'pglite',
    db,
    engine,
    async executeSql(text, values) {
      if (values?.length) return { rows: (await client.query(text, values)).rows };
      const results = await client.exec(text);
      return { rows: results.at(-1)?.rows ?? [] };
    },
    bounded: (timeoutMs, work) =>
      unwrapping(timeoutMs, () => withDeadline(timeoutMs, () => work(db))),
    listen: (channel, listener) => engine.listen(channel, listener),
    close: () => engine.close(),
  };
}

/** PGlite in this thread, as given (no bound on statement time). */
async function inThread(client: PGlite): Promise<Database> {
  const db = drizzlePglite(client, { schema });
  await migratePglite(db, { migrationsFolder });
  return {
    kind: 'pglite',
    db: db as unknown as Db,
    async executeSql(text, values) {
      if (values?.length) return { rows: (await client.query(text, values)).rows };
      const results = await client.exec(text);
      return { rows: results.at(-1)?.rows ?? [] };
    },
    bounded: (_timeoutMs, work) => work(db as unknown as Db),
    async listen(channel, listener) {
      const stop = await client.listen(channel, listener);
      return () => void stop();
    },
    close: () => client.close(),
  };
}

export async function openPostgres(connectionString: string): Promise<Database> {
  const pool = new pg.Pool({ connectionString, max: 10 });
  // An idle client the server drops (restart, failover, a dropped test database) must not crash
  // the process: the pool discards it and opens a new one on the next query.
  pool.on('error', (error) => console.warn(`PostgreSQL: idle connection lost (${error.message})`));
  const db = drizzlePg(pool, { schema });
  await migratePg(db, { migrationsFolder });
  const notifications = postgresNotifications(connectionString);
  return {
    kind: 'postgres',
    db: db as unknown as Db,
    async executeSql(text, values) {
      const result = await pool.query(text, values);
      const last = Array.isArray(result) ? result.at(-1) : result;
      return { rows: (last?.rows as unknown[] | undefined) ?? [] };
    },
    bounded: (timeoutMs, work) => unwrapping(timeoutMs, () => boundedRead(pool, timeoutMs, work)),
    listen: (channel, listener) => notifications.listen(channel, listener),
    async close() {
      await notifications.close();
      await pool.end();
    },
  };
}

/** Each pooled connection's drizzle instance, made once: drizzle reads the schema's relations on construction. */
const drizzleOnClient = new WeakMap<pg.PoolClient, Db>();

/**
 * A public read on PostgreSQL: a read-only transaction on one pooled connection with its own
 * statement timeout. The `begin` and the settings go in one round trip (the simple protocol's
 * several statements: the timeout is this process's integer, not input), and the `commit` is sent
 * as the connection goes back to the pool, without waiting for it: a read-only commit changes
 * nothing, and the connection runs its queries in order, so the next reader's `begin` follows it.
 */
async function boundedRead<T>(
  pool: pg.Pool,
  timeoutMs: number,
  work: (db: Db) => Promise<T>,
): Promise<T> {
  const client = await pool.connect();
  let db = drizzleOnClient.get(client);
  if (!db) {
    db = drizzlePg(client, { schema }) as unknown as Db;
    drizzleOnClient.set(client, db);
  }
  let answer: T;
  try {
    // A public read runs on one core: parallel workers (a Gather over the catalog's products)
    // made a search slower on a loaded 2-core machine, and under concurrent searches they take
    // the cores the other searches need.
    // A search's matching products are materialized once and read by every count; at the default
    // 4 MB the set of a common word at a million offers went to disk and was read back from it by
    // each count.
    await client.query(
      `begin read only; select set_config('statement_timeout', '${Math.max(1, Math.round(timeoutMs))}', true),
         set_config('max_parallel_workers_per_gather', '0', true),
         set_config('work_mem', '32MB', true)`,
    );
    answer = await work(db);
  } catch (error) {
    await client.query('rollback').then(
      () => client.release(),
      (lost: Error) => client.release(lost),
    );
    throw error;
  }
  client
    .query('commit')
    .catch((lost: Error) => console.warn(`PostgreSQL: a read's commit failed (${lost.message})`));
  client.release();
  return answer;
}

/**
 * LISTEN on one dedicated connection, opened on the first listen; a lost connection is reopened
 * after a second and every listener gets '*' (what was notified meanwhile is unknown).
 */
function postgresNotifications(connectionString: string) {
  const listeners = new Map<string, Set<(payload: string) => void>>();
  let client: pg.Client | null = null;
  let connecting: Promise<void> | null = null;
  let closed = false;
  const flush = () => {
    for (const set of listeners.values()) for (const listener of set) listener('*');
  };
  const connect = (): Promise<void> =>
    (connecting ??= (async () => {
      const next = new pg.Client({ connectionString });
      next.on('notification', (message) => {
        for (const listener of listeners.get(message.channel) ?? [])
          listener(message.payload ?? '');
      });
      const lost = (reason: string) => {
        if (client !== next) return;
        client = null;
        connecting = null;
        next.end().catch(() => undefined);
        if (closed) return;
        console.warn(`PostgreSQL: the notification connection was lost (${reason})`);
        flush();
        setTimeout(() => {
          if (!closed) connect().catch(() => undefined);
        }, 1000).unref();
      };
      next.on('error', (error) => lost(error.message));
      next.on('end', () => lost('closed'));
      await next.connect();
      client = next;
      for (const channel of listeners.keys()) await next.query(`listen "${channel}"`);
    })().catch((error: unknown) => {
      connecting = null;
      throw error;
    }));
  return {
    async listen(channel: string, listener: (payload: string) => void): Promise<() => void> {
      if (!/^[a-z_][a-z0-9_]*$/.test(channel)) throw new Error(`Bad channel name ${channel}`);
      let set = listeners.get(channel);
      const fresh = !set;
      if (!set) listeners.set(channel, (set = new Set()));
      set.add(listener);
      if (!client) await connect();
      else if (fresh) await client.query(`listen "${channel}"`);
      return () => set.delete(listener);
    },
    async close() {
      closed = true;
      const current = client;
      client = null;
      await current?.end().catch(() => undefined);
    },
  };
}

export function openDatabase(env: {
  DATABASE_URL?: string | undefined;
  DATA_DIR: string;
  DB_WATCHDOG_MS?: number | undefined;
  PUBLIC_QUERY_RUNAWAY_MS?: number | undefined;
}): Promise<Database> {
  return env.DATABASE_URL
    ? openPostgres(env.DATABASE_URL)
    : openPglite({
        dataDir: env.DATA_DIR,
        watchdogMs: env.DB_WATCHDOG_MS,
        runawayMs: env.PUBLIC_QUERY_RUNAWAY_MS,
      });
}
