import { previewBase } from '#server/publishing/bundle/preview-key.ts';
import { describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import {
  configVersionsRoute,
  deployConfigRoute,
  generateConfigRoute,
  generateStatusRoute,
  getConfigRoute,
  listRecommendationBlocksRoute,
  previewConfigRoute,
  previewStatusRoute,
  recommendationBlockVersionsRoute,
  saveRecommendationBlockRoute,
  saveSearchConfigRoute,
} from '#contract/routes/configs.ts';
import type { ApiError } from '#contract/client.ts';
import { unlistConfig } from '#contract/entities/config.ts';
import { jobs } from '#server/platform/db/schema.ts';
import { DATABASES, failure, type TestClient, untilSettled } from '#tests/helpers/server.ts';
import { suiteServer } from '#tests/helpers/suite.ts';
import { SITE, pointer } from './configs-jobs-fixtures.ts';

describe.each(DATABASES)('config jobs on %s', (kind) => {
  const server = suiteServer(kind);

  /** Polls a status call every 100 ms (the console: 1000 ms) until it stops answering 202. */
  async function settle(
    client: TestClient,
    route: typeof previewStatusRoute | typeof generateStatusRoute,
  ): Promise<{ status: number; error?: ApiError; body?: unknown }> {
    const response = await untilSettled(client, `/api${route.path}?siteId=${SITE}`);
    if (response.statusCode === 200) return { status: 200, body: response.json() };
    const error = await failure(client.call(route, { query: { siteId: SITE } }));
    return { status: error.status, error };
  }

  it('seeds the demo site: both copies, production enabled, a generated bundle behind /cdn/1/digi.js', async () => {
    const admin = await server.as('admin');
    for (const test of ['true', 'false'] as const) {
      for (const configKind of ['instant-search', 'autocomplete'] as const) {
        const copy = await admin.call(getConfigRoute, {
          params: { id: SITE, kind: configKind },
          query: { test },
        });
        expect(copy.versionId).not.toBeNull();
        expect(copy.config).toMatchObject({ enabled: true });
      }
      const blocks = await admin.call(listRecommendationBlocksRoute, {
        params: { id: SITE },
        query: { test },
      });
      expect(blocks.data).toHaveLength(1);
    }
    const production = await pointer(server, 'production');
    expect(production).not.toBeNull();
    const loader = await server.app.inject({ method: 'GET', url: `/cdn/${SITE}/digi.js` });
    expect(loader.statusCode).toBe(200);
    expect(loader.body).toContain(production!.hash);
  });

  it('answers 404 for the status of a site that never ran a job', async () => {
    const admin = await server.as('admin');
    const error = await failure(admin.call(previewStatusRoute, { query: { siteId: 2 } }));
    expect(error.status).toBe(404);
  });

  it('previews: 202 with the job, then status 200, the preview slot moves, production stays', async () => {
    const manager = await server.as('manager');
    const production = await pointer(server, 'production');
    const saved = await manager.call(saveSearchConfigRoute, {
      params: { kind: 'instant-search' },
      query: { siteId: SITE },
      body: {
        ...(
          await manager.call(getConfigRoute, {
            params: { id: SITE, kind: 'instant-search' },
            query: {},
          })
        ).config,
        css: '.digi-instant-search { outline: 1px solid red; }',
        baseVersionId: (
          await manager.call(getConfigRoute, {
            params: { id: SITE, kind: 'instant-search' },
            query: {},
          })
        ).versionId,
      },
    });
    expect(saved.version).toBe(2);
    const started = await manager.raw({
      method: 'POST',
      url: `/api/config/preview/instant-search?siteId=${SITE}`,
      headers: { 'x-xsrf-token': manager.cookies.get('XSRF-TOKEN')! },
    });
    expect(started.statusCode).toBe(202);
    expect(started.json()).toMatchObject({ kind: 'config-preview', siteId: SITE });
    const done = await settle(manager, previewStatusRoute);
    expect(done.status).toBe(200);
    expect(done.body).toMatchObject({ state: 'done', progress: 100 });
    const preview = await pointer(server, 'preview');
    expect(preview!.hash).not.toBe(production!.hash);
    expect((await pointer(server, 'production'))!.hash).toBe(production!.hash);
    const previewLoader = await server.app.inject({
      method: 'GET',
      url: `${await previewBase(server.database.db, SITE)}/digi.js`,
    });
    expect(previewLoader.body).toContain(preview!.hash);
    const css = await server.app.inject({
      method: 'GET',
      url: `/cdn/${SITE}/${preview!.hash}.css`,
    });
    expect(css.body).toContain('outline');
  });

  it('answers 409 while a job of the kind is queued or running, and status 202 meanwhile', async () => {
    const integrator = await server.as('integrator');
    // A job row nobody dispatches stays queued.
    const stuck = await server.app.jobs.enqueue(server.database.db, {
      siteId: SITE,
      kind: 'config-generate',
      payload: { kind: 'instant-search', key: 0, action: 'generate', sourceVersionId: 1 },
      createdBy: 'test',
    });
    const error = await failure(
      integrator.call(generateConfigRoute, {
        params: { kind: 'instant-search' },
        query: { siteId: SITE },
      }),
    );
    expect(error.status).toBe(409);
    const status = await integrator.raw({
      method: 'GET',
      url: `/api/config/generate/status?siteId=${SITE}`,
    });
    expect(status.statusCode).toBe(202);
    expect(status.json()).toMatchObject({ id: stuck.id, state: 'queued' });
    // deploy shares the kind: one promotion at a time.
    const blocks = await integrator.call(listRecommendationBlocksRoute, {
      params: { id: SITE },
      query: {},
    });
    expect(
      (
        await failure(
          integrator.call(deployConfigRoute, {
            params: { kind: 'recommendations-block' },
            query: { siteId: SITE, id: blocks.data[0]!.configId! },
          }),
        )
      ).status,
    ).toBe(409);
    const previewStuck = await server.app.jobs.enqueue(server.database.db, {
      siteId: SITE,
      kind: 'config-preview',
      createdBy: 'test',
    });
    expect(
      (
        await failure(
          integrator.call(previewConfigRoute, {
            params: { kind: 'tracking' },
            query: { siteId: SITE },
          }),
        )
      ).status,
    ).toBe(409);
    await server.database.db
      .update(jobs)
      .set({ state: 'failed', error: 'test cleanup', finishedAt: new Date() })
      .where(eq(jobs.id, stuck.id));
    await server.database.db
      .update(jobs)
      .set({ state: 'done', finishedAt: new Date() })
      .where(eq(jobs.id, previewStuck.id));
  });

  it('checks roles: a manager may not generate, a layout designer may', async () => {
    const manager = await server.as('manager');
    expect(
      (
        await failure(
          manager.call(generateConfigRoute, {
            params: { kind: 'instant-search' },
            query: { siteId: SITE },
          }),
        )
      ).status,
    ).toBe(403);
    const designer = await server.as('designer');
    // Layout designers have no recommendation roles: 403 on deploying a block.
    expect(
      (
        await failure(
          designer.call(deployConfigRoute, {
            params: { kind: 'recommendations-block' },
            query: { siteId: SITE, id: 1 },
          }),
        )
      ).status,
    ).toBe(403);
    // Nothing saved in the integration tracking copy: nothing to generate.
    const integrator = await server.as('integrator');
    expect(
      (
        await failure(
          integrator.call(generateConfigRoute, {
            params: { kind: 'tracking' },
            query: { siteId: SITE },
          }),
        )
      ).status,
    ).toBe(404);

    const before = await designer.call(configVersionsRoute, {
      params: { id: SITE, kind: 'instant-search' },
      query: { test: 'false' },
    });
    const integration = await designer.call(getConfigRoute, {
      params: { id: SITE, kind: 'instant-search' },
      query: {},
    });
    const production = await pointer(server, 'production');
    const job = await designer.call(generateConfigRoute, {
      params: { kind: 'instant-search' },
      query: { siteId: SITE },
    });
    expect(job).toMatchObject({ kind: 'config-generate' });
    const done = await settle(designer, generateStatusRoute);
    expect(done.status).toBe(200);
    const after = await designer.call(configVersionsRoute, {
      params: { id: SITE, kind: 'instant-search' },
      query: { test: 'false' },
    });
    expect(after).toHaveLength(before.length + 1);
    expect(after[0]).toMatchObject({
      version: before[0]!.version + 1,
      author: 'designer',
      configType: 'PRODUCTION',
      sourceVersionId: integration.versionId,
    });
    expect(done.body).toMatchObject({ result: { versionId: after[0]!.versionId } });
    const prodCopy = await designer.call(getConfigRoute, {
      params: { id: SITE, kind: 'instant-search' },
      query: { test: 'false' },
    });
    expect(prodCopy.config).toEqual(integration.config);
    const moved = await pointer(server, 'production');
    expect(moved!.hash).not.toBe(production!.hash);
    const loader = await server.app.inject({ method: 'GET', url: `/cdn/${SITE}/digi.js` });
    expect(loader.body).toContain(moved!.hash);
  });

  it('deploys one block: a new production version from the integration copy', async () => {
    const integrator = await server.as('integrator');
    const [block] = (
      await integrator.call(listRecommendationBlocksRoute, { params: { id: SITE }, query: {} })
    ).data;
    const configId = block!.configId!;
    // A list item is the block itself with its version beside it (spec §7).
    const { config, versionId } = unlistConfig(block!);
    const saved = await integrator.call(saveRecommendationBlockRoute, {
      query: { siteId: SITE },
      body: { ...config, message: 'Новое сообщение', baseVersionId: versionId },
    });
    await integrator.call(deployConfigRoute, {
      params: { kind: 'recommendations-block' },
      query: { siteId: SITE, id: configId },
    });
    expect((await settle(integrator, generateStatusRoute)).status).toBe(200);
    const history = await integrator.call(recommendationBlockVersionsRoute, {
      params: { id: SITE },
      query: { id: configId, test: 'false' },
    });
    expect(history[0]).toMatchObject({
      version: 2,
      configType: 'DEPLOY',
      sourceVersionId: saved.versionId,
    });
    const prod = await integrator.call(listRecommendationBlocksRoute, {
      params: { id: SITE },
      query: { test: 'false' },
    });
    expect(prod.data[0]!).toMatchObject({ message: 'Новое сообщение', test: false });
    // An id the site does not have: 404 before any job starts.
    expect(
      (
        await failure(
          integrator.call(deployConfigRoute, {
            params: { kind: 'global-component' },
            query: { siteId: SITE, id: 999_999 },
          }),
        )
      ).status,
    ).toBe(404);
  });

  it('a failed build: status 500 with the message, production unchanged', async () => {
    const designer = await server.as('designer');
    const current = await designer.call(getConfigRoute, {
      params: { id: SITE, kind: 'autocomplete' },
      query: {},
    });
    await designer.call(saveSearchConfigRoute, {
      params: { kind: 'autocomplete' },
      query: { siteId: SITE },
      body: { ...current.config, css: '.broken { color: ', baseVersionId: current.versionId },
    });
    const before = await designer.call(configVersionsRoute, {
      params: { id: SITE, kind: 'autocomplete' },
      query: { test: 'false' },
    });
    const production = await pointer(server, 'production');
    await designer.call(generateConfigRoute, {
      params: { kind: 'autocomplete' },
      query: { siteId: SITE },
    });
    const failed = await settle(designer, generateStatusRoute);
    expect(failed.status).toBe(500);
    expect(failed.error!.message).toMatch(/autocomplete\.css/);
    expect(failed.error!.body).toMatchObject({ status: 500 });
    expect(
      await designer.call(configVersionsRoute, {
        params: { id: SITE, kind: 'autocomplete' },
        query: { test: 'false' },
      }),
    ).toEqual(before);
    expect(await pointer(server, 'production')).toEqual(production);
  });
});
