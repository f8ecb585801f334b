import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { publicEvent, publicEventsBulk } from '#contract/public/event-routes.ts';
import type { StorefrontEvent } from '#contract/public/events.ts';
import { createEventStore } from '../events/store.ts';
import { HttpError } from '../platform/http/http-error.ts';
import { registerPublicRoute } from '../platform/http/register-public-route.ts';
import { checkEventTimes } from '../events/guard.ts';
import { createEventBudget } from '../events/rate-limit.ts';
import { beaconScope } from './public-beacon.ts';
import { knownSite } from './public.ts';

/**
 * Storefront event ingestion (contract/public/event-routes.ts): found by apiKey, no session.
 * CORS open like the rest of /public; a bad event answers 400 and writes nothing. Rate-limited
 * per apiKey and client address; only recent events (server/events/guard.ts).
 */
export async function publicEventRoutes(app: FastifyInstance) {
  await beaconScope(app);
  const store = createEventStore(app.database);
  const limits = {
    maxAgeHours: app.env.EVENT_MAX_AGE_HOURS,
    skewSeconds: app.env.EVENT_CLOCK_SKEW_SECONDS,
  };
  const budget = createEventBudget({
    perAddress: app.env.EVENT_MAX_PER_MINUTE,
    perKey: app.env.EVENT_KEY_MAX_PER_MINUTE,
  });
  async function ingest(
    request: FastifyRequest,
    reply: FastifyReply,
    apiKey: string,
    batch: StorefrontEvent[],
  ) {
    const wait = budget.take(apiKey, request.ip, batch.length);
    if (wait > 0) {
      reply.header('retry-after', String(wait));
      throw new HttpError(429, `Too many events: try again in ${wait} s`);
    }
    const now = new Date();
    checkEventTimes(batch, now, limits);
    const site = await knownSite(app, apiKey);
    return store.ingest(site.siteId, site.timeZone, batch, now);
  }

  registerPublicRoute(app, publicEvent, async ({ body, request, reply }) => {
    const { apiKey, ...event } = body;
    return ingest(request, reply, apiKey, [event]);
  });

  registerPublicRoute(app, publicEventsBulk, async ({ body, request, reply }) =>
    ingest(request, reply, body.apiKey, body.events),
  );
}
