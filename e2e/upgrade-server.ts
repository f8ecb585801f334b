/**
 * A server upgraded from an installation of before the AnyQuery change, for the browser test of
 * that upgrade (e2e/template-migration.spec.ts):
 *
 * 1. before: an embedded database migrated only up to the last migration before
 *    0040_anyquery_template_fields, seeded with the demo data; the demo site's instant search saved
 *    (integration copy, then generated to production) with a product card template in the old
 *    field names (`{{url}}`, `{{picture}}`), and a production bundle built from it by the old
 *    storefront runtime (its manifest names a runtime that is not today's);
 * 2. the upgrade, as `npm start` runs it (server/main.ts): the database opened as the server opens
 *    it, which applies every later migration (0040 rewrites the saved templates), the demo catalog
 *    imported, the app built, and production bundles of an older runtime rebuilt
 *    (`refreshStaleBundles`) from exactly the config versions they serve.
 */
import { cpSync, mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { PGlite } from '@electric-sql/pglite';
import { pg_trgm } from '@electric-sql/pglite/contrib/pg_trgm';
import { and, asc, desc, eq, sql } from 'drizzle-orm';
import { drizzle } from 'drizzle-orm/pglite';
import { migrate } from 'drizzle-orm/pglite/migrator';
import { buildApp } from '#server/app.ts';
import { appendVersion } from '#server/configs/repository.ts';
import { seedDemo } from '#server/demo/seed.ts';
import { openPglite, type Database, type Db } from '#server/platform/db/client.ts';
import * as schema from '#server/platform/db/schema.ts';
import { configVersions, sites } from '#server/platform/db/schema.ts';
import { readEnv } from '#server/platform/env.ts';
import { bundleConfigs, latestCopies } from '#server/publishing/bundle-configs.ts';
import { publishBundle } from '#server/publishing/bundle/publish.ts';
import { refreshStaleBundles, type RuntimeRefresh } from '#server/publishing/runtime-refresh.ts';
import { demoFeedUrl, importFeed } from '#tests/helpers/catalog.ts';
import { assertHarnessBuilt } from './preview-server.ts';

/** The first migration of the AnyQuery change: the installation predates it. */
const FIRST_NEW_MIGRATION = '0040_anyquery_template_fields';

/**
 * The demo site's product card as a designer wrote it before the change: the card view's fields
 * were `url` and `picture` then (the partial `card` read the same names).
 */
export const OLD_PRODUCT_ITEM = [
  '{{#if product}}{{#with product}}',
  '<article class="legacy-card" data-legacy-id="{{id}}">',
  '<a class="legacy-card__link" href="{{url}}">',
  '{{#if picture}}<img class="legacy-card__image" src="{{ picture }}" alt="">{{/if}}',
  '<span class="legacy-card__name">{{name}}</span></a>',
  '<span class="legacy-card__price">{{formatPrice price currency}}</span>',
  '</article>',
  '{{/with}}{{/if}}',
].join('');

export interface UpgradedServer {
  baseUrl: string;
  apiKey: string;
  siteId: number;
  /** The stored instant search templates after the upgrade (every version of both copies). */
  productItems: string[];
  /** What the upgrade's bundle refresh did. */
  refreshed: RuntimeRefresh[];
  close(): Promise<void>;
}

/** The migrations folder as it was before the AnyQuery change: the journal cut before it. */
function migrationsBefore(name: string): string {
  const source = fileURLToPath(new URL('../server/platform/db/migrations', import.meta.url));
  const folder = mkdtempSync(join(tmpdir(), 'vitrina-old-migrations-'));
  cpSync(source, folder, { recursive: true });
  const journalPath = join(folder, 'meta', '_journal.json');
  const journal = JSON.parse(readFileSync(journalPath, 'utf8')) as { entries: { tag: string }[] };
  const cut = journal.entries.findIndex((entry) => entry.tag === name);
  if (cut < 0) throw new Error(`No migration ${name} in the journal`);
  journal.entries = journal.entries.slice(0, cut);
  writeFileSync(journalPath, JSON.stringify(journal));
  return folder;
}

/** The installation before the upgrade: migrated to before 0040, seeded, the old card saved. */
async function oldInstallation(dataDir: string): Promise<void> {
  const pglite = await PGlite.create({ dataDir, extensions: { pg_trgm } });
  try {
    const db = drizzle(pglite, { schema }) as unknown as Db;
    await migrate(drizzle(pglite), { migrationsFolder: migrationsBefore(FIRST_NEW_MIGRATION) });
    const database: Database = {
      kind: 'pglite',
      db,
      executeSql: async (text, values) => ({ rows: (await pglite.query(text, values)).rows }),
      bounded: (_timeoutMs, work) => work(db),
      listen: async () => () => undefined,
      close: () => pglite.close(),
    };
    await seedDemo(database, { bundle: false });
    const [site] = await db.select().from(sites).orderBy(asc(sites.id)).limit(1);
    const siteId = site!.id;
    // The designer's save of the integration copy, then its generation to production.
    const latest = async (test: boolean) =>
      (
        await db
          .select()
          .from(configVersions)
          .where(
            and(
              eq(configVersions.siteId, siteId),
              eq(configVersions.kind, 'instant-search'),
              eq(configVersions.test, test),
            ),
          )
          .orderBy(desc(configVersions.id))
          .limit(1)
      )[0]!;
    const withOldCard = (data: unknown) => {
      const config = data as { htmlTemplate?: Record<string, string> };
      return { ...config, htmlTemplate: { ...config.htmlTemplate, productItem: OLD_PRODUCT_ITEM } };
    };
    const integration = await latest(true);
    const saved = await appendVersion(db, {
      copy: { siteId, kind: 'instant-search', key: 0, test: true },
      data: withOldCard(integration.data),
      author: 'designer',
      baseVersionId: integration.id,
    });
    await appendVersion(db, {
      copy: { siteId, kind: 'instant-search', key: 0, test: false },
      data: withOldCard(integration.data),
      author: 'designer',
      baseVersionId: (await latest(false)).id,
      sourceVersionId: saved.id,
      action: 'generate',
    });
    for (const slot of ['production', 'preview'] as const)
      await publishBundle(db, {
        siteId,
        apiKey: site!.apiKey,
        publicBaseUrl: '',
        configs: bundleConfigs(await latestCopies(db, siteId, slot === 'preview')),
        slot,
        login: 'designer',
      });
    // Those bundles ran the storefront runtime of their day, not today's.
    await db.execute(
      sql`update artifacts set manifest = jsonb_set(manifest, '{runtime}',
            to_jsonb('before-anyquery-' || (manifest->>'runtime')))`,
    );
  } finally {
    await pglite.close();
  }
}

/** Builds the old installation, upgrades it as a server start does, and serves it on `port`. */
export async function startUpgradedServer(port: number): Promise<UpgradedServer> {
  assertHarnessBuilt();
  const env = readEnv({
    ...process.env,
    DATA_DIR: mkdtempSync(join(tmpdir(), 'vitrina-upgrade-')),
    HOST: '127.0.0.1',
    PORT: String(port),
    LOG_LEVEL: 'warn',
  });
  const dataDir = join(env.DATA_DIR, 'db');
  await oldInstallation(dataDir);

  // The upgrade: opening the database migrates it (0040 and every later migration).
  const database = await openPglite({ dataDir });
  const [site] = await database.db.select().from(sites).orderBy(asc(sites.id)).limit(1);
  await importFeed(database, site!.id, await demoFeedUrl({ offers: 120, pictureBase: '' }));
  const app = await buildApp({ env, database, logger: { level: 'warn' } });
  const address = await app.listen({ port, host: '127.0.0.1' });
  const refreshed = await refreshStaleBundles(database.db);
  const versions = await database.db
    .select({ data: configVersions.data })
    .from(configVersions)
    .where(and(eq(configVersions.siteId, site!.id), eq(configVersions.kind, 'instant-search')));
  return {
    baseUrl: address,
    apiKey: site!.apiKey,
    siteId: site!.id,
    productItems: versions.flatMap(({ data }) => {
      const item = (data as { htmlTemplate?: Record<string, string> }).htmlTemplate?.productItem;
      return item === undefined ? [] : [item];
    }),
    refreshed,
    async close() {
      await app.close();
      await database.close();
    },
  };
}
