/**
 * Preview, generate and deploy of a config: jobs, one of a kind per site at a time (409
 * otherwise); generate and deploy pass the visual gate first and promote the integration version
 * newest at launch. The status calls answer the site's newest job of a kind.
 */
import type { FastifyInstance } from 'fastify';
import {
  deployConfigRoute,
  generateConfigRoute,
  generateStatusRoute,
  previewConfigRoute,
  previewStatusRoute,
} from '#contract/routes/configs.ts';
import type { createConfigRepository } from '../../configs/repository.ts';
import { assertConfigRole, KIND_NAMES } from '../../configs/roles.ts';
import { HttpError, notFound } from '../../platform/http/http-error.ts';
import { toJob } from '../../platform/jobs/repository.ts';
import { registerRoute, type AuthUser } from '../../platform/http/register-route.ts';
import type { ConfigGeneratePayload } from '../../publishing/jobs/config-generate.ts';
import { assertGatePassed } from '../../publishing/visual-gate/gate.ts';

export function registerConfigJobs(
  app: FastifyInstance,
  configs: ReturnType<typeof createConfigRepository>,
) {
  registerRoute(app, previewConfigRoute, async ({ params, query, user, reply }) => {
    assertConfigRole(user, params.kind, 'preview');
    const job = await app.jobs.launch({
      siteId: query.siteId,
      kind: 'config-preview',
      payload: { kind: params.kind },
      createdBy: user.login,
    });
    reply.status(202);
    return toJob(job);
  });

  /** The job promotes the integration version newest now (what the user saw), never a later one. */
  async function startPromotion(
    siteId: number,
    target: Omit<ConfigGeneratePayload, 'sourceVersionId'>,
    user: AuthUser,
  ) {
    assertConfigRole(user, target.kind, 'generate');
    const source = await configs.latest({
      siteId,
      kind: target.kind,
      key: target.key,
      test: true,
    });
    if (!source || source.deleted) {
      const what = target.key
        ? `${KIND_NAMES[target.kind]} ${target.key}`
        : KIND_NAMES[target.kind];
      throw notFound(`A saved integration copy of the ${what} config of site ${siteId}`);
    }
    // The visual regression gate (server/publishing/visual-gate/): 409 until its changes are accepted.
    await assertGatePassed(app.database.db, app.env, {
      siteId,
      kind: target.kind,
      key: target.key,
      sourceVersionId: source.id,
    });
    const payload: ConfigGeneratePayload = { ...target, sourceVersionId: source.id };
    return toJob(
      await app.jobs.launch({ siteId, kind: 'config-generate', payload, createdBy: user.login }),
    );
  }

  registerRoute(app, generateConfigRoute, async ({ params, query, user, reply }) => {
    const job = await startPromotion(
      query.siteId,
      { kind: params.kind, key: 0, action: 'generate' },
      user,
    );
    reply.status(202);
    return job;
  });

  registerRoute(app, deployConfigRoute, async ({ params, query, user, reply }) => {
    const job = await startPromotion(
      query.siteId,
      { kind: params.kind, key: query.id, action: 'deploy' },
      user,
    );
    reply.status(202);
    return job;
  });

  /** The site's newest job of a kind: 202 while it runs, 200 done, 500 with its error, 404 none. */
  async function status(siteId: number, kind: string, reply: { status(code: number): unknown }) {
    const row = await configs.latestJob(siteId, kind);
    if (!row) throw notFound(`A ${kind} job of site ${siteId}`);
    const job = toJob(row);
    if (job.state === 'failed') throw new HttpError(500, job.error ?? 'The job failed', job);
    if (job.state === 'cancelled')
      throw new HttpError(410, job.error ?? 'The job was cancelled', job);
    reply.status(job.state === 'done' ? 200 : 202);
    return job;
  }

  registerRoute(app, previewStatusRoute, ({ query, reply }) =>
    status(query.siteId, 'config-preview', reply),
  );
  registerRoute(app, generateStatusRoute, ({ query, reply }) =>
    status(query.siteId, 'config-generate', reply),
  );
}
