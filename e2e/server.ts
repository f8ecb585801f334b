/**
 * The server the browser tests drive: the built console on a fresh embedded database with demo
 * data. The demo data is made once per run: the first server to start seeds it and dumps it to
 * E2E_SNAPSHOT (playwright.config.ts), and every server starts from a copy of that dump, in memory.
 */
import { existsSync, mkdirSync, mkdtempSync, renameSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import { PGlite } from '@electric-sql/pglite';
import { pg_trgm } from '@electric-sql/pglite/contrib/pg_trgm';
import { eq } from 'drizzle-orm';
import { buildApp } from '#server/app.ts';
import { openPglite } from '#server/platform/db/client.ts';
import { demoFeedChunks } from '#server/demo/feed.ts';
import { importYml } from '#server/feeds/intake/yml-import.ts';
import { seedDemo, seedDemoEvents } from '#server/demo/seed.ts';
import { sites } from '#server/platform/db/schema.ts';
import { readEnv } from '#server/platform/env.ts';
import { dumpPglite } from '#tests/helpers/database-snapshots.ts';

/** The demo seed, the demo site's catalog and its storefront events, dumped to `path`. */
async function makeSnapshot(path: string): Promise<void> {
  const pglite = await PGlite.create({ extensions: { pg_trgm } });
  const database = await openPglite({ pglite });
  await seedDemo(database);
  // The demo site's catalog (its /cdn/1/demo.html searches it): the generated demo feed through
  // the real importer, streamed from memory (a few hundred offers: a second or two).
  for (const site of await database.db.select().from(sites).where(eq(sites.enabled, true)))
    await importYml(database.db, {
      siteId: site.id,
      source: {
        body: (async function* () {
          for (const chunk of demoFeedChunks({ offers: 300 })) yield Buffer.from(chunk);
        })(),
        size: 0,
      },
    });
  // Storefront events for the report screens (fewer sessions than `npm start`: a faster start).
  await seedDemoEvents(database, { sessions: 5000 });
  // Written aside, then renamed: a server waiting for the dump never reads half of one.
  await dumpPglite(pglite, `${path}.part`);
  await pglite.close();
  renameSync(`${path}.part`, path);
}

/** The run's demo dump: made by the first server to get here, waited for by the others. */
async function demoSnapshot(path: string): Promise<string> {
  try {
    mkdirSync(`${path}.lock`);
  } catch {
    for (const end = Date.now() + 180_000; !existsSync(path); await sleep(200))
      if (Date.now() > end) throw new Error(`No demo dump at ${path} after three minutes`);
    return path;
  }
  await makeSnapshot(path);
  return path;
}

const snapshot = process.env.E2E_SNAPSHOT;
if (!snapshot)
  throw new Error('E2E_SNAPSHOT: the path of the run’s demo dump (playwright.config.ts)');
const env = readEnv({
  ...process.env,
  DATA_DIR: mkdtempSync(join(tmpdir(), 'vitrina-e2e-')),
  HOST: '127.0.0.1',
});
const database = await openPglite({ startFrom: await demoSnapshot(snapshot) });
const app = await buildApp({ env, database, logger: { level: env.LOG_LEVEL } });
await app.listen({ port: env.PORT, host: env.HOST });
