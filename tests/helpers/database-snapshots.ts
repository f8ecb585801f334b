/**
 * Vitest global set-up of the server projects (node, gate): the databases every suite starts from,
 * made once per run. For PGlite, one migrated and one demo-seeded database dumped to files; for
 * PostgreSQL (when it answers), one migrated and one seeded template database. A suite's database
 * is a copy of one of them (a fraction of a second) instead of an empty database migrated and
 * seeded again (seconds each, hundreds of times per run).
 */
import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import { pg_trgm } from '@electric-sql/pglite/contrib/pg_trgm';
import pg from 'pg';
import type { TestProject } from 'vitest/node';
import { openPglite, openPostgres } from '#server/platform/db/client.ts';
import { seedDemo } from '#server/demo/seed.ts';

/** One migrated (empty) and one migrated and demo-seeded starting point. */
export interface Snapshots {
  migrated: string;
  seeded: string;
}

declare module 'vitest' {
  export interface ProvidedContext {
    /** Paths of PGlite data-directory dumps. */
    pgliteDumps: Snapshots;
    /** Names of PostgreSQL template databases; null when PostgreSQL does not answer. */
    postgresTemplates: Snapshots | null;
  }
}

export const POSTGRES_ADMIN_URL =
  process.env.TEST_POSTGRES_URL ?? 'postgres://postgres@127.0.0.1:5432/test';

export async function withPostgresAdmin<T>(run: (client: pg.Client) => Promise<T>): Promise<T> {
  const client = new pg.Client({
    connectionString: POSTGRES_ADMIN_URL,
    connectionTimeoutMillis: 1500,
  });
  await client.connect();
  try {
    return await run(client);
  } finally {
    await client.end();
  }
}

export function postgresUrl(database: string): string {
  const url = new URL(POSTGRES_ADMIN_URL);
  url.pathname = `/${database}`;
  return url.toString();
}

/** A PGlite database written to `path` as a data-directory dump (PGlite's `loadDataDir`). */
export async function dumpPglite(pglite: PGlite, path: string): Promise<string> {
  // Without a checkpoint the copy restarts as after a crash: sequences jump ahead by 32 (the
  // values PostgreSQL logs in advance), and suites that expect the next site to be 3 see 34.
  await pglite.exec('checkpoint');
  const tar = await pglite.dumpDataDir('none');
  writeFileSync(path, Buffer.from(await tar.arrayBuffer()));
  return path;
}

async function makePgliteDumps(dir: string): Promise<Snapshots> {
  const pglite = await PGlite.create({ extensions: { pg_trgm } });
  const database = await openPglite({ pglite });
  const migrated = await dumpPglite(pglite, join(dir, 'migrated.tar'));
  await seedDemo(database);
  const seeded = await dumpPglite(pglite, join(dir, 'seeded.tar'));
  await pglite.close();
  return { migrated, seeded };
}

async function makePostgresTemplates(): Promise<Snapshots | null> {
  const run = randomBytes(4).toString('hex');
  const names = { migrated: `vitrina_tpl_${run}_migrated`, seeded: `vitrina_tpl_${run}_seeded` };
  try {
    await withPostgresAdmin((client) => client.query(`create database ${names.migrated}`));
  } catch {
    return null;
  }
  const migrated = await openPostgres(postgresUrl(names.migrated));
  await migrated.close();
  // A template is copied only while nobody is connected to it: every pool above is closed.
  await withPostgresAdmin((client) =>
    client.query(`create database ${names.seeded} template ${names.migrated}`),
  );
  const seeded = await openPostgres(postgresUrl(names.seeded));
  await seedDemo(seeded);
  await seeded.close();
  return names;
}

async function dropPostgresTemplates(templates: Snapshots): Promise<void> {
  await withPostgresAdmin(async (client) => {
    for (const name of [templates.migrated, templates.seeded])
      await client.query(`drop database if exists ${name} with (force)`);
  });
}

/** Made once per run: the node and gate projects share them (the last teardown removes them). */
let made:
  Promise<{ dir: string; pgliteDumps: Snapshots; postgresTemplates: Snapshots | null }> | undefined;
let users = 0;

async function makeSnapshots() {
  const dir = mkdtempSync(join(tmpdir(), 'vitrina-test-dumps-'));
  const [pgliteDumps, postgresTemplates] = await Promise.all([
    makePgliteDumps(dir),
    makePostgresTemplates(),
  ]);
  return { dir, pgliteDumps, postgresTemplates };
}

export default async function setup(project: TestProject): Promise<() => Promise<void>> {
  made ??= makeSnapshots();
  users += 1;
  const { dir, pgliteDumps, postgresTemplates } = await made;
  project.provide('pgliteDumps', pgliteDumps);
  project.provide('postgresTemplates', postgresTemplates);
  return async () => {
    users -= 1;
    if (users > 0) return;
    rmSync(dir, { recursive: true, force: true });
    if (postgresTemplates) await dropPostgresTemplates(postgresTemplates);
  };
}
