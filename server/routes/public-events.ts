import type { FastifyInstance } from 'fastify';
import { eq } from 'drizzle-orm';
import { publicEvent, publicEventsBulk } from '#contract/public/event-routes.ts';
import type { StorefrontEvent } from '#contract/public/events.ts';
import type * as z from 'zod';
import { sites } from '../db/schema.ts';
import { createEventStore } from '../events/store.ts';
import { HttpError } from '../lib/http-error.ts';
import { checkEventTimes } from '../events/guard.ts';
import { beaconScope } from './public-beacon.ts';

/**
 * Storefront event ingestion (contract/public/event-routes.ts): found by apiKey, no session.
 * CORS open like the rest of /public; a bad event answers 400 and writes nothing. Rate-limited
 * per apiKey and client address; only recent events (issue 20.6, server/events/guard.ts).
 */
export async function publicEventRoutes(app: FastifyInstance) {
  await beaconScope(app);
  const store = createEventStore(app.database);
  const limits = {
    maxAgeHours: app.env.EVENT_MAX_AGE_HOURS,
    skewSeconds: app.env.EVENT_CLOCK_SKEW_SECONDS,
  };
  async function ingest(apiKey: string, batch: StorefrontEvent[]) {
    const now = new Date();
    checkEventTimes(batch, now, limits);
    const site = await siteOf(apiKey);
    return store.ingest(site.id, site.timeZone, batch, now);
  }

  async function siteOf(apiKey: string) {
    const [site] = await app.database.db
      .select({ id: sites.id, timeZone: sites.timeZone })
      .from(sites)
      .where(eq(sites.apiKey, apiKey));
    if (!site) throw new HttpError(401, 'Unknown apiKey');
    return site;
  }

  app.route({
    method: 'POST',
    url: publicEvent.path,
    schema: { tags: ['public'], body: publicEvent.body },
    handler: async (request) => {
      const { apiKey, ...event } = request.body as z.output<typeof publicEvent.body>;
      return ingest(apiKey, [event as StorefrontEvent]);
    },
  });

  app.route({
    method: 'POST',
    url: publicEventsBulk.path,
    schema: { tags: ['public'], body: publicEventsBulk.body },
    handler: async (request) => {
      const body = request.body as z.output<typeof publicEventsBulk.body>;
      return ingest(body.apiKey, body.events);
    },
  });
}
