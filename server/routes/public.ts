import type { FastifyInstance, FastifyRequest } from 'fastify';
import cors from '@fastify/cors';
import {
  publicAutocomplete,
  publicRecommendations,
  publicSearch,
  publicWidgetTracking,
} from '#contract/public/routes.ts';
import { demoPicture } from '../demo/feed.ts';
import type { Site } from '#contract/entities/site.ts';
import { HttpError } from '../platform/http/http-error.ts';
import { eventRateLimit } from '../events/rate-limit.ts';
import { guardPublicReads } from '../platform/http/public-read-guard.ts';
import { registerPublicRoute } from '../platform/http/register-public-route.ts';
import { checkSearch, checkText, checkValue } from '../search/limits.ts';
import { liveImport } from '../search/common.ts';
import { understand, type Channel } from '../search/understanding.ts';
import { hasAccess } from '#contract/roles.ts';
import type { QueryExplain } from '#contract/public/search.ts';

/** Who may ask a public call for `explain`: console users who see the site's query lists. */
const EXPLAIN_ROLES = ['ROLE_AQ_VIEW', 'ROLE_AUTOCOMPLETE_VIEW'] as const;

/**
 * The query pipeline's steps for `explain=true`: only for a console session whose user reads the
 * query lists and is attached to the apiKey's site; a shopper's apiKey alone gets 403.
 */
async function explainFor(
  app: FastifyInstance,
  request: FastifyRequest,
  siteId: number,
  st: string,
  channel: Channel,
): Promise<QueryExplain> {
  const user = await app.authenticate(request);
  if (!user || !hasAccess(user.roles, EXPLAIN_ROLES))
    throw new HttpError(
      403,
      'explain is for console users with ROLE_AQ_VIEW or ROLE_AUTOCOMPLETE_VIEW: an apiKey alone cannot ask for it',
    );
  if ((await app.repos.sites.getFor(siteId, user)) === 'forbidden')
    throw new HttpError(403, 'This site is not attached to your account');
  const db = app.database.db;
  const importId = await liveImport(db, siteId);
  if (importId === null) return { rewritten: '', blocked: false, steps: [] };
  const understood = await understand(db, siteId, importId, st, channel);
  const synonyms = understood.steps.find((step) => step.step === 'synonyms');
  return {
    rewritten: understood.blocked ? '' : (synonyms?.output ?? understood.words.join(' ')),
    blocked: understood.blocked,
    steps: understood.steps,
  };
}

/** The site an apiKey names (the sites repository's lookup); 401 with a message for an unknown key. */
export async function siteFor(app: FastifyInstance, apiKey: string): Promise<number> {
  return (await knownSite(app, apiKey)).siteId;
}

/** The whole site an apiKey names; 401 for an unknown key. */
export async function knownSite(app: FastifyInstance, apiKey: string): Promise<Site> {
  const site = await app.repos.sites.byApiKey(apiKey);
  if (!site) throw new HttpError(401, 'Unknown apiKey');
  return site;
}

/**
 * The public storefront API (contract/public/routes.ts): no session, no XSRF, the site found by
 * its apiKey, CORS open to any origin. Garbage parameters answer 400 through the error envelope.
 */
export async function publicRoutes(app: FastifyInstance) {
  await app.register(cors, { origin: '*', methods: ['GET', 'POST'], maxAge: 86_400 });
  const { catalog } = app.repos;

  // The reads: rate-limited and admitted through a bounded line (public-read-guard.ts); each
  // answer is checked against the contract's shape on the way out, unknown fields stripped.
  await app.register(async (reads) => {
    const admitted = await guardPublicReads(reads);

    registerPublicRoute(
      reads,
      publicSearch,
      admitted(
        async ({ query, request }) => {
          const siteId = await siteFor(app, query.apiKey);
          const explain = query.explain
            ? await explainFor(app, request, siteId, query.st, 'search')
            : undefined;
          return {
            ...(await catalog.search(siteId, query, request.url)),
            ...(explain && { explain }),
          };
        },
        ({ query }) => checkSearch(query),
      ),
    );

    registerPublicRoute(
      reads,
      publicAutocomplete,
      admitted(
        async ({ query, request }) => {
          const siteId = await siteFor(app, query.apiKey);
          const explain = query.explain
            ? await explainFor(app, request, siteId, query.st, 'autocomplete')
            : undefined;
          return {
            ...(await catalog.autocomplete(siteId, query, request.url)),
            ...(explain && { explain }),
          };
        },
        ({ query }) => checkText(query.st),
      ),
    );

    registerPublicRoute(
      reads,
      publicRecommendations,
      admitted(
        async ({ query }) => catalog.recommendations(await siteFor(app, query.apiKey), query),
        ({ query }) => {
          checkValue('productId', query.productId);
          checkValue('categoryId', query.categoryId);
        },
      ),
    );
  });

  // Widget tracking is rate-limited per apiKey and client address like the other event endpoints.
  await app.register(async (scoped) => {
    await eventRateLimit(scoped);
    registerPublicRoute(scoped, publicWidgetTracking, async ({ body, reply }) => {
      await catalog.track(await siteFor(app, body.apiKey), body);
      return reply.status(204).send();
    });
  });
}

/** Pictures of the demo feed, drawn on the fly. */
export async function demoRoutes(app: FastifyInstance) {
  app.get<{ Params: { name: string } }>('/demo/pictures/:name', async (request, reply) => {
    const name = request.params.name.replace(/\.svg$/, '');
    return reply
      .type('image/svg+xml')
      .header('cache-control', 'public, max-age=86400')
      .send(demoPicture(name));
  });
}
