// The console's calls over the recurring jobs (server/platform/jobs/schedules.ts): list, set and delete a
// site's schedules with the roles of spec part 2 §6, audited, refused with nothing changed on bad
// input; activation creating and scheduling the feed job; schedules surviving a restart.
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, eq } from 'drizzle-orm';
import { auditLog } from '#server/platform/db/schema.ts';
import { hoursCron } from '#server/feeds/jobs.ts';
import { feedLoaderResourcesRoute } from '#contract/routes/feeds.ts';
import { enableSiteRoute } from '#contract/routes/sites.ts';
import {
  deleteScheduleRoute,
  listSchedulesRoute,
  recentJobsRoute,
  setScheduleRoute,
} from '#contract/routes/schedules.ts';
import {
  createTestDatabase,
  DATABASES,
  failure,
  startTestServer,
  type TestServer,
} from '#tests/helpers/server.ts';

describe.each(DATABASES)('schedule calls on %s', (kind) => {
  let server: TestServer;
  beforeAll(async () => {
    server = await startTestServer(kind, { work: false });
  }, 180_000);
  afterAll(() => server.close());

  it('sets, lists, replaces and deletes a schedule, audited, in the site time zone', async () => {
    const admin = await server.as('integrator');
    const saved = await admin.call(setScheduleRoute, {
      query: { siteId: 1 },
      body: { kind: 'feed-update', cron: '0 */2 * * *' },
    });
    expect(saved).toMatchObject({
      kind: 'feed-update',
      cron: '0 */2 * * *',
      timeZone: 'Europe/Moscow',
      enabled: true,
      createdBy: 'integrator',
    });
    expect(new Date(saved.nextRunAt).getTime()).toBeGreaterThan(Date.now());
    const replaced = await admin.call(setScheduleRoute, {
      query: { siteId: 1 },
      body: { kind: 'feed-update', cron: '30 3 * * *', timeZone: 'UTC', enabled: false },
    });
    expect(replaced).toMatchObject({ cron: '30 3 * * *', timeZone: 'UTC', enabled: false });
    const list = await admin.call(listSchedulesRoute, { query: { siteId: 1 } });
    expect(list.map((s) => [s.kind, s.cron, s.enabled])).toEqual([
      ['feed-update', '30 3 * * *', false],
    ]);
    const audit = await server.database.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.entity, 'job-schedule'), eq(auditLog.entityId, '1:feed-update')));
    expect(audit.map((row) => [row.action, row.actor])).toEqual([
      ['create', 'integrator'],
      ['update', 'integrator'],
    ]);
    expect(audit[1]!.before).toEqual({
      cron: '0 */2 * * *',
      timeZone: 'Europe/Moscow',
      enabled: true,
    });

    expect(
      await admin.call(deleteScheduleRoute, { query: { siteId: 1, kind: 'feed-update' } }),
    ).toEqual({ ok: true });
    expect(await admin.call(listSchedulesRoute, { query: { siteId: 1 } })).toEqual([]);
    const again = await failure(
      admin.call(deleteScheduleRoute, { query: { siteId: 1, kind: 'feed-update' } }),
    );
    expect(again.status).toBe(404);
  });

  it('refuses a bad cron, zone or kind with a 400 and changes nothing', async () => {
    const admin = await server.as('admin');
    await admin.call(setScheduleRoute, {
      query: { siteId: 1 },
      body: { kind: 'feed-update', cron: '0 */4 * * *' },
    });
    for (const body of [
      { kind: 'feed-update', cron: 'every hour please' },
      { kind: 'feed-update', cron: '61 * * * *' },
      { kind: 'feed-update', cron: '0 * * * *', timeZone: 'Mars/Olympus' },
      { kind: 'no-such-job', cron: '0 * * * *' },
    ]) {
      const error = await failure(admin.call(setScheduleRoute, { query: { siteId: 1 }, body }));
      expect(error.status, JSON.stringify(body)).toBe(400);
    }
    const list = await admin.call(listSchedulesRoute, { query: { siteId: 1 } });
    expect(list.map((s) => [s.kind, s.cron, s.timeZone])).toEqual([
      ['feed-update', '0 */4 * * *', 'Europe/Moscow'],
    ]);
    await admin.call(deleteScheduleRoute, { query: { siteId: 1, kind: 'feed-update' } });
  });

  it('guards the calls with the roles of §6', async () => {
    const designer = await server.as('designer');
    expect(
      (await failure(designer.call(listSchedulesRoute, { query: { siteId: 1 } }))).status,
    ).toBe(403);
    const client = await server.as('client');
    expect(
      (
        await failure(
          client.call(setScheduleRoute, {
            query: { siteId: 1 },
            body: { kind: 'feed-update', cron: '0 * * * *' },
          }),
        )
      ).status,
    ).toBe(403);
    // A feed role does not schedule other kinds of jobs.
    const integrator = await server.as('integrator');
    expect(
      (
        await failure(
          integrator.call(setScheduleRoute, {
            query: { siteId: 1 },
            body: { kind: 'config-preview', cron: '0 * * * *' },
          }),
        )
      ).status,
    ).toBe(403);
    expect(await integrator.call(listSchedulesRoute, { query: { siteId: 1 } })).toEqual([]);
  });

  it('activation creates and schedules the feed job; deactivation deletes the schedules', async () => {
    const admin = await server.as('admin');
    const activated = await admin.call(enableSiteRoute, {
      params: { id: 2 },
      body: { enabled: true },
    });
    expect(activated.job).toMatchObject({ kind: 'feed-update', state: 'queued' });
    const schedules = await admin.call(listSchedulesRoute, { query: { siteId: 2 } });
    expect(schedules.map((s) => [s.kind, s.cron, s.timeZone, s.enabled])).toEqual([
      ['feed-update', hoursCron(24), 'UTC', true],
    ]);
    // The schedule follows the YML settings, which now say so (the feed loader shows it).
    const resources = await admin.call(feedLoaderResourcesRoute, { query: { siteId: 2 } });
    expect(resources.yml).toMatchObject({ scheduled: true, updateIntervalHours: 24 });
    const recent = await admin.call(recentJobsRoute, {
      query: { siteId: 2, kind: 'feed-update' },
    });
    expect(recent.map((job) => job.id)).toEqual([activated.job!.id]);

    await admin.call(enableSiteRoute, { params: { id: 2 }, body: { enabled: false } });
    expect(await admin.call(listSchedulesRoute, { query: { siteId: 2 } })).toEqual([]);
    expect(await admin.call(recentJobsRoute, { query: { siteId: 2 } })).toEqual([]);
  });
});

describe('schedules set from the console survive a restart (PGlite on disk)', () => {
  it('lists the same schedule after the server restarts', async () => {
    const dataDir = mkdtempSync(join(tmpdir(), 'vitrina-schedule-routes-'));
    let server = await startTestServer('pglite', {
      database: await createTestDatabase('pglite', dataDir, { seeded: true }),
      work: false,
    });
    const admin = await server.as('admin');
    const saved = await admin.call(setScheduleRoute, {
      query: { siteId: 1 },
      body: { kind: 'feed-update', cron: '15 */3 * * *' },
    });
    await server.close();
    server = await startTestServer('pglite', {
      database: await createTestDatabase('pglite', dataDir),
      seed: false,
      work: false,
    });
    try {
      const again = await server.as('admin');
      expect(await again.call(listSchedulesRoute, { query: { siteId: 1 } })).toEqual([saved]);
    } finally {
      await server.close();
    }
  }, 180_000);
});
