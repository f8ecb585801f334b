/**
 * The browser tests' demo data, dumped once per run to E2E_SNAPSHOT (playwright.config.ts): the
 * demo seed, the demo site's catalog and its storefront events. `npm test` makes it while the unit
 * tests run (scripts/test.ts runs this file); otherwise the first e2e server to start makes it.
 */
import { existsSync, mkdirSync, renameSync } from 'node:fs';
import { setTimeout as sleep } from 'node:timers/promises';
import { pathToFileURL } from 'node:url';
import { PGlite } from '@electric-sql/pglite';
import { pg_trgm } from '@electric-sql/pglite/contrib/pg_trgm';
import { eq } from 'drizzle-orm';
import { openPglite } from '#server/platform/db/client.ts';
import { demoFeedChunks } from '#server/demo/feed.ts';
import { importYml } from '#server/feeds/intake/yml-import.ts';
import { seedDemo, seedDemoEvents } from '#server/demo/seed.ts';
import { seedDemoContent } from '#server/demo/content.ts';
import { seedDemoSessionRecs } from '#server/demo/session-recs.ts';
import { sites } from '#server/platform/db/schema.ts';
import { dumpPglite } from '#tests/helpers/database-snapshots.ts';

/** The demo seed, the demo site's catalog and its storefront events, dumped to `path`. */
async function makeSnapshot(path: string): Promise<void> {
  const pglite = await PGlite.create({ extensions: { pg_trgm } });
  const database = await openPglite({ pglite });
  await seedDemo(database);
  // The demo site's catalog (its /cdn/1/demo.html searches it): the generated demo feed through
  // the real importer, streamed from memory (a few hundred offers: a second or two).
  for (const site of await database.db.select().from(sites).where(eq(sites.enabled, true))) {
    await importYml(database.db, {
      siteId: site.id,
      source: {
        body: (async function* () {
          for (const chunk of demoFeedChunks({ offers: 300 })) yield Buffer.from(chunk);
        })(),
        size: 0,
      },
    });
    // Its content pages (delivery, returns, guides), for the autocomplete's `withContent`.
    await seedDemoContent(database.db, site.id);
  }
  // Storefront events for the report screens (fewer sessions than `npm start`: a faster start).
  await seedDemoEvents(database, { sessions: 5000 });
  // The product page's session kNN block, its strategy built from those events.
  await seedDemoSessionRecs(database);
  // Written aside, then renamed: a server waiting for the dump never reads half of one.
  await dumpPglite(pglite, `${path}.part`);
  await pglite.close();
  renameSync(`${path}.part`, path);
}

/**
 * The run's demo dump: made by whoever gets here first (`npm test` before the servers start, or
 * the first server), waited for by the others.
 */
export async function demoSnapshot(path: string): Promise<string> {
  if (existsSync(path)) return path;
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

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) {
  const path = process.env.E2E_SNAPSHOT;
  if (!path) throw new Error('E2E_SNAPSHOT: where to write the demo dump');
  await demoSnapshot(path);
}
