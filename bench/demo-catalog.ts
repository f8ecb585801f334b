/**
 * What the search benches share: the demo site seeded with a generated catalog of N offers
 * imported through the real YML importer (beyond the tests' feed size limit), and the queries
 * they ask.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { seedDemo } from '#server/demo/seed.ts';
import { writeDemoFeed } from '#server/demo/feed.ts';
import { importYml, openFeed } from '#server/feeds/intake/yml-import.ts';
import type { Database } from '#server/platform/db/client.ts';
import { readEnv } from '#server/platform/env.ts';
import { fetchPolicy } from '#server/platform/net/guarded-fetch.ts';

/** The bench queries: words, a pair, the wrong layout, a brand. */
export const SEARCH_QUERIES = [
  'куртка',
  'кроссовки женские',
  'rhjccjdrb',
  'платье летнее',
  'худи',
  'джинсы синие',
  'свитер шерсть',
  'сумка кожа',
  'ботинки',
  'kari',
];

/**
 * Seeds the demo site and imports a demo feed of `offers` offers into site 1, written in `dir`
 * (a temporary folder, removed after, when none is given).
 */
export async function importDemoCatalog(
  database: Database,
  offers: number,
  dir?: string,
): Promise<void> {
  await seedDemo(database);
  const folder = dir ?? mkdtempSync(join(tmpdir(), 'vitrina-bench-catalog-'));
  const policy = fetchPolicy(
    readEnv({
      DATA_DIR: folder,
      FETCH_MAX_BYTES: String(2 ** 31),
      FEED_MAX_BYTES: String(2 ** 31),
    }),
  );
  const feed = join(folder, 'feed.yml');
  await writeDemoFeed(feed, { offers });
  await importYml(database.db, {
    siteId: 1,
    source: await openFeed(pathToFileURL(feed).href, { policy }),
  });
  if (!dir) rmSync(folder, { recursive: true, force: true });
}
