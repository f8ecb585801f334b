/** A fresh PostgreSQL database for one bench run, dropped when the bench closes it. */
import { randomBytes } from 'node:crypto';
import pg from 'pg';
import { openPostgres, type Database } from '#server/platform/db/client.ts';
import { POSTGRES_ADMIN_URL } from '#tests/helpers/server.ts';

export async function throwawayPostgres(label: string): Promise<Database> {
  const name = `vitrina_bench_${label}_${randomBytes(4).toString('hex')}`;
  const admin = async (text: string) => {
    const client = new pg.Client({ connectionString: POSTGRES_ADMIN_URL });
    await client.connect();
    try {
      await client.query(text);
    } finally {
      await client.end();
    }
  };
  await admin(`create database ${name}`);
  const url = new URL(POSTGRES_ADMIN_URL);
  url.pathname = `/${name}`;
  const database = await openPostgres(url.toString());
  return {
    ...database,
    async close() {
      await database.close().catch(() => undefined);
      await admin(`drop database if exists ${name} with (force)`);
    },
  };
}
