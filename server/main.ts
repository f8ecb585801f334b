import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { eq } from 'drizzle-orm';
import { buildApp } from './app.ts';
import { writeDemoFeed } from './demo/feed.ts';
import { sites } from './platform/db/schema.ts';
import { openDatabase } from './platform/db/client.ts';
import { seedDemo, seedDemoEvents } from './demo/seed.ts';
import { seedDemoContent } from './demo/content.ts';
import { seedDemoSessionRecs } from './demo/session-recs.ts';
import { refreshStaleBundles } from './publishing/runtime-refresh.ts';
import { readEnv, shouldSeed } from './platform/env.ts';
import { logUnhandledRejections } from './process-guard.ts';

const env = readEnv();
logUnhandledRejections((message, reason) => console.error(message, reason));
const database = await openDatabase(env);
// A fresh database gets the demo data; the demo site's catalog comes from a generated YML feed
// in DATA_DIR through the real importer (the feed-update job launched once the server listens).
const demoFeed = join(env.DATA_DIR, 'demo-feed.yml');
const seeded =
  shouldSeed(env) && (await seedDemo(database, { feedUrl: pathToFileURL(demoFeed).href }));
if (seeded) {
  await writeDemoFeed(demoFeed, { offers: 800, pictureBase: `http://localhost:${env.PORT}` });
  for (const site of await database.db.select().from(sites).where(eq(sites.enabled, true)))
    await seedDemoContent(database.db, site.id);
  console.log('Seeded the demo data (logins in README.md)');
}
if (shouldSeed(env)) {
  const events = await seedDemoEvents(database);
  if (events) console.log(`Seeded ${events} demo storefront events (reports)`);
  // The session-aware product page block: its strategy is built from those events.
  if (events && (await seedDemoSessionRecs(database)))
    console.log('Seeded the demo product page block on session kNN');
}
const app = await buildApp({
  env,
  database,
  logger: env.LOG_LEVEL === 'silent' ? false : { level: env.LOG_LEVEL },
});

let closing = false;
async function shutdown(signal: string) {
  if (closing) return;
  closing = true;
  app.log.info(`${signal}: shutting down`);
  await app.close();
  await database.close();
  process.exit(0);
}
process.on('SIGINT', () => void shutdown('SIGINT'));
process.on('SIGTERM', () => void shutdown('SIGTERM'));

await app.listen({ port: env.PORT, host: env.HOST });
// Live bundles built by an older storefront runtime are rebuilt for this one (runtime-refresh.ts).
void refreshStaleBundles(database.db).then(
  (refreshed) => {
    for (const { siteId, outcome } of refreshed)
      console.log(
        'artifactId' in outcome
          ? `Rebuilt site ${siteId}'s production bundle for this storefront runtime`
          : `Site ${siteId}'s production bundle was built by an older runtime and could not be rebuilt: ${outcome.error}`,
      );
  },
  (error: unknown) => console.error('Refreshing production bundles failed:', error),
);
if (seeded) {
  for (const site of await database.db.select().from(sites).where(eq(sites.enabled, true))) {
    await app.jobs.launch({ siteId: site.id, kind: 'feed-update', createdBy: 'seed' });
    console.log(
      `Importing the demo catalog of site ${site.id} (apiKey ${site.apiKey}) from ${demoFeed}`,
    );
  }
}
console.log(
  `Vitrina console on http://localhost:${env.PORT} (${database.kind === 'pglite' ? `embedded database in ${env.DATA_DIR}` : 'PostgreSQL'})`,
);
