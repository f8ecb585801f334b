// The job reaper (server/platform/jobs/runner.ts): the config jobs that build artifacts must not block a
// site with 409 forever after a crash.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq, sql } from 'drizzle-orm';
import { jobs } from '#server/platform/db/schema.ts';
import { createJobRunner } from '#server/platform/jobs/runner.ts';
import { JOB_HANDLERS } from '#server/plugins/app/jobs.ts';
import { DATABASES, startTestServer, type TestServer } from '#tests/helpers/server.ts';

describe.each(DATABASES)('interrupted jobs on %s', (kind) => {
  let server: TestServer;
  beforeAll(async () => {
    // no worker: dispatched jobs stay 'created' in pg-boss, as if waiting for a busy worker
    server = await startTestServer(kind, { work: false });
  });
  afterAll(() => server.close());

  const db = () => server.database.db;
  const minutesAgo = (minutes: number) => new Date(Date.now() - minutes * 60_000);
  const stateOf = async (id: string) => (await db().select().from(jobs).where(eq(jobs.id, id)))[0]!;

  /** A job row only (never dispatched), in `state`, created and started `minutes` ago. */
  async function orphan(
    siteId: number,
    jobKind: string,
    state: 'queued' | 'running',
    minutes: number,
  ) {
    const [row] = await db()
      .insert(jobs)
      .values({
        siteId,
        kind: jobKind,
        state,
        createdBy: 'test',
        createdAt: minutesAgo(minutes),
        ...(state === 'running' && { startedAt: minutesAgo(minutes) }),
      })
      .returning();
    return row!;
  }

  it('fails running or queued jobs pg-boss no longer holds, and jobs running too long; spares the rest', async () => {
    await db()
      .delete(jobs)
      .where(sql`${jobs.state} in ('queued', 'running')`);
    const crashed = await orphan(1, 'config-generate', 'running', 5);
    const lost = await orphan(1, 'config-preview', 'queued', 5);
    const justInserted = await orphan(2, 'config-preview', 'queued', 0);
    // dispatched: pg-boss holds them
    const waiting = await server.app.jobs.launch({
      siteId: 2,
      kind: 'config-generate',
      createdBy: 'test',
    });
    await db()
      .update(jobs)
      .set({ state: 'running', createdAt: minutesAgo(5), startedAt: minutesAgo(5) })
      .where(eq(jobs.id, waiting.id));
    const stuck = await server.app.jobs.launch({
      siteId: 1,
      kind: 'feed-update',
      createdBy: 'test',
    });
    await db()
      .update(jobs)
      .set({ state: 'running', createdAt: minutesAgo(20), startedAt: minutesAgo(20) })
      .where(eq(jobs.id, stuck.id));

    // blocked: a second generate for site 1 is refused while the crashed one "runs"
    await expect(
      server.app.jobs.launch({ siteId: 1, kind: 'config-generate', createdBy: 'test' }),
    ).rejects.toMatchObject({ status: 409 });

    expect(await server.app.jobs.reap()).toBe(3);
    expect(await stateOf(crashed.id)).toMatchObject({
      state: 'failed',
      error: expect.stringMatching(/^interrupted: the job queue no longer holds this job/),
      finishedAt: expect.any(Date),
    });
    expect(await stateOf(lost.id)).toMatchObject({ state: 'failed' });
    expect(await stateOf(stuck.id)).toMatchObject({
      state: 'failed',
      error: 'interrupted: still running after 15 minutes',
    });
    expect((await stateOf(waiting.id)).state).toBe('running');
    expect((await stateOf(justInserted.id)).state).toBe('queued');
    expect(await server.app.jobs.reap()).toBe(0);

    // unblocked
    const again = await server.app.jobs.launch({
      siteId: 1,
      kind: 'config-generate',
      createdBy: 'test',
    });
    expect(again.state).toBe('queued');
  });

  it('reaps on start and then periodically', async () => {
    await db()
      .delete(jobs)
      .where(sql`${jobs.state} in ('queued', 'running')`);
    const before = await orphan(1, 'config-generate', 'running', 5);
    const runner = createJobRunner(server.database, {
      handlers: JOB_HANDLERS,
      logger: server.app.log,
      work: false,
      reapIntervalMs: 100,
    });
    await runner.start();
    try {
      expect((await stateOf(before.id)).state).toBe('failed');
      const later = await orphan(1, 'config-preview', 'running', 5);
      const end = Date.now() + 5000;
      while ((await stateOf(later.id)).state === 'running' && Date.now() < end) {
        await new Promise((resolve) => setTimeout(resolve, 50));
      }
      expect((await stateOf(later.id)).state).toBe('failed');
    } finally {
      await runner.stop();
    }
  });
});
