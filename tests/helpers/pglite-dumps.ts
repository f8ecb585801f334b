/**
 * Vitest global set-up of the server projects (node, gate): one migrated and one demo-seeded embedded database,
 * dumped to files once per run. The suites' PGlite databases start from these dumps (a fraction
 * of a second each) instead of creating and migrating an empty database (seconds each, hundreds
 * of times per run).
 */
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import { pg_trgm } from '@electric-sql/pglite/contrib/pg_trgm';
import type { TestProject } from 'vitest/node';
import { openPglite } from '#server/platform/db/client.ts';
import { seedDemo } from '#server/demo/seed.ts';

export interface PgliteDumps {
  /** Migrated, empty. */
  migrated: string;
  /** Migrated, with the demo data of `seedDemo`. */
  seeded: string;
}

declare module 'vitest' {
  export interface ProvidedContext {
    pgliteDumps: PgliteDumps;
  }
}

async function dump(pglite: PGlite, path: string): Promise<string> {
  // Without a checkpoint the copy restarts as after a crash: sequences jump ahead by 32 (the
  // values PostgreSQL logs in advance), and suites that expect the next site to be 3 see 34.
  await pglite.exec('checkpoint');
  const tar = await pglite.dumpDataDir('none');
  writeFileSync(path, Buffer.from(await tar.arrayBuffer()));
  return path;
}

/** Made once per run: the node and gate projects share them (the last teardown removes them). */
let made: Promise<{ dir: string; dumps: PgliteDumps }> | undefined;
let users = 0;

async function makeDumps(): Promise<{ dir: string; dumps: PgliteDumps }> {
  const dir = mkdtempSync(join(tmpdir(), 'vitrina-test-dumps-'));
  const pglite = await PGlite.create({ extensions: { pg_trgm } });
  const database = await openPglite({ pglite });
  const migrated = await dump(pglite, join(dir, 'migrated.tar'));
  await seedDemo(database);
  const seeded = await dump(pglite, join(dir, 'seeded.tar'));
  await pglite.close();
  return { dir, dumps: { migrated, seeded } };
}

export default async function setup(project: TestProject): Promise<() => void> {
  made ??= makeDumps();
  users += 1;
  const { dir, dumps } = await made;
  project.provide('pgliteDumps', dumps);
  return () => {
    users -= 1;
    if (users === 0) rmSync(dir, { recursive: true, force: true });
  };
}
