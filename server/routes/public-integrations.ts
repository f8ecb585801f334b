import type { FastifyInstance } from 'fastify';
import { publicDolyameApp, publicDolyameWidget } from '#contract/public/dolyame.ts';
import { publicMicroReviews } from '#contract/public/reviews.ts';
import { createReviewsRepository } from '../integrations/reviews.ts';
import { dolyameChunk } from '../integrations/dolyame-chunk.ts';
import { createDolyameRepository } from '../integrations/dolyame.ts';
import { guardPublicReads } from '../platform/http/public-read-guard.ts';
import {
  registerPublicRoute,
  type PublicRouteContext,
} from '../platform/http/register-public-route.ts';
import { knownSite, siteFor } from './public.ts';

/**
 * The integrations' storefront reads (CORS open, no session, found by apiKey): the Dolyame app
 * and widget configs (the widget's with its products' facts from the catalog), and the Dolyame
 * chunk itself under /cdn/widgets/.
 */
export async function publicIntegrationRoutes(app: FastifyInstance) {
  // Preflights are answered by the CORS plugin of the /public scope (server/routes/public.ts).
  app.addHook('onSend', async (request, reply) => {
    reply.header('access-control-allow-origin', '*');
    if (request.url.startsWith('/cdn/')) {
      reply.header('cross-origin-resource-policy', 'cross-origin');
      reply.header('x-content-type-options', 'nosniff');
    }
  });
  const dolyame = createDolyameRepository(app.database.db);
  const reviews = createReviewsRepository(app.database);

  registerPublicRoute(app, publicMicroReviews, async ({ query, body }) =>
    reviews.publicReviews(await siteFor(app, query.apiKey), body),
  );

  registerPublicRoute(app, publicDolyameApp, async ({ query }) =>
    dolyame.publicApp(await knownSite(app, query.apiKey)),
  );

  // The widget's read looks products up in the catalog for every page a shopper opens: it is
  // rate-limited and admitted through a bounded line like the other public reads.
  await app.register(async (reads) => {
    const admitted = await guardPublicReads(reads);
    const read = admitted(
      async ({ query }: PublicRouteContext<typeof publicDolyameWidget>) =>
        dolyame.publicWidget(await knownSite(app, query.apiKey), query.productId ?? []),
      () => undefined,
    );
    registerPublicRoute(reads, publicDolyameWidget, async (context) => {
      context.reply.header('cache-control', 'no-cache');
      return read(context);
    });
  });

  app.get<{ Params: { file: string } }>('/cdn/widgets/:file', async (request, reply) => {
    const current = await dolyameChunk();
    if (request.params.file !== `dolyame.${current.hash}.js`)
      return reply.status(404).send({ status: 404, message: 'No such chunk' });
    reply
      .header('cache-control', 'public, max-age=31536000, immutable')
      .header('vary', 'accept-encoding')
      .type('text/javascript; charset=utf-8');
    if (/\bgzip\b/.test(String(request.headers['accept-encoding'] ?? '')))
      return reply.header('content-encoding', 'gzip').send(current.gzip);
    return reply.send(current.js);
  });
}
