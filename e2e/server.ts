/** The server the browser tests drive: the built console on a fresh embedded database with demo data. */
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { buildApp } from '#server/app.ts';
import { openPglite } from '#server/platform/db/client.ts';
import { demoFeedChunks } from '#server/demo/feed.ts';
import { importYml } from '#server/feeds/intake/yml-import.ts';
import { seedDemo, seedDemoEvents } from '#server/demo/seed.ts';
import { sites } from '#server/platform/db/schema.ts';
import { eq } from 'drizzle-orm';
import { readEnv } from '#server/platform/env.ts';

const env = readEnv({
  ...process.env,
  DATA_DIR: mkdtempSync(join(tmpdir(), 'vitrina-e2e-')),
  HOST: '127.0.0.1',
});
const database = await openPglite({ dataDir: env.DATA_DIR });
await seedDemo(database);
// The demo site's catalog (its /cdn/1/demo.html searches it): the generated demo feed through the
// real importer, streamed from memory (a few hundred offers: a second or two).
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
const app = await buildApp({ env, database, logger: { level: env.LOG_LEVEL } });
await app.listen({ port: env.PORT, host: env.HOST });
