/**
 * A server for the studio preview's browser test and bench: the built console (with the preview
 * harness: `VITRINA_PREVIEW_HARNESS=1 vite build`), the demo seed and a catalog imported through
 * the real importer, on a fresh embedded database and a free port.
 */
import { existsSync, mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { asc } from 'drizzle-orm';
import { buildApp } from '#server/app.ts';
import { openPglite } from '#server/platform/db/client.ts';
import { sites } from '#server/platform/db/schema.ts';
import { seedDemo } from '#server/demo/seed.ts';
import { readEnv } from '#server/platform/env.ts';
import { demoFeedUrl, feedFileUrl, importFeed } from '#tests/helpers/catalog.ts';

export const HARNESS_PATH = '/studio/preview/harness.html';

export interface PreviewServer {
  baseUrl: string;
  apiKey: string;
  close(): Promise<void>;
}

/** Fails with the command to run when the build has no harness page. */
export function assertHarnessBuilt(): void {
  const page = fileURLToPath(new URL(`../dist/app/${HARNESS_PATH}`, import.meta.url));
  if (!existsSync(page)) {
    throw new Error(`No ${page}: build with \`VITRINA_PREVIEW_HARNESS=1 npx vite build\` first`);
  }
}

/** `feedXml`: a hand-written YML feed; otherwise a generated one of `offers` offers. */
export async function startPreviewServer(
  options: { offers?: number; feedXml?: string } = {},
): Promise<PreviewServer> {
  assertHarnessBuilt();
  const env = readEnv({
    ...process.env,
    DATA_DIR: mkdtempSync(join(tmpdir(), 'vitrina-preview-')),
    HOST: '127.0.0.1',
    PORT: '0',
    LOG_LEVEL: 'warn',
  });
  const database = await openPglite({ dataDir: env.DATA_DIR });
  await seedDemo(database);
  const [site] = await database.db.select().from(sites).orderBy(asc(sites.id)).limit(1);
  if (site === undefined) throw new Error('the demo seed made no site');
  const url =
    options.feedXml === undefined
      ? await demoFeedUrl({ offers: options.offers ?? 120, pictureBase: '' })
      : feedFileUrl(options.feedXml);
  await importFeed(database, site.id, url);
  const app = await buildApp({ env, database, logger: { level: 'warn' } });
  const address = await app.listen({ port: 0, host: '127.0.0.1' });
  return {
    baseUrl: address,
    apiKey: site.apiKey,
    async close() {
      await app.close();
      await database.close();
    },
  };
}
