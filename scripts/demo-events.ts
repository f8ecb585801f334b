import { parseArgs } from 'node:util';
import { openDatabase } from '#server/platform/db/client.ts';
import { readEnv } from '#server/platform/env.ts';
import { demoEvents, yesterday } from '#server/demo/events.ts';
import { demoBlocks, demoCatalog } from '#server/demo/shop.ts';
import { demoVocabulary } from '#server/demo/vocabulary.ts';
import { createEventStore, type WidgetDailyRow } from '#server/events/store.ts';

/**
 * Replaces a site's storefront events (and its recommendation blocks' widget views and clicks)
 * with realistic demo traffic ending yesterday (site time zone), then rebuilds its rollups, in one
 * transaction (a failure keeps the old data). Uses DATABASE_URL or DATA_DIR like the server; with the
 * embedded database, stop the server first (one process per data directory).
 *   npm run demo:events -- --days 180 --sessions 200000 [--site 1] [--seed 1]
 */
const { values } = parseArgs({
  options: {
    days: { type: 'string', default: '180' },
    sessions: { type: 'string', default: '200000' },
    site: { type: 'string', default: '1' },
    seed: { type: 'string' },
  },
});
const days = Number(values.days);
const sessions = Number(values.sessions);
const siteId = Number(values.site);
if (![days, sessions, siteId].every((n) => Number.isInteger(n) && n > 0)) {
  console.error('--days, --sessions and --site must be positive integers');
  process.exit(2);
}

const env = readEnv();
const database = await openDatabase(env);
try {
  const store = createEventStore(database);
  const timeZone = await store.timeZoneOf(siteId);
  if (!timeZone) throw new Error(`No site ${siteId} (start the server once to seed the demo data)`);
  const vocabulary = await demoVocabulary(database.db, siteId);
  const catalog = await demoCatalog(database.db, siteId);
  const blocks = await demoBlocks(database.db, siteId);
  const widgetDaily: WidgetDailyRow[] = [];
  const endDay = yesterday(timeZone);
  console.log(
    `Site ${siteId} (${timeZone}): ${sessions} sessions over ${days} days ending ${endDay}, ${vocabulary.length} query terms, ${catalog.length} products, ${blocks.length} recommendation blocks, ${database.kind}`,
  );
  const started = performance.now();
  // One transaction (clear, load, rebuild): a failure leaves the site's old events and rollups.
  const written = await store.replace(
    siteId,
    demoEvents({
      timeZone,
      endDay,
      days,
      sessions,
      vocabulary,
      catalog,
      blocks,
      onWidgetDay: (row) => widgetDaily.push(row),
      seed: values.seed === undefined ? siteId : Number(values.seed),
    }),
    (count) => process.stdout.write(`\r  ${count} events`),
    () => widgetDaily,
  );
  const seconds = (performance.now() - started) / 1000;
  console.log(
    `\r  ${written} events loaded and rollups rebuilt in ${seconds.toFixed(1)} s (${Math.round(written / seconds)} events/s)`,
  );
} finally {
  await database.close();
}
