/**
 * A cancelled generate or deploy promotes nothing: the job checks its signal (a cancel in this
 * process) and, first in the production transaction, its row (a cancel in another process), and
 * ends as cancelled saying production did not change. A promotion that commits ends its job in the
 * same transaction, so a later cancel answers 409.
 */
import { describe, expect, it } from 'vitest';
import { and, eq } from 'drizzle-orm';
import {
  configVersionsRoute,
  deployConfigRoute,
  generateConfigRoute,
  generateStatusRoute,
  getConfigRoute,
  listRecommendationBlocksRoute,
  saveSearchConfigRoute,
} from '#contract/routes/configs.ts';
import { cancelJobRoute } from '#contract/routes/jobs.ts';
import { artifactPointers, artifacts } from '#server/platform/db/schema.ts';
import type { JobContext } from '#server/platform/jobs/runner.ts';
import {
  CANCELLED_BEFORE_PRODUCTION,
  configGenerateJob,
} from '#server/publishing/jobs/config-generate.ts';
import { DATABASES, failure, type TestClient, type TestServer } from '#tests/helpers/server.ts';
import { suiteServer } from '#tests/helpers/suite.ts';

const SITE = 1;

/** With the worker off, the test runs the handler itself, as the runner would. */
describe.each(DATABASES)('a cancelled config promotion on %s', (kind) => {
  const server = suiteServer(kind, { work: false });

  async function run(
    id: string,
    overrides: Partial<Pick<JobContext, 'signal' | 'progress'>> = {},
  ): Promise<unknown> {
    const job = await server.app.jobs.get(id);
    if (!job) throw new Error(`job ${id} is gone`);
    return configGenerateJob({
      job,
      db: server.database.db,
      env: server.app.env,
      signal: new AbortController().signal,
      progress: async () => {},
      ...overrides,
    });
  }

  /** Saves a visible change to the integration instant search and launches its generate. */
  async function launchGenerate(designer: TestClient, css: string) {
    const current = await designer.call(getConfigRoute, {
      params: { id: SITE, kind: 'instant-search' },
      query: {},
    });
    await designer.call(saveSearchConfigRoute, {
      params: { kind: 'instant-search' },
      query: { siteId: SITE },
      body: { ...current.config, css, baseVersionId: current.versionId },
    });
    return designer.call(generateConfigRoute, {
      params: { kind: 'instant-search' },
      query: { siteId: SITE },
    });
  }

  const productionVersions = (client: TestClient) =>
    client.call(configVersionsRoute, {
      params: { id: SITE, kind: 'instant-search' },
      query: { test: 'false' },
    });

  it('a cancel while the bundle builds (another process: only the row says so) stops it at the production transaction', async () => {
    const designer = await server.as('designer');
    const job = await launchGenerate(designer, '.cancelled-mid-build { color: red; }');
    const production = await pointer(server);
    const versions = await productionVersions(designer);

    await expect(
      run(job.id, {
        // The cancel lands after the job started; this handler's signal is never aborted.
        progress: async () => {
          await designer.call(cancelJobRoute, { params: { id: SITE, jobId: job.id } });
        },
      }),
    ).rejects.toThrow(/nothing was promoted/);

    expect(await pointer(server)).toEqual(production);
    expect(await productionVersions(designer)).toEqual(versions);
    const row = await server.app.jobs.get(job.id);
    expect(row).toMatchObject({
      state: 'cancelled',
      errorCode: 'errors:jobs.cancelled',
      error: `Cancelled by designer: ${CANCELLED_BEFORE_PRODUCTION}`,
    });
    // The status call answers 410 with that text.
    const status = await failure(designer.call(generateStatusRoute, { query: { siteId: SITE } }));
    expect(status.status).toBe(410);
    expect(status.message).toContain(CANCELLED_BEFORE_PRODUCTION);
    const cdn = await server.app.inject({ method: 'GET', url: `/cdn/${SITE}/digi.js` });
    expect(cdn.body).toContain(production!.hash);
  });

  it('a cancel in this process aborts the signal: a deploy stops before production, and says so', async () => {
    const integrator = await server.as('integrator');
    const [block] = (
      await integrator.call(listRecommendationBlocksRoute, { params: { id: SITE }, query: {} })
    ).data;
    const job = await integrator.call(deployConfigRoute, {
      params: { kind: 'recommendations-block' },
      query: { siteId: SITE, id: block!.configId! },
    });
    const production = await pointer(server);
    const before = await integrator.call(listRecommendationBlocksRoute, {
      params: { id: SITE },
      query: { test: 'false' },
    });
    const controller = new AbortController();

    await expect(
      run(job.id, {
        signal: controller.signal,
        progress: async () => {
          await integrator.call(cancelJobRoute, { params: { id: SITE, jobId: job.id } });
          controller.abort(new Error('Cancelled by integrator'));
        },
      }),
    ).rejects.toThrow('Cancelled by integrator');

    expect(await pointer(server)).toEqual(production);
    expect(
      await integrator.call(listRecommendationBlocksRoute, {
        params: { id: SITE },
        query: { test: 'false' },
      }),
    ).toEqual(before);
    expect(await server.app.jobs.get(job.id)).toMatchObject({
      state: 'cancelled',
      error: `Cancelled by integrator: ${CANCELLED_BEFORE_PRODUCTION}`,
    });
  });

  it('a promotion that commits ends its job in the same transaction: the cancel after it answers 409', async () => {
    const designer = await server.as('designer');
    const job = await launchGenerate(designer, '.promoted { color: green; }');
    const production = await pointer(server);

    const result = await run(job.id);

    const promoted = await pointer(server);
    expect(promoted!.hash).not.toBe(production!.hash);
    expect(result).toMatchObject({ hash: promoted!.hash, artifactId: promoted!.artifactId });
    // Done with its result before the runner's own finish (which this test never calls).
    expect(await server.app.jobs.get(job.id)).toMatchObject({
      state: 'done',
      progress: 100,
      result: JSON.parse(JSON.stringify(result)),
    });
    const late = await failure(
      designer.call(cancelJobRoute, { params: { id: SITE, jobId: job.id } }),
    );
    expect(late.status).toBe(409);
    expect((await productionVersions(designer))[0]).toMatchObject({ author: 'designer' });
  });
});

/** The artifact SITE's production slot points at (its id and hash), or null. */
async function pointer(server: TestServer) {
  const [row] = await server.database.db
    .select({ artifactId: artifactPointers.artifactId, hash: artifacts.hash })
    .from(artifactPointers)
    .innerJoin(artifacts, eq(artifacts.id, artifactPointers.artifactId))
    .where(and(eq(artifactPointers.siteId, SITE), eq(artifactPointers.slot, 'production')));
  return row ?? null;
}
