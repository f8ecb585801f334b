import type { FastifyInstance } from 'fastify';
import {
  batchNeurocardsRoute,
  deleteNeurocardsRoute,
  deleteReviewsRoute,
  listNeurocardsRoute,
  listReviewsRoute,
  queryNeurocardsRoute,
  replaceReviewsRoute,
  uploadNeurocardsRoute,
  uploadReviewsRoute,
} from '#contract/routes/reviews.ts';
import { registerRoute } from '../../platform/http/register-route.ts';
import { createReviewsRepository } from '../../integrations/reviews.ts';

/** Reviews and neurocards (spec part 2 §7 "Reviews"); uploads through server/uploads, audited. */
export async function reviewRoutes(app: FastifyInstance) {
  const reviews = createReviewsRepository(app.database);

  registerRoute(app, listReviewsRoute, ({ site, query }) =>
    reviews.list(site.siteId, query.search, query.limit, query.offset),
  );
  registerRoute(app, uploadReviewsRoute, ({ site, user, request }) =>
    reviews.upload(request, site.siteId, user.login, 'merge'),
  );
  registerRoute(app, replaceReviewsRoute, ({ site, user, request }) =>
    reviews.upload(request, site.siteId, user.login, 'replace'),
  );
  registerRoute(app, deleteReviewsRoute, ({ site, query, user }) =>
    reviews.remove(site.siteId, query.externalId, user.login),
  );

  registerRoute(app, queryNeurocardsRoute, ({ site, body }) =>
    reviews.queryNeurocards(
      site.siteId,
      body.queries.map((q) => q.key),
    ),
  );
  registerRoute(app, listNeurocardsRoute, ({ site, query }) =>
    reviews.listNeurocards(site.siteId, query.search, query.limit),
  );
  registerRoute(app, batchNeurocardsRoute, ({ site, body, user }) =>
    reviews.batchNeurocards(site.siteId, body.items, user.login),
  );
  registerRoute(app, uploadNeurocardsRoute, ({ site, user, request }) =>
    reviews.uploadNeurocards(request, site.siteId, user.login),
  );
  registerRoute(app, deleteNeurocardsRoute, ({ site, body, user }) =>
    reviews.deleteNeurocards(site.siteId, body.keys, user.login),
  );
}
