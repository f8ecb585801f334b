import type { FastifyInstance } from 'fastify';
import { eq } from 'drizzle-orm';
import { publicEvent, publicEventsBulk } from '#contract/public/event-routes.ts';
import type { StorefrontEvent } from '#contract/public/events.ts';
import type * as z from 'zod';
import { sites } from '../db/schema.ts';
import { createEventStore } from '../events/store.ts';
import { HttpError } from '../lib/http-error.ts';

/**
 * Storefront event ingestion (contract/public/event-routes.ts): found by apiKey, no session.
 * CORS open like the rest of /public; a bad event answers 400 and writes nothing.
 */
export async function publicEventRoutes(app: FastifyInstance) {
  // Preflights are answered by the CORS plugin of the other /public scope (its OPTIONS * route is
  // global, so a second registration would clash); the answers here carry the header themselves.
  app.addHook('onSend', async (_request, reply) => {
    reply.header('access-control-allow-origin', '*');
  });
  const store = createEventStore(app.database);

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
      const site = await siteOf(apiKey);
      return { accepted: await store.ingest(site.id, site.timeZone, [event as StorefrontEvent]) };
    },
  });

  app.route({
    method: 'POST',
    url: publicEventsBulk.path,
    schema: { tags: ['public'], body: publicEventsBulk.body },
    handler: async (request) => {
      const body = request.body as z.output<typeof publicEventsBulk.body>;
      const site = await siteOf(body.apiKey);
      return { accepted: await store.ingest(site.id, site.timeZone, body.events) };
    },
  });
}
