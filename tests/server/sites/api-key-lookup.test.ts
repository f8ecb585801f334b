/**
 * One apiKey ↔ site lookup: `siteByApiKey` and `apiKeyOfSite` in server/sites/repository.ts.
 * Every storefront entry finds its site through the first; bundles, the /cdn loader and the demo
 * seed read a site's key through the second; no other server file reads the column.
 */
import { readdirSync, readFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { sites } from '#server/platform/db/schema.ts';
import { apiKeyOfSite, siteByApiKey } from '#server/sites/repository.ts';
import { DATABASES, startTestServer, type TestServer } from '#tests/helpers/server.ts';

const ROOT = join(import.meta.dirname, '../../..');

function sourceFiles(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) return entry.name === 'migrations' ? [] : sourceFiles(path);
    return /\.(ts|mts|mjs)$/.test(entry.name) ? [path] : [];
  });
}

describe('the apiKey column', () => {
  it('is read by the sites repository only', () => {
    const readers = sourceFiles(join(ROOT, 'server'))
      .filter((file) => /\bsites\.apiKey\b/.test(readFileSync(file, 'utf8')))
      .map((file) => relative(ROOT, file));
    expect(readers).toEqual(['server/sites/repository.ts']);
  });
});

describe.each(DATABASES)('apiKey ↔ site on %s', (kind) => {
  let server: TestServer;
  let apiKey: string;
  beforeAll(async () => {
    server = await startTestServer(kind);
    apiKey = (await apiKeyOfSite(server.database.db, 1))!;
  });
  afterAll(() => server.close());

  it('answers a site for its key and the key for its site, null for unknown ones', async () => {
    const db = server.database.db;
    expect(apiKey).toMatch(/^[0-9a-f]{32}$/);
    const site = await siteByApiKey(db, apiKey);
    expect(site).toMatchObject({ siteId: 1, apiKey });
    expect(site).toEqual(await server.app.repos.sites.get(1));
    expect(await siteByApiKey(db, 'no-such-key')).toBeNull();
    expect(await siteByApiKey(db, `${apiKey}\u0000`)).toBeNull();
    expect(await apiKeyOfSite(db, 999_999)).toBeNull();
  });

  it('every storefront entry refuses an unknown key alike: 401 Unknown apiKey', async () => {
    const get = (url: string) => server.app.inject({ url });
    const post = (url: string, payload: object) =>
      server.app.inject({ method: 'POST', url, payload });
    const event = { type: 'SEARCH', sessionId: 's', platform: 'DESKTOP', query: 'q', hits: 1 };
    const answers = [
      await get('/public/search?apiKey=unknown&st=x'),
      await get('/public/config/site/dolyame/app?apiKey=unknown'),
      await post('/public/events', { apiKey: 'unknown', ...event }),
      await post('/public/micro-reviews/reviews/get?apiKey=unknown', { externalIds: ['1'] }),
    ];
    for (const answer of answers) {
      expect(answer.statusCode, answer.body).toBe(401);
      expect(answer.json()).toMatchObject({ message: 'Unknown apiKey' });
    }
    const known = await post('/public/events', { apiKey, ...event });
    expect(known.statusCode, known.body).toBeLessThan(300);
  });

  it('a key changed anywhere stops answering: the lookup is dropped with the site cache', async () => {
    const other = (await apiKeyOfSite(server.database.db, 2))!;
    const search = (key: string) => server.app.inject({ url: `/public/search?apiKey=${key}&st=x` });
    expect((await search(other)).statusCode).toBe(200);
    // Written straight to the table, as another process would: its trigger's NOTIFY drops it.
    const renewed = 'f'.repeat(32);
    await server.database.db.update(sites).set({ apiKey: renewed }).where(eq(sites.id, 2));
    await expect.poll(async () => (await search(other)).statusCode, { timeout: 5000 }).toBe(401);
    expect((await search(renewed)).statusCode).toBe(200);
    await server.database.db.update(sites).set({ apiKey: other }).where(eq(sites.id, 2));
  });
});
