import type { FastifyInstance } from 'fastify';
import { eventRateLimit } from '../events/rate-limit.ts';
import { HttpError } from '../platform/http/http-error.ts';

/**
 * Sets up a scope of the calls the storefront runtime posts to (events, widget errors): CORS open
 * on every answer, a text/plain body read as JSON, and the events' rate limit per apiKey and
 * client address (server/events/rate-limit.ts).
 */
export async function beaconScope(app: FastifyInstance): Promise<void> {
  // Preflights are answered by the CORS plugin of the other /public scope (its OPTIONS * route is
  // global, so a second registration would clash); the answers here carry the header themselves.
  app.addHook('onSend', async (_request, reply) => {
    reply.header('access-control-allow-origin', '*');
  });
  // The storefront runtime sends as text/plain (sendBeacon, and fetch without a CORS preflight):
  // the same JSON, read as such here.
  app.removeContentTypeParser('text/plain');
  app.addContentTypeParser('text/plain', { parseAs: 'string' }, (_request, body, done) => {
    try {
      done(null, JSON.parse(body as string));
    } catch {
      done(new HttpError(400, 'The body is not JSON'), undefined);
    }
  });
  await eventRateLimit(app);
}
