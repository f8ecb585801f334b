import { mkdirSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { PGlite } from '@electric-sql/pglite';
import { pg_trgm } from '@electric-sql/pglite/contrib/pg_trgm';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import { drizzle as drizzlePg } from 'drizzle-orm/node-postgres';
import { migrate as migratePglite } from 'drizzle-orm/pglite/migrator';
import { migrate as migratePg } from 'drizzle-orm/node-postgres/migrator';
import type { PgDatabase, PgQueryResultHKT } from 'drizzle-orm/pg-core';
import pg from 'pg';
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
  close(): Promise<void>;
}

const migrationsFolder = fileURLToPath(new URL('./migrations', import.meta.url));

export async function openPglite(
  options: { dataDir?: string; pglite?: PGlite } = {},
): Promise<Database> {
  if (options.dataDir) mkdirSync(options.dataDir, { recursive: true });
  const client =
    options.pglite ??
    (await PGlite.create({
      ...(options.dataDir && { dataDir: options.dataDir }),
      extensions: { pg_trgm },
    }));
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
  return {
    kind: 'postgres',
    db: db as unknown as Db,
    async executeSql(text, values) {
      const result = await pool.query(text, values);
      const last = Array.isArray(result) ? result.at(-1) : result;
      return { rows: (last?.rows as unknown[] | undefined) ?? [] };
    },
    close: () => pool.end(),
  };
}

export function openDatabase(env: {
  DATABASE_URL?: string | undefined;
  DATA_DIR: string;
}): Promise<Database> {
  return env.DATABASE_URL ? openPostgres(env.DATABASE_URL) : openPglite({ dataDir: env.DATA_DIR });
}
