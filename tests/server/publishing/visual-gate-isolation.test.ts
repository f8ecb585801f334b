/**
 * The visual gate against a hostile template hook: an endless loop may not hold the gate's worker
 * (budgets per view and per run, cancel, runs orphaned by a restart), and the rendering page may
 * not reach the network (only the bundle's own files are served).
 */
import { execFileSync } from 'node:child_process';
import { createSocket } from 'node:dgram';
import { createServer, type Server } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq, sql } from 'drizzle-orm';
import { getConfigRoute, saveSearchConfigRoute } from '#contract/routes/configs.ts';
import { cancelJobRoute } from '#contract/routes/jobs.ts';
import { gateRunRoute, startGateRoute, type GateRun } from '#contract/routes/visual-gate.ts';
import { jobs, visualGateRuns } from '#server/platform/db/schema.ts';
import { executeGate } from '#server/publishing/visual-gate/gate.ts';
import {
  DATABASES,
  startTestServer,
  testEnv,
  type TestClient,
  type TestServer,
} from '#tests/helpers/server.ts';

const SITE = 1;
/** The second demo site (disabled; staff are attached to it). */
const OTHER_SITE = 2;
/**
 * A screenshot takes about a second on a quiet machine, but over ten under CI's full load (the
 * other site's check failed on a 10 s budget there): thirty leave room, and a looping view burns
 * a core for no longer than that.
 */
const VIEW_BUDGET_MS = 30_000;

/** Chromium processes this test process started (the gate's browsers run in-process). */
function chromiumChildren(): number {
  let out = '';
  try {
    out = execFileSync('ps', ['-o', 'pid=,comm=', '--ppid', String(process.pid)], {
      encoding: 'utf8',
    });
  } catch {
    // ps answers 1 when no process matches
  }
  return out.split('\n').filter((line) => /chrom/i.test(line)).length;
}

async function until<T>(read: () => Promise<T>, done: (value: T) => boolean, ms: number) {
  const end = Date.now() + ms;
  let value = await read();
  while (!done(value) && Date.now() < end) {
    await new Promise((resolve) => setTimeout(resolve, 250));
    value = await read();
  }
  return value;
}

/** Saves the site's instant search integration copy with these hooks. */
async function saveHooks(client: TestClient, siteId: number, hooks: Record<string, string>) {
  const current = await client.call(getConfigRoute, {
    params: { id: siteId, kind: 'instant-search' },
    query: {},
  });
  await client.call(saveSearchConfigRoute, {
    params: { kind: 'instant-search' },
    query: { siteId },
    body: {
      ...current.config,
      hookConfig: { silent: true, hooks },
      baseVersionId: current.versionId,
    },
  });
}

async function startRun(client: TestClient, siteId: number): Promise<GateRun> {
  const started = await client.call(startGateRoute, {
    params: { kind: 'instant-search' },
    query: { siteId },
  });
  return started.run!;
}

const readRun = (client: TestClient, siteId: number, runId: number) => () =>
  client.call(gateRunRoute, { params: { runId }, query: { siteId } });

/** A hook's source is its function's body (`detail` in scope). */
const LOOP_FOREVER = 'for (;;) {}';

describe.each(DATABASES)('visual gate against a looping hook on %s', (kind) => {
  let server: TestServer;
  let integrator: TestClient;
  let admin: TestClient;
  beforeAll(async () => {
    server = await startTestServer(kind, {
      env: { VISUAL_GATE: 'on', GATE_VIEW_TIMEOUT_MS: String(VIEW_BUDGET_MS) },
    });
    integrator = await server.as('integrator');
    admin = await server.as('admin');
  }, 180_000);
  afterAll(() => server.close());

  it('cancel stops the rendering: the browser is closed and the run says it was cancelled', async () => {
    await saveHooks(integrator, SITE, { init: LOOP_FOREVER });
    const run = await startRun(integrator, SITE);
    const [row] = await server.database.db
      .select({ jobId: visualGateRuns.jobId })
      .from(visualGateRuns)
      .where(eq(visualGateRuns.id, run.id));
    // Wait until the browser is up and stuck in the hook.
    expect(
      await until(
        async () => chromiumChildren(),
        (n) => n > 0,
        60_000,
      ),
    ).toBeGreaterThan(0);
    await admin.call(cancelJobRoute, { params: { id: SITE, jobId: row!.jobId! } });
    const after = await until(
      readRun(integrator, SITE, run.id),
      (value) => value.state !== 'running',
      VIEW_BUDGET_MS / 2,
    );
    expect(after.state).toBe('failed');
    expect(after.reason).toMatch(/cancelled by admin/i);
    expect(
      await until(
        async () => chromiumChildren(),
        (n) => n === 0,
        VIEW_BUDGET_MS / 2,
      ),
    ).toBe(0);
  }, 300_000);

  it('a run whose job was interrupted by a restart is marked failed, not running for ever', async () => {
    await saveHooks(integrator, SITE, { init: `${LOOP_FOREVER} ` });
    const run = await startRun(integrator, SITE);
    const [row] = await server.database.db
      .select({ jobId: visualGateRuns.jobId })
      .from(visualGateRuns)
      .where(eq(visualGateRuns.id, run.id));
    // What a restart leaves: the job claimed by a process that is gone, its heartbeat stale.
    await until(
      async () =>
        (await server.database.db.select().from(jobs).where(eq(jobs.id, row!.jobId!)))[0]!.state,
      (state) => state === 'running',
      60_000,
    );
    await server.database.db
      .update(jobs)
      .set({ owner: 'gone-host:1:deadbeef', heartbeatAt: sql`now() - interval '1 hour'` })
      .where(eq(jobs.id, row!.jobId!));
    expect(await server.app.jobs.reap()).toBeGreaterThan(0);
    const after = await readRun(integrator, SITE, run.id)();
    expect(after.state).toBe('failed');
    expect(after.reason).toMatch(/interrupted/);
  }, 300_000);
});

// The budgets are the browser's and the gate's clock, not the database's: on the first engine
// (the cancel and the restart above, which go through the job queue, run on both).
describe.each(DATABASES.slice(0, 1))('visual gate budgets against a looping hook on %s', (kind) => {
  let server: TestServer;
  let integrator: TestClient;
  beforeAll(async () => {
    server = await startTestServer(kind, {
      env: { VISUAL_GATE: 'on', GATE_VIEW_TIMEOUT_MS: String(VIEW_BUDGET_MS) },
    });
    integrator = await server.as('integrator');
  }, 180_000);
  afterAll(() => server.close());

  it('a view past its budget fails the run, the browser is closed, and another site is served', async () => {
    await saveHooks(integrator, SITE, { afterMount: LOOP_FOREVER });
    // Another tenant's check, queued behind the looping one.
    await saveHooks(integrator, OTHER_SITE, {});
    const looping = await startRun(integrator, SITE);
    const other = await startRun(integrator, OTHER_SITE);
    expect(looping.state).toBe('running');

    const failed = await until(
      readRun(integrator, SITE, looping.id),
      (run) => run.state !== 'running',
      240_000,
    );
    expect(failed.state).toBe('failed');
    expect(failed.reason).toMatch(`did not finish rendering within ${VIEW_BUDGET_MS / 1000} s`);
    const served = await until(
      readRun(integrator, OTHER_SITE, other.id),
      (run) => run.state !== 'running',
      240_000,
    );
    // The whole run on failure: its reason says which budget a loaded machine missed.
    expect({ state: served.state, reason: served.reason }).toEqual({
      state: 'passed',
      reason: null,
    });
    expect(
      await until(
        async () => chromiumChildren(),
        (n) => n === 0,
        20_000,
      ),
    ).toBe(0);
  }, 600_000);

  it('a run past its budget fails even while every view stays inside its own', async () => {
    await saveHooks(integrator, SITE, { afterMount: `${LOOP_FOREVER} ` });
    const saved = await integrator.call(getConfigRoute, {
      params: { id: SITE, kind: 'instant-search' },
      query: {},
    });
    // A run executed here, outside the worker, with a short run budget and a long view budget.
    const [row] = await server.database.db
      .insert(visualGateRuns)
      .values({
        siteId: SITE,
        kind: 'instant-search',
        key: 0,
        sourceVersionId: saved.versionId!,
        fingerprint: 'budget-test',
        state: 'running',
        createdBy: 'integrator',
      })
      .returning();
    const env = testEnv({
      VISUAL_GATE: 'on',
      GATE_VIEW_TIMEOUT_MS: '600000',
      GATE_RUN_TIMEOUT_MS: '5000',
    });
    const ended = await executeGate(server.database.db, env, row!.id).catch(() => null);
    const [stored] = await server.database.db
      .select()
      .from(visualGateRuns)
      .where(eq(visualGateRuns.id, row!.id));
    expect(ended).toBeNull();
    expect(stored!.state).toBe('failed');
    expect(stored!.reason).toMatch(/did not finish within 5 s/);
    expect(
      await until(
        async () => chromiumChildren(),
        (n) => n === 0,
        20_000,
      ),
    ).toBe(0);
  }, 300_000);
});

// What the page may reach is the browser's business, not the database's: run on the first engine.
describe.each(DATABASES.slice(0, 1))('the visual gate page has no network on %s', (kind) => {
  let server: TestServer;
  let integrator: TestClient;
  let tcp: Server;
  let tcpPort = 0;
  let tcpConnections = 0;
  const udp = createSocket('udp4');
  let udpPackets = 0;
  beforeAll(async () => {
    tcp = createServer((socket) => {
      tcpConnections += 1;
      socket.destroy();
    });
    await new Promise<void>((resolve) => tcp.listen(0, '127.0.0.1', resolve));
    tcpPort = (tcp.address() as { port: number }).port;
    udp.on('message', () => {
      udpPackets += 1;
    });
    await new Promise<void>((resolve) => udp.bind(0, '127.0.0.1', resolve));
    server = await startTestServer(kind, { env: { VISUAL_GATE: 'on' } });
    integrator = await server.as('integrator');
  }, 180_000);
  afterAll(async () => {
    await server.close();
    tcp.close();
    udp.close();
  });

  it('a hook sends fetch, an image, a beacon, a WebSocket and WebRTC to loopback: nothing arrives', async () => {
    const http = `http://127.0.0.1:${tcpPort}`;
    const hook = `
      try { fetch('${http}/fetch', { mode: 'no-cors' }).catch(function () {}); } catch (e) {}
      try { new Image().src = '${http}/image.png'; } catch (e) {}
      try { navigator.sendBeacon('${http}/beacon', 'x'); } catch (e) {}
      try { var ws = new WebSocket('ws://127.0.0.1:${tcpPort}/ws'); ws.onerror = function () {}; } catch (e) {}
      try {
        var Peer = window.RTCPeerConnection || window.webkitRTCPeerConnection;
        var peer = new Peer({ iceServers: [{ urls: 'stun:127.0.0.1:${udp.address().port}' }] });
        peer.createDataChannel('probe');
        peer.createOffer().then(function (offer) { return peer.setLocalDescription(offer); });
      } catch (e) {}
    `;
    await saveHooks(integrator, SITE, { init: hook });
    const run = await startRun(integrator, SITE);
    const ended = await until(
      readRun(integrator, SITE, run.id),
      (value) => value.state !== 'running',
      240_000,
    );
    expect({ tcpConnections, udpPackets }).toEqual({ tcpConnections: 0, udpPackets: 0 });
    expect(ended.reason).toBeNull();
    expect(['passed', 'changed']).toContain(ended.state);
  }, 300_000);
});
