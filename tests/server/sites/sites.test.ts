import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { count, eq } from 'drizzle-orm';
import {
  createVerticalRoute,
  deleteSiteFeedsRoute,
  deleteSiteRoute,
  enableSiteRoute,
  getSiteRoute,
  listSitesRoute,
  listVerticalsRoute,
  siteFeedsRoute,
  siteJobRoute,
  updateSiteRoute,
} from '#contract/routes/sites.ts';
import { registerSiteRoute } from '#contract/routes/users.ts';
import { auditLog, feedHistory, jobs } from '#server/platform/db/schema.ts';
import { DATABASES, failure, startTestServer, type TestServer } from '#tests/helpers/server.ts';

async function until<T>(
  read: () => Promise<T>,
  done: (value: T) => boolean,
  timeoutMs = 15_000,
): Promise<T> {
  const end = Date.now() + timeoutMs;
  for (;;) {
    const value = await read();
    if (done(value) || Date.now() > end) return value;
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}

describe.each(DATABASES)('sites on %s', (kind) => {
  let server: TestServer;
  beforeAll(async () => {
    server = await startTestServer(kind);
  });
  afterAll(() => server.close());

  const auditCount = async () =>
    Number((await server.database.db.select({ n: count() }).from(auditLog))[0]!.n);

  it('shows a user only the sites attached to them, and every site to staff', async () => {
    const client = await server.as('client');
    expect((await client.call(listSitesRoute, { query: {} })).map((s) => s.siteId)).toEqual([1]);
    // The spec's comma-separated segment rides beside the verticals it is made of (spec §3 Site).
    expect(await client.call(getSiteRoute, { params: { id: 1 } })).toMatchObject({
      verticals: ['fashion', 'home'],
      segment: 'fashion,home',
    });
    expect((await failure(client.call(getSiteRoute, { params: { id: 2 } }))).status).toBe(403);
    const admin = await server.as('admin');
    expect(await admin.call(listSitesRoute, { query: {} })).toHaveLength(2);
    expect(await admin.call(listSitesRoute, { query: { search: 'электро' } })).toMatchObject([
      { siteId: 2 },
    ]);
    expect((await failure(admin.call(getSiteRoute, { params: { id: 999 } }))).status).toBe(404);
  });

  it('updates a site, audits before and after, and rejects a URL without protocol changing nothing', async () => {
    const manager = await server.as('manager');
    const before = await manager.call(getSiteRoute, { params: { id: 1 } });
    const updated = await manager.call(updateSiteRoute, {
      params: { id: 1 },
      body: { siteName: 'Новое имя', verticals: ['fashion'] },
    });
    expect(updated).toMatchObject({
      siteName: 'Новое имя',
      verticals: ['fashion'],
      segment: 'fashion',
      version: before.version + 1,
    });
    expect(updated.timeZone).toBe(before.timeZone);
    const [entry] = await server.database.db
      .select()
      .from(auditLog)
      .where(eq(auditLog.action, 'update'))
      .orderBy(auditLog.id);
    expect(entry).toMatchObject({ actor: 'manager', entity: 'site', entityId: '1' });
    expect(entry!.before).toMatchObject({ siteName: before.siteName });
    expect(entry!.after).toMatchObject({ siteName: 'Новое имя' });

    const audits = await auditCount();
    const error = await failure(
      manager.call(updateSiteRoute, { params: { id: 1 }, body: { siteUrl: 'shop.example.ru' } }),
    );
    expect(error.status).toBe(400);
    expect(error.issues[0]!.path).toEqual(['body', 'siteUrl']);
    const unknownVertical = await failure(
      manager.call(updateSiteRoute, { params: { id: 1 }, body: { verticals: ['nope'] } }),
    );
    expect(unknownVertical).toMatchObject({ status: 400, message: 'Unknown vertical: nope' });
    expect(await auditCount()).toBe(audits);
    expect((await manager.call(getSiteRoute, { params: { id: 1 } })).siteUrl).toBe(before.siteUrl);
  });

  it('lets one of two concurrent updates from the same version win; the other gets 409', async () => {
    const [a, b] = await Promise.all([server.as('manager'), server.as('integrator')]);
    const { version } = await a.call(getSiteRoute, { params: { id: 1 } });
    const results = await Promise.allSettled([
      a.call(updateSiteRoute, { params: { id: 1 }, body: { siteName: 'A', version } }),
      b.call(updateSiteRoute, { params: { id: 1 }, body: { siteName: 'B', version } }),
    ]);
    const statuses = results.map((r) =>
      r.status === 'fulfilled' ? 200 : (r.reason as { status: number }).status,
    );
    expect(statuses.sort()).toEqual([200, 409]);
    const site = await a.call(getSiteRoute, { params: { id: 1 } });
    expect(site.version).toBe(version + 1);
    expect(['A', 'B']).toContain(site.siteName);
  });

  it('activates a site with a feed-update job and deactivates it deleting feed history and jobs', async () => {
    const admin = await server.as('admin');
    const { site, job } = await admin.call(enableSiteRoute, {
      params: { id: 2 },
      body: { enabled: true },
    });
    expect(site.enabled).toBe(true);
    expect(job).toMatchObject({ kind: 'feed-update', siteId: 2 });
    // The demo site has no feed URL yet: the job runs and fails with a message.
    const status = await until(
      () => admin.raw({ method: 'GET', url: `/api/site/2/jobs/${job!.id}` }),
      (response) => response.statusCode !== 202,
    );
    expect(status.statusCode).toBe(500);
    expect(status.json()).toMatchObject({
      status: 500,
      message: 'The site has no feed URL: set it on the site page',
    });

    await server.database.db
      .insert(feedHistory)
      .values({ siteId: 2, feedType: 'YML', regionId: 'global', offers: 5 });
    expect(
      await admin.call(siteFeedsRoute, {
        params: { id: 2 },
        query: { feedType: 'YML', searchTerm: 'global' },
      }),
    ).toMatchObject([{ regionId: 'global', feedType: 'YML', offers: 5 }]);

    const off = await admin.call(enableSiteRoute, { params: { id: 2 }, body: { enabled: false } });
    expect(off).toMatchObject({ site: { enabled: false }, job: null });
    expect(await admin.call(siteFeedsRoute, { params: { id: 2 }, query: {} })).toEqual([]);
    const left = await server.database.db.select().from(jobs).where(eq(jobs.siteId, 2));
    expect(left).toEqual([]);
  });

  it('answers 409 when a job of the same kind is already running for the site', async () => {
    const admin = await server.as('admin');
    await server.database.db
      .insert(jobs)
      .values({ siteId: 1, kind: 'feed-update', state: 'running', createdBy: 't' });
    const error = await failure(
      admin.call(enableSiteRoute, { params: { id: 1 }, body: { enabled: true } }),
    );
    expect(error).toMatchObject({
      status: 409,
      message: 'A feed-update job is already running for this site',
    });
    await server.database.db.delete(jobs).where(eq(jobs.siteId, 1));
  });

  it('reports a job that is still running with 202', async () => {
    const admin = await server.as('admin');
    const [row] = await server.database.db
      .insert(jobs)
      .values({ siteId: 1, kind: 'feed-update', state: 'running', progress: 40, createdBy: 't' })
      .returning();
    const response = await admin.raw({ method: 'GET', url: `/api/site/1/jobs/${row!.id}` });
    expect(response.statusCode).toBe(202);
    expect(response.json()).toMatchObject({ state: 'running', progress: 40 });
    await server.database.db.delete(jobs).where(eq(jobs.id, row!.id));
    const done = await server.database.db
      .insert(jobs)
      .values({
        siteId: 1,
        kind: 'feed-update',
        state: 'done',
        progress: 100,
        result: { offers: 3 },
        createdBy: 't',
      })
      .returning();
    expect(await admin.call(siteJobRoute, { params: { id: 1, jobId: done[0]!.id } })).toMatchObject(
      {
        state: 'done',
        result: { offers: 3 },
      },
    );
  });

  it('deletes feed history of one type with an audit entry', async () => {
    const integrator = await server.as('integrator');
    await server.database.db.insert(feedHistory).values([
      { siteId: 1, feedType: 'YML', regionId: 'global', offers: 1 },
      { siteId: 1, feedType: 'DELTA', regionId: 'global', offers: 1 },
    ]);
    await integrator.call(deleteSiteFeedsRoute, {
      params: { id: 1 },
      query: { feedType: 'DELTA' },
    });
    expect(
      (await integrator.call(siteFeedsRoute, { params: { id: 1 }, query: {} })).map(
        (f) => f.feedType,
      ),
    ).toEqual(['YML']);
  });

  it('registers, lists and deletes sites; creates verticals once', async () => {
    const admin = await server.as('admin');
    const site = await admin.call(registerSiteRoute, {
      body: { siteName: 'Третий', siteUrl: 'http://third.example', verticals: ['home'] },
    });
    expect(site).toMatchObject({ enabled: false, timeZone: 'Europe/Moscow', feedUrl: null });
    expect(site.apiKey).toMatch(/^[0-9a-f]{32}$/);
    expect(await admin.call(createVerticalRoute, { body: { name: 'toys' } })).toEqual({
      name: 'toys',
      siteCount: 0,
    });
    expect(
      (await failure(admin.call(createVerticalRoute, { body: { name: 'toys' } }))).status,
    ).toBe(409);
    const verticals = await admin.call(listVerticalsRoute, {});
    expect(verticals.find((v) => v.name === 'home')!.siteCount).toBeGreaterThanOrEqual(1);
    await admin.call(deleteSiteRoute, { params: { id: site.siteId } });
    expect((await failure(admin.call(getSiteRoute, { params: { id: site.siteId } }))).status).toBe(
      404,
    );
  });
});
