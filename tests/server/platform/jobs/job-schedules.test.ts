// Per-site recurring jobs (server/platform/jobs/schedules.ts): the next run of a cron in a time zone, the
// tick launching due schedules (a still-running job skips a run), pg-boss's cron firing the tick,
// and schedules surviving a restart.
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, eq, sql } from 'drizzle-orm';
import { jobSchedules, jobs } from '#server/platform/db/schema.ts';
import { nextRun, SCHEDULE_TICK_QUEUE } from '#server/platform/jobs/schedules.ts';
import {
  createTestDatabase,
  DATABASES,
  startTestServer,
  type TestServer,
} from '#tests/helpers/server.ts';

describe('next run', () => {
  it('follows the cron in the schedule time zone', () => {
    const after = new Date('2026-11-23T10:30:00Z');
    expect(nextRun('0 */4 * * *', 'UTC', after).toISOString()).toBe('2026-11-23T12:00:00.000Z');
    expect(nextRun('0 3 * * *', 'Europe/Moscow', after).toISOString()).toBe(
      '2026-11-24T00:00:00.000Z',
    );
    expect(nextRun('*/15 * * * *', 'UTC', after).toISOString()).toBe('2026-11-23T10:45:00.000Z');
  });

  it('refuses an invalid expression or zone with a 400', () => {
    for (const [cron, zone] of [
      ['every hour', 'UTC'],
      ['0 * * *', 'UTC'],
      ['61 * * * *', 'UTC'],
      ['0 * * * *', 'Mars/Olympus'],
    ] as const) {
      expect(() => nextRun(cron, zone, new Date())).toThrow(
        expect.objectContaining({ status: 400 }),
      );
    }
  });
});

describe.each(DATABASES)('schedules on %s', (kind) => {
  let server: TestServer;
  beforeAll(async () => {
    server = await startTestServer(kind, { work: false });
  });
  afterAll(() => server.close());

  it('launches the due schedules once, skips a run whose job still runs, leaves the rest', async () => {
    const { schedules } = server.app.jobs;
    const { db } = server.database;
    const due = await schedules.upsert({
      siteId: 1,
      kind: 'feed-update',
      cron: '0 */4 * * *',
      createdBy: 'admin',
    });
    const busy = await schedules.upsert({
      siteId: 2,
      kind: 'feed-update',
      cron: '*/30 * * * *',
      createdBy: 'admin',
    });
    const later = await schedules.upsert({
      siteId: 2,
      kind: 'config-preview',
      cron: '0 0 1 1 *',
      createdBy: 'admin',
    });
    expect(later.nextRunAt.getTime()).toBeGreaterThan(Date.now());
    // Upsert replaces the site's schedule of a kind.
    const replaced = await schedules.upsert({
      siteId: 1,
      kind: 'feed-update',
      cron: '0 */2 * * *',
      createdBy: 'admin',
    });
    expect(replaced.id).toBe(due.id);
    expect(replaced.cron).toBe('0 */2 * * *');
    await expect(
      schedules.upsert({ siteId: 1, kind: 'no-such-kind', cron: '* * * * *', createdBy: 'x' }),
    ).rejects.toMatchObject({ status: 400 });

    const running = await server.app.jobs.launch({
      siteId: 2,
      kind: 'feed-update',
      createdBy: 'test',
    });
    const now = new Date(Date.now() + 5 * 3600_000);
    const first = await schedules.tick(now);
    expect(first.launched.map((job) => [job.siteId, job.kind, job.createdBy])).toEqual([
      [1, 'feed-update', 'admin'],
    ]);
    expect(first.skipped).toBe(1);
    const rows = await schedules.list(1);
    expect(rows[0]).toMatchObject({ lastRunAt: now, lastJobId: first.launched[0]!.id });
    expect(rows[0]!.nextRunAt.getTime()).toBeGreaterThan(now.getTime());
    const [busyRow] = await db.select().from(jobSchedules).where(eq(jobSchedules.id, busy.id));
    expect(busyRow!.lastJobId).toBeNull();
    expect(busyRow!.nextRunAt.getTime()).toBeGreaterThan(now.getTime());
    // Nothing is due again at the same moment.
    expect(await schedules.tick(now)).toEqual({ launched: [], skipped: 0 });
    await db
      .update(jobs)
      .set({ state: 'done' })
      .where(sql`${jobs.id} in (${running.id}, ${first.launched[0]!.id})`);
    expect(await schedules.remove(2, 'config-preview')).toBe(true);
    expect(await schedules.remove(2, 'config-preview')).toBe(false);
  });
});

describe('schedules fired by pg-boss cron, surviving a restart (PGlite on disk)', () => {
  const dataDir = mkdtempSync(join(tmpdir(), 'vitrina-schedules-'));

  it('keeps the schedule and the tick across a restart, and the tick launches the due job', async () => {
    let database = await createTestDatabase('pglite', dataDir, { seeded: true });
    let server = await startTestServer('pglite', { database, work: false });
    await server.app.jobs.schedules.upsert({
      siteId: 1,
      kind: 'feed-update',
      cron: '*/5 * * * *',
      createdBy: 'admin',
    });
    await server.close();

    database = await createTestDatabase('pglite', dataDir);
    // Fell due while the server was down. pg-boss's cron sends the tick (checked every second
    // here, every 30 s by default), and the tick launches the job.
    await database.db
      .update(jobSchedules)
      .set({ nextRunAt: new Date(Date.now() - 1000) })
      .where(eq(jobSchedules.siteId, 1));
    server = await startTestServer('pglite', {
      database,
      seed: false,
      work: true,
      cronIntervalSeconds: 1,
    });
    try {
      const ticks = await server.app.jobs.bossSchedules();
      expect(ticks.map((s) => [s.name, s.cron])).toEqual([[SCHEDULE_TICK_QUEUE, '* * * * *']]);
      expect(await server.app.jobs.schedules.list(1)).toHaveLength(1);
      let launched: unknown[] = [];
      // A worker polls the tick's queue: seconds, more on a loaded machine.
      for (let i = 0; i < 900 && launched.length === 0; i++) {
        await new Promise((resolve) => setTimeout(resolve, 200));
        launched = await server.database.db
          .select()
          .from(jobs)
          .where(
            and(eq(jobs.siteId, 1), eq(jobs.kind, 'feed-update'), eq(jobs.createdBy, 'admin')),
          );
      }
      expect(launched).toHaveLength(1);
    } finally {
      await server.close();
    }
  }, 240_000);
});
