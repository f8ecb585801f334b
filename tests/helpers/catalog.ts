import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { eq } from 'drizzle-orm';
import iconv from 'iconv-lite';
import { writeDemoFeed, type DemoFeedOptions } from '#server/demo/feed.ts';
import { importYml, openFeed, type ImportSummary } from '#server/feeds/intake/yml-import.ts';
import type { Database } from '#server/platform/db/client.ts';
import { catalogImports, catalogs, sites } from '#server/platform/db/schema.ts';
import { fetchPolicy } from '#server/platform/net/guarded-fetch.ts';
import {
  startTestServer,
  testEnv,
  type DatabaseKind,
  type TestClient,
  type TestServer,
} from './server.ts';

const dir = mkdtempSync(join(tmpdir(), 'vitrina-feeds-'));

/** The folder the test feeds are written to: the DATA_DIR of servers that import them. */
export const feedDir = dir;

/** The guarded-fetch policy of a server whose DATA_DIR is the test feeds' folder. */
export const feedPolicy = fetchPolicy(testEnv({ DATA_DIR: dir }));
let counter = 0;

/** Writes a generated demo feed to a temporary file; answers its file:// URL. */
export async function demoFeedUrl(
  options: DemoFeedOptions & { encoding?: 'utf-8' | 'windows-1251' },
): Promise<string> {
  const path = join(dir, `feed-${++counter}.yml`);
  await writeDemoFeed(path, options);
  return pathToFileURL(path).href;
}

/** Writes a hand-written feed (UTF-8, or windows-1251 when the declaration says so). */
export function feedFileUrl(xml: string): string {
  const path = join(dir, `feed-${++counter}.yml`);
  writeFileSync(path, /windows-1251/i.test(xml.slice(0, 100)) ? iconv.encode(xml, 'win1251') : xml);
  return pathToFileURL(path).href;
}

export async function importFeed(
  database: Database,
  siteId: number,
  url: string,
): Promise<ImportSummary> {
  return importYml(database.db, { siteId, source: await openFeed(url, { policy: feedPolicy }) });
}

/**
 * A seeded test server with `feedXml` imported as the site's live catalog: the server, an admin
 * signed in and the site's storefront API key. The caller closes the server.
 */
export async function startCatalogServer(
  kind: DatabaseKind,
  siteId: number,
  feedXml: string,
): Promise<{ server: TestServer; admin: TestClient; apiKey: string }> {
  const server = await startTestServer(kind);
  await importFeed(server.database, siteId, feedFileUrl(feedXml));
  return {
    server,
    admin: await server.as('admin'),
    apiKey: await apiKeyOf(server.database, siteId),
  };
}

export async function apiKeyOf(database: Database, siteId: number): Promise<string> {
  const [site] = await database.db.select().from(sites).where(eq(sites.id, siteId));
  return site!.apiKey;
}

/** The live import's id and offer count, or null. */
export async function liveCatalog(database: Database, siteId: number) {
  const [row] = await database.db
    .select({ importId: catalogs.importId, offers: catalogImports.offers })
    .from(catalogs)
    .innerJoin(catalogImports, eq(catalogImports.id, catalogs.importId))
    .where(eq(catalogs.siteId, siteId));
  return row ?? null;
}

/** A YML offer's <param>. */
export const paramXml = (name: string, value: string) => `<param name="${name}">${value}</param>`;

/** A small YML document around the given categories and offers. */
export function ymlDocument(body: { categories: string; offers: string; encoding?: string }) {
  return `<?xml version="1.0" encoding="${body.encoding ?? 'UTF-8'}"?>
<yml_catalog date="2026-11-21T12:00:00+03:00">
  <shop>
    <name>Тестовый магазин</name>
    <company>ООО Тест</company>
    <url>https://test.example</url>
    <currencies><currency id="RUR" rate="1"/></currencies>
    <categories>${body.categories}</categories>
    <offers>${body.offers}</offers>
  </shop>
</yml_catalog>
`;
}

export function offerXml(o: {
  id?: string;
  category?: string;
  name?: string;
  price?: string;
  groupId?: string;
  extra?: string;
}) {
  return `<offer${o.id === undefined ? '' : ` id="${o.id}"`} available="true"${o.groupId ? ` group_id="${o.groupId}"` : ''}>
    <url>https://test.example/p/${o.id ?? 'x'}</url><price>${o.price ?? '1000'}</price><currencyId>RUR</currencyId>
    <categoryId>${o.category ?? '1'}</categoryId><name>${o.name ?? 'Товар'}</name>${o.extra ?? ''}</offer>`;
}
