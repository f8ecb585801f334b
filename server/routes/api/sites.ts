import type { FastifyInstance } from 'fastify';
import {
  createVerticalRoute,
  deleteSiteFeedsRoute,
  deleteSiteRoute,
  enableSiteRoute,
  getSiteRoute,
  listSitesRoute,
  listVerticalsRoute,
  siteFeedsRoute,
  siteJobRoute,
  updateSiteRoute,
} from '#contract/routes/sites.ts';
import { previewBase } from '../../publishing/bundle/preview-key.ts';
import { scheduleFeedsOnActivation } from '../../feeds/activation.ts';
import { HttpError, notFound } from '../../platform/http/http-error.ts';
import { registerRoute } from '../../platform/http/register-route.ts';
import { toJob, type JobRow } from '../../platform/jobs/repository.ts';

export async function siteRoutes(app: FastifyInstance) {
  const { sites, feeds, verticals } = app.repos;

  registerRoute(app, listSitesRoute, ({ user, query }) =>
    sites.list({ userId: user.id, all: user.seesAllSites }, query.search),
  );

  // The preview demo page's path holds the site's preview key: only for users of the site.
  registerRoute(app, getSiteRoute, async ({ site }) => ({
    ...site,
    previewPage: `${await previewBase(app.database.db, site.siteId)}/demo.html`,
  }));

  registerRoute(app, updateSiteRoute, async ({ params, body, user }) => {
    const site = await sites.update(params.id, body, user.login);
    if (!site) throw notFound('Site');
    return site;
  });

  registerRoute(app, deleteSiteRoute, async ({ params, user }) => {
    if (!(await sites.remove(params.id, user.login))) throw notFound('Site');
    return { ok: true as const };
  });

  registerRoute(app, enableSiteRoute, async ({ params, body, user }) => {
    let job: JobRow | null = null;
    const site = await sites.setEnabled(
      params.id,
      body.enabled,
      user.login,
      async (tx, current) => {
        if (body.enabled) {
          job = await app.jobs.enqueue(tx, {
            siteId: current.siteId,
            kind: 'feed-update',
            createdBy: user.login,
          });
        } else {
          await sites.purgeData(tx, current.siteId);
          // Every recurring job of the site goes with its jobs (facets and content included).
          for (const schedule of await app.jobs.schedules.list(current.siteId, tx))
            await app.jobs.schedules.remove(current.siteId, schedule.kind, tx);
        }
      },
    );
    if (!site) throw notFound('Site');
    if (job) await app.jobs.dispatch(job);
    // "Activating creates and schedules a feed update job" (spec part 1 §2): the schedule follows
    // the YML settings, switched to scheduled (server/feeds/activation.ts).
    await scheduleFeedsOnActivation(app, site.siteId, body.enabled, user.login);
    return { site, job: job ? toJob(job) : null };
  });

  registerRoute(app, siteFeedsRoute, ({ params, query }) =>
    feeds.status(params.id, query.feedType, query.searchTerm),
  );

  registerRoute(app, deleteSiteFeedsRoute, async ({ params, query, user }) => {
    await feeds.remove(params.id, user.login, query.feedType);
    return { ok: true as const };
  });

  registerRoute(app, siteJobRoute, async ({ params, reply }) => {
    const row = await app.jobs.get(params.jobId);
    if (!row || row.siteId !== params.id) throw notFound('Job');
    const job = toJob(row);
    if (job.state === 'failed') throw new HttpError(500, job.error ?? 'The job failed', job);
    if (job.state === 'cancelled')
      throw new HttpError(410, job.error ?? 'The job was cancelled', job);
    reply.status(job.state === 'done' ? 200 : 202);
    return job;
  });

  registerRoute(app, listVerticalsRoute, () => verticals.list());
  registerRoute(app, createVerticalRoute, ({ body, user }) =>
    verticals.create(body.name, user.login),
  );
}
