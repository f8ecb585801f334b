import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, eq } from 'drizzle-orm';
import { getConfigRoute, saveSearchConfigRoute } from '#contract/routes/configs.ts';
import {
  acceptGateRoute,
  gateRunRoute,
  gateStatusRoute,
  startGateRoute,
  type GateRun,
} from '#contract/routes/visual-gate.ts';
import { auditLog } from '#server/platform/db/schema.ts';
import defaultTokens from '#storefront/styles/tokens/default-v3.5.json' with { type: 'json' };
import {
  DATABASES,
  failure,
  startTestServer,
  type TestClient,
  type TestServer,
} from '#tests/helpers/server.ts';

/** The demo site: instant search, autocomplete, a block and a component, generated. */
const SITE = 1;

/** The demo token set with the primary blue one unit darker in its blue channel. */
function darkerTokens(): Record<string, unknown> {
  const tokens = structuredClone(defaultTokens) as {
    Colors: { Base: { blue: { value: string } } };
  };
  expect(tokens.Colors.Base.blue.value).toBe('#5b3fd6');
  tokens.Colors.Base.blue.value = '#5b3fd5';
  return tokens as unknown as Record<string, unknown>;
}

const xsrf = (client: TestClient) => ({ 'x-xsrf-token': client.cookies.get('XSRF-TOKEN')! });

describe.each(DATABASES)('visual gate on %s', (kind) => {
  let server: TestServer;
  let integrator: TestClient;
  beforeAll(async () => {
    server = await startTestServer(kind, { env: { VISUAL_GATE: 'on' } });
    integrator = await server.as('integrator');
  });
  afterAll(() => server.close());

  const generate = () =>
    integrator.raw({
      method: 'POST',
      url: `/api/config/generate/instant-search?siteId=${SITE}`,
      headers: xsrf(integrator),
    });

  /** Starts (or finds) the run of the newest integration version and polls it until it settles. */
  async function runGate(client: TestClient): Promise<GateRun> {
    const started = await client.call(startGateRoute, {
      params: { kind: 'instant-search' },
      query: { siteId: SITE },
    });
    expect(started.enabled).toBe(true);
    let run = started.run!;
    const end = Date.now() + 240_000;
    while (run.state === 'running' && Date.now() < end) {
      await new Promise((resolve) => setTimeout(resolve, 250));
      run = await client.call(gateRunRoute, {
        params: { runId: run.id },
        query: { siteId: SITE },
      });
    }
    return run;
  }

  async function waitForGenerate(): Promise<number> {
    const end = Date.now() + 120_000;
    for (;;) {
      const status = await integrator.raw({
        method: 'GET',
        url: `/api/config/generate/status?siteId=${SITE}`,
      });
      if (status.statusCode !== 202 || Date.now() > end) return status.statusCode;
      await new Promise((resolve) => setTimeout(resolve, 200));
    }
  }

  it('refuses generate with 409 before the check ran', async () => {
    const refused = await generate();
    expect(refused.statusCode).toBe(409);
    expect((refused.json() as { message: string }).message).toMatch(
      /visual check has not run .*instant search/,
    );
  });

  // Rendering the eight views is the browser's work, not the database's: the full unchanged run
  // renders on the first engine; the colour change below stores and accepts a run on both.
  if (kind === DATABASES[0])
    it('passes an unchanged bundle on its own: every view renders identically, generate goes ahead', async () => {
      const run = await runGate(integrator);
      expect(run.state).toBe('passed');
      expect(run.reason).toBeNull();
      // Both search widgets, the block and the component, at 1280 and 768 px.
      expect(run.views.map((view) => view.view).sort()).toEqual(
        [
          'autocomplete@1280',
          'autocomplete@768',
          'block:1@1280',
          'block:1@768',
          'component:2@1280',
          'component:2@768',
          'instant-search@1280',
          'instant-search@768',
        ].sort(),
      );
      expect(run.views.every((view) => view.changedPixels === 0 && view.totalPixels > 0)).toBe(
        true,
      );
      // The rendered results are real pictures, not blank pages: the instant search view is tall.
      const image = await integrator.raw({
        method: 'GET',
        url: `/api/config/gate/run/${run.id}/image?siteId=${SITE}&view=instant-search%401280&image=candidate`,
      });
      expect(image.statusCode).toBe(200);
      expect(image.headers['content-type']).toBe('image/png');

      // Running it again answers the same run (nothing to redo).
      const again = await integrator.call(startGateRoute, {
        params: { kind: 'instant-search' },
        query: { siteId: SITE },
      });
      expect(again.run?.id).toBe(run.id);
      // A passed run has nothing to accept.
      const nothing = await failure(
        integrator.call(acceptGateRoute, { params: { runId: run.id }, query: { siteId: SITE } }),
      );
      expect(nothing.status).toBe(409);
      expect(nothing.message).toMatch(/Nothing to accept/);
      expect((await generate()).statusCode).toBe(202);
      expect(await waitForGenerate()).toBe(200);
    }, 300_000);

  it('catches a one-unit colour change of a token, refuses generate until a generate role accepts it', async () => {
    const current = await integrator.call(getConfigRoute, {
      params: { id: SITE, kind: 'instant-search' },
      query: {},
    });
    await integrator.call(saveSearchConfigRoute, {
      params: { kind: 'instant-search' },
      query: { siteId: SITE },
      body: { ...current.config, tokens: darkerTokens(), baseVersionId: current.versionId },
    });
    const run = await runGate(integrator);
    expect(run.state).toBe('changed');
    const byView = new Map(run.views.map((view) => [view.view, view]));
    // The primary colour paints the instant search (buttons, the search box): changed.
    expect(byView.get('instant-search@1280')!.changedPixels).toBeGreaterThan(0);
    expect(byView.get('instant-search@1280')!.share).toBeGreaterThan(0);
    expect(byView.get('instant-search@1280')!.share).toBeLessThan(1);

    const refused = await generate();
    expect(refused.statusCode).toBe(409);
    expect((refused.json() as { message: string }).message).toMatch(
      /found changes on screen .*must review and accept them/,
    );
    expect(
      (
        await integrator.call(gateStatusRoute, {
          params: { kind: 'instant-search' },
          query: { siteId: SITE },
        })
      ).run,
    ).toMatchObject({ id: run.id, state: 'changed', current: true });

    // A manager has no generate role: neither the check nor the acceptance.
    const manager = await server.as('manager');
    expect(
      (
        await failure(
          manager.call(acceptGateRoute, { params: { runId: run.id }, query: { siteId: SITE } }),
        )
      ).status,
    ).toBe(403);

    const accepted = await integrator.call(acceptGateRoute, {
      params: { runId: run.id },
      query: { siteId: SITE },
    });
    expect(accepted).toMatchObject({ state: 'accepted', acceptedBy: 'integrator' });
    expect(accepted.acceptedAt).not.toBeNull();
    const [audit] = await server.database.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.entity, 'visual-gate'), eq(auditLog.actor, 'integrator')));
    expect(audit).toMatchObject({
      action: 'accept',
      entityId: `${SITE}/instant-search/0/${run.sourceVersionId}`,
      after: expect.objectContaining({ state: 'accepted', sourceVersionId: run.sourceVersionId }),
    });

    // Accepted: the version goes to production.
    expect((await generate()).statusCode).toBe(202);
    expect(await waitForGenerate()).toBe(200);
    // Accepting twice changes nothing.
    expect(
      await integrator.call(acceptGateRoute, {
        params: { runId: run.id },
        query: { siteId: SITE },
      }),
    ).toMatchObject({ state: 'accepted', acceptedAt: accepted.acceptedAt });
  }, 300_000);
});
