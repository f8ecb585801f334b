// Jobs after a crash, cancel and never-ending feeds: a job of a dead process is
// failed when the server starts (not 409 for 15 minutes); DELETE /api/site/:id/jobs/:jobId
// aborts the download and the import; a feed that stops sending hits the idle timeout.
import { spawnSync } from 'node:child_process';
import { createServer, type IncomingMessage, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { hostname } from 'node:os';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, eq, ne } from 'drizzle-orm';
import { cancelJobRoute } from '#contract/routes/jobs.ts';
import { siteJobRoute } from '#contract/routes/sites.ts';
import { catalogImports, jobs, sites } from '#server/platform/db/schema.ts';
import { createJobRunner } from '#server/platform/jobs/runner.ts';
import { JOB_HANDLERS } from '#server/plugins/app/jobs.ts';
import { DATABASES, failure, startTestServer, type TestServer } from '#tests/helpers/server.ts';

/** A feed server on loopback: `/slow` sends the start of a feed and then nothing (or spaces), forever. */
let feedServer: Server;
let port = 0;
const requests: IncomingMessage[] = [];
const closed: string[] = [];

beforeAll(async () => {
  feedServer = createServer((request, response) => {
    requests.push(request);
    request.socket.on('close', () => closed.push(request.url ?? ''));
    response.writeHead(200, { 'content-type': 'text/xml' });
    response.write(
      '<?xml version="1.0" encoding="UTF-8"?>\n<yml_catalog date="2026-11-21"><shop><name>Slow</name>' +
        ' '.repeat(400),
    );
    // `?cancel` trickles a space now and then (no idle timeout): only a cancel ends it.
    if (request.url?.includes('cancel')) {
      const timer = setInterval(() => response.write(' '), 300);
      request.socket.on('close', () => clearInterval(timer));
    }
  });
  await new Promise<void>((resolve) => feedServer.listen(0, '127.0.0.1', resolve));
  port = (feedServer.address() as AddressInfo).port;
});
afterAll(async () => {
  for (const request of requests) request.socket.destroy();
  await new Promise<void>((resolve) => feedServer.close(() => resolve()));
});

async function until<T>(read: () => Promise<T>, done: (value: T) => boolean): Promise<T> {
  let value = await read();
  for (let i = 0; i < 200 && !done(value); i++) {
    await new Promise((resolve) => setTimeout(resolve, 100));
    value = await read();
  }
  return value;
}

describe.each(DATABASES)('jobs of dead processes on %s', (kind) => {
  let server: TestServer;
  beforeAll(async () => {
    server = await startTestServer(kind, { work: false });
  });
  afterAll(() => server.close());

  const stateOf = async (id: string) =>
    (await server.database.db.select().from(jobs).where(eq(jobs.id, id)))[0]!;

  async function runningJob(siteId: number, jobKind: string, owner: string, heartbeatAgoMs = 0) {
    const [row] = await server.database.db
      .insert(jobs)
      .values({
        siteId,
        kind: jobKind,
        state: 'running',
        createdBy: 'test',
        startedAt: new Date(),
        owner,
        heartbeatAt: new Date(Date.now() - heartbeatAgoMs),
      })
      .returning();
    return row!;
  }

  it('fails at start-up the jobs of a process that is gone, so the site is not blocked', async () => {
    // A process of this host that exited (kill -9 during an import leaves exactly this).
    const gone = spawnSync(process.execPath, ['-e', '']).pid!;
    const crashed = await runningJob(1, 'feed-update', `${hostname()}:${gone}:a1b2c3d4`);
    const staleElsewhere = await runningJob(1, 'config-preview', 'other-host:1:x', 5 * 60_000);
    const aliveElsewhere = await runningJob(2, 'config-preview', 'other-host:2:y');
    await expect(
      server.app.jobs.launch({ siteId: 1, kind: 'feed-update', createdBy: 'test' }),
    ).rejects.toMatchObject({ status: 409 });

    const runner = createJobRunner(server.database, {
      handlers: JOB_HANDLERS,
      logger: server.app.log,
      work: false,
    });
    await runner.start();
    try {
      expect(await stateOf(crashed.id)).toMatchObject({
        state: 'failed',
        errorCode: 'errors:jobs.interrupted',
        error: expect.stringMatching(/^interrupted: the server process running it stopped/),
      });
      expect((await stateOf(staleElsewhere.id)).state).toBe('failed');
      // On PostgreSQL another host's process with a fresh heartbeat is alive; the embedded
      // database has one process only, so any other owner is dead.
      expect((await stateOf(aliveElsewhere.id)).state).toBe(
        kind === 'pglite' ? 'failed' : 'running',
      );
    } finally {
      await runner.stop();
      await server.database.db
        .update(jobs)
        .set({ state: 'failed' })
        .where(eq(jobs.id, aliveElsewhere.id));
    }
    const again = await server.app.jobs.launch({
      siteId: 1,
      kind: 'feed-update',
      createdBy: 'test',
    });
    expect(again.state).toBe('queued');
  });

  it('stopping tells the running handlers, so what they hold ends with the server', async () => {
    let started!: () => void;
    const running = new Promise<void>((resolve) => (started = resolve));
    let reason: unknown = null;
    const runner = createJobRunner(server.database, {
      handlers: {
        'config-preview': ({ signal }) =>
          new Promise((_, reject) => {
            signal.addEventListener('abort', () => {
              reason = signal.reason;
              reject(signal.reason as Error);
            });
            started();
          }),
      },
      logger: server.app.log,
      schedules: false,
      pollingIntervalSeconds: 0.5,
    });
    await runner.start();
    const job = await runner.enqueue(server.database.db, {
      siteId: 2,
      kind: 'config-preview',
      createdBy: 'test',
    });
    await runner.dispatch(job);
    await running;
    await runner.stop();
    expect(String(reason)).toMatch(/interrupted: the server is stopping/);
    expect(await stateOf(job.id)).toMatchObject({
      state: 'failed',
      error: expect.stringMatching(/^interrupted: the server is stopping/),
    });
  });
});

describe.each(DATABASES)('cancelling and idle feeds on %s', (kind) => {
  let server: TestServer;
  beforeAll(async () => {
    server = await startTestServer(kind, {
      work: true,
      env: { FETCH_ALLOW_HOSTS: '127.0.0.1', FETCH_IDLE_TIMEOUT_MS: '1500' },
    });
    await server.database.db
      .update(sites)
      .set({ feedUrl: `http://127.0.0.1:${port}/slow` })
      .where(eq(sites.id, 2));
  });
  afterAll(() => server.close());

  const jobRow = async (id: string) =>
    (await server.database.db.select().from(jobs).where(eq(jobs.id, id)))[0]!;

  it('cancels a running import: the download is aborted, nothing is staged, the site is free', async () => {
    const admin = await server.as('admin');
    const slowUrl = `http://127.0.0.1:${port}/slow?cancel-${kind}`;
    await server.database.db.update(sites).set({ feedUrl: slowUrl }).where(eq(sites.id, 2));
    const job = await server.app.jobs.launch({ siteId: 2, kind: 'feed-update', createdBy: 'test' });
    await until(
      async () => requests.filter((r) => r.url === `/slow?cancel-${kind}`).length,
      (n) => n > 0,
    );
    expect((await jobRow(job.id)).state).toBe('running');

    // Only the roles that start the job may cancel it.
    const client = await server.as('client');
    expect(
      (await failure(client.call(cancelJobRoute, { params: { id: 2, jobId: job.id } }))).status,
    ).toBe(403);

    const cancelled = await admin.call(cancelJobRoute, { params: { id: 2, jobId: job.id } });
    expect(cancelled).toMatchObject({ state: 'cancelled', error: 'Cancelled by admin' });
    // The handler stops: the loopback server sees its connection closed.
    expect(await until(async () => closed.includes(`/slow?cancel-${kind}`), Boolean)).toBe(true);
    const status = await failure(admin.call(siteJobRoute, { params: { id: 2, jobId: job.id } }));
    expect(status.status).toBe(410);
    // No staged import is left behind; the finished job cannot be cancelled again.
    const staged = await until(
      () =>
        server.database.db
          .select()
          .from(catalogImports)
          .where(and(eq(catalogImports.siteId, 2), ne(catalogImports.state, 'live'))),
      (rows) => rows.length === 0,
    );
    expect(staged).toEqual([]);
    expect(
      (await failure(admin.call(cancelJobRoute, { params: { id: 2, jobId: job.id } }))).status,
    ).toBe(409);
    expect((await jobRow(job.id)).state).toBe('cancelled');
    // The site is not stuck: the next import starts at once.
    const next = await server.app.jobs.launch({
      siteId: 2,
      kind: 'feed-update',
      createdBy: 'test',
    });
    await admin.call(cancelJobRoute, { params: { id: 2, jobId: next.id } });
  });

  it('fails a feed that stops sending with the idle timeout, with a code the console translates', async () => {
    await server.database.db
      .update(sites)
      .set({ feedUrl: `http://127.0.0.1:${port}/slow?idle-${kind}` })
      .where(eq(sites.id, 2));
    const job = await server.app.jobs.launch({ siteId: 2, kind: 'feed-update', createdBy: 'test' });
    const row = await until(
      () => jobRow(job.id),
      (r) => r.state !== 'queued' && r.state !== 'running',
    );
    expect(row).toMatchObject({
      state: 'failed',
      errorCode: 'errors:fetch.idle-timeout',
      error: expect.stringMatching(/^Nothing received from 127\.0\.0\.1:\d+ for 2 s$/),
    });
  });

  it('refuses a feed URL on loopback without the allow-list, before connecting', async () => {
    const strict = await startTestServer(kind, { work: true });
    try {
      await strict.database.db
        .update(sites)
        .set({ feedUrl: `http://127.0.0.1:${port}/slow?strict-${kind}` })
        .where(eq(sites.id, 2));
      const job = await strict.app.jobs.launch({
        siteId: 2,
        kind: 'feed-update',
        createdBy: 'test',
      });
      const row = await until(
        async () => (await strict.database.db.select().from(jobs).where(eq(jobs.id, job.id)))[0]!,
        (r) => r.state === 'failed' || r.state === 'done',
      );
      expect(row).toMatchObject({ state: 'failed', errorCode: 'errors:fetch.blocked-address' });
      expect(requests.some((r) => r.url === `/slow?strict-${kind}`)).toBe(false);
    } finally {
      await strict.close();
    }
  });
});
