import { describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import {
  configVersionsRoute,
  deleteRecommendationBlockRoute,
  deployConfigRoute,
  generateConfigRoute,
  getConfigRoute,
  listRecommendationBlocksRoute,
  saveSearchConfigRoute,
} from '#contract/routes/configs.ts';
import { jobs } from '#server/platform/db/schema.ts';
import { configGenerateJob } from '#server/publishing/jobs/config-generate.ts';
import { DATABASES } from '#tests/helpers/server.ts';
import { suiteServer } from '#tests/helpers/suite.ts';
import { SITE, pointer } from './configs-jobs-fixtures.ts';

/** With the worker off, a launched job stays queued until the test runs its handler. */
describe.each(DATABASES)('config promotion of the launched version on %s', (kind) => {
  const server = suiteServer(kind, { work: false });

  async function runJob(id: string) {
    const job = await server.app.jobs.get(id);
    if (!job) throw new Error(`job ${id} is gone`);
    try {
      return await configGenerateJob({
        job,
        db: server.database.db,
        env: server.app.env,
        signal: new AbortController().signal,
        progress: async () => {},
      });
    } finally {
      // What the runner does after the handler: the job no longer blocks the next launch.
      await server.database.db
        .update(jobs)
        .set({ state: 'done', finishedAt: new Date() })
        .where(eq(jobs.id, id));
    }
  }

  it('generate promotes the integration version newest at launch, not one saved after it', async () => {
    const designer = await server.as('designer');
    const launched = await designer.call(getConfigRoute, {
      params: { id: SITE, kind: 'instant-search' },
      query: {},
    });
    const job = await designer.call(generateConfigRoute, {
      params: { kind: 'instant-search' },
      query: { siteId: SITE },
    });
    const later = await designer.call(saveSearchConfigRoute, {
      params: { kind: 'instant-search' },
      query: { siteId: SITE },
      body: {
        ...launched.config,
        css: '.saved-after-launch { color: red; }',
        baseVersionId: launched.versionId,
      },
    });
    expect(later.versionId).not.toBe(launched.versionId);

    const result = await runJob(job.id);
    expect(result).toMatchObject({ sourceVersionId: launched.versionId });
    const history = await designer.call(configVersionsRoute, {
      params: { id: SITE, kind: 'instant-search' },
      query: { test: 'false' },
    });
    expect(history[0]).toMatchObject({ sourceVersionId: launched.versionId, author: 'designer' });
    const production = await designer.call(getConfigRoute, {
      params: { id: SITE, kind: 'instant-search' },
      query: { test: 'false' },
    });
    expect(production.config).toEqual(launched.config);
    expect(JSON.stringify(production.config)).not.toContain('saved-after-launch');
    expect((await server.app.jobs.get(job.id))?.payload).toMatchObject({
      sourceVersionId: launched.versionId,
    });
  });

  it('deploy of a block deleted after the launch fails and writes no production version', async () => {
    const integrator = await server.as('integrator');
    const [block] = (
      await integrator.call(listRecommendationBlocksRoute, { params: { id: SITE }, query: {} })
    ).data;
    const configId = block!.configId!;
    const job = await integrator.call(deployConfigRoute, {
      params: { kind: 'recommendations-block' },
      query: { siteId: SITE, id: configId },
    });
    const admin = await server.as('admin');
    await admin.call(deleteRecommendationBlockRoute, { query: { siteId: SITE, id: configId } });
    const production = await pointer(server, 'production');
    await expect(runJob(job.id)).rejects.toThrow(/was deleted/);
    expect(
      await admin.call(listRecommendationBlocksRoute, {
        params: { id: SITE },
        query: { test: 'false' },
      }),
    ).toEqual({ data: [] });
    expect(await pointer(server, 'production')).toEqual(production);
  });
});
