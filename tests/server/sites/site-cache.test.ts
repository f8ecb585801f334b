import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { and, eq } from 'drizzle-orm';
import { getSiteRoute, listSitesRoute, updateSiteRoute } from '#contract/routes/sites.ts';
import { registerSiteRoute } from '#contract/routes/users.ts';
import { openPostgres } from '#server/platform/db/client.ts';
import { sites, users, userSites } from '#server/platform/db/schema.ts';
import {
  DATABASES,
  POSTGRES_ADMIN_URL,
  startTestServer,
  type TestServer,
} from '#tests/helpers/server.ts';

/**
 * Site reads are cached per site and dropped on every change, whoever makes it: the
 * site repository, a write elsewhere (the triggers' NOTIFY), another server process.
 */
describe.each(DATABASES)('site read cache on %s', (kind) => {
  let server: TestServer;
  beforeAll(async () => {
    server = await startTestServer(kind, { work: false, env: { SITE_CACHE_MS: '600000' } });
  }, 120_000);
  afterAll(() => server?.close());

  // PostgreSQL delivers a NOTIFY to the listening connection just after the commit.
  const eventually = (check: () => Promise<void>) =>
    kind === 'pglite' ? check() : vi.waitFor(check, { timeout: 10_000, interval: 50 });

  it('answers a site changed through the API at once', async () => {
    const admin = await server.as('admin');
    const before = await admin.call(getSiteRoute, { params: { id: 1 } });
    const updated = await admin.call(updateSiteRoute, {
      params: { id: 1 },
      body: { siteName: 'Renamed through the API', version: before.version },
    });
    expect(updated.siteName).toBe('Renamed through the API');
    expect((await admin.call(getSiteRoute, { params: { id: 1 } })).siteName).toBe(
      'Renamed through the API',
    );
  });

  it('drops a site changed by a write outside the site repository', async () => {
    const admin = await server.as('admin');
    await admin.call(getSiteRoute, { params: { id: 1 } });
    await server.database.db.update(sites).set({ name: 'Renamed in SQL' }).where(eq(sites.id, 1));
    await eventually(async () => {
      expect((await admin.call(getSiteRoute, { params: { id: 1 } })).siteName).toBe(
        'Renamed in SQL',
      );
    });
  });

  it('keeps site lists current: a created site, a rename in SQL', async () => {
    const admin = await server.as('admin');
    const names = async () =>
      (await admin.call(listSitesRoute, { query: {} })).map((s) => s.siteName);
    const before = await names();
    await admin.call(registerSiteRoute, {
      body: { siteName: 'Brand new', siteUrl: 'https://new.example.ru', verticals: [] },
    });
    expect(await names()).toEqual([...before, 'Brand new']);
    await server.database.db.update(sites).set({ name: 'Listed in SQL' }).where(eq(sites.id, 2));
    await eventually(async () => expect(await names()).toContain('Listed in SQL'));
  });

  it('follows attaching and detaching users to a site', async () => {
    const client = await server.as('client');
    const read = () => client.raw({ method: 'GET', url: '/api/site/2' });
    expect((await read()).statusCode).toBe(403);
    const [user] = await server.database.db.select().from(users).where(eq(users.login, 'client'));
    await server.database.db.insert(userSites).values({ userId: user!.id, siteId: 2 });
    await eventually(async () => expect((await read()).statusCode).toBe(200));
    await server.database.db
      .delete(userSites)
      .where(and(eq(userSites.userId, user!.id), eq(userSites.siteId, 2)));
    await eventually(async () => expect((await read()).statusCode).toBe(403));
  });

  // Only PostgreSQL serves several processes (PGlite is one process per data directory).
  if (kind === 'postgres')
    it('drops a site another server process changed (PostgreSQL)', async () => {
      const url = new URL(POSTGRES_ADMIN_URL);
      const [{ name } = { name: '' }] = (
        await server.database.executeSql('select current_database() as name')
      ).rows as { name: string }[];
      url.pathname = `/${name}`;
      const other = await startTestServer(kind, {
        database: await openPostgres(url.toString()),
        seed: false,
        work: false,
      });
      try {
        const here = await server.as('admin');
        const there = await other.as('admin');
        const site = await here.call(getSiteRoute, { params: { id: 1 } });
        await there.call(updateSiteRoute, {
          params: { id: 1 },
          body: { siteName: 'Renamed by the other process', version: site.version },
        });
        await eventually(async () => {
          expect((await here.call(getSiteRoute, { params: { id: 1 } })).siteName).toBe(
            'Renamed by the other process',
          );
        });
      } finally {
        await other.app.close();
        await other.database.close();
      }
    }, 60_000);
});
