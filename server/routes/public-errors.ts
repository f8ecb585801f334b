import type { FastifyInstance } from 'fastify';
import type * as z from 'zod';
import { publicWidgetError } from '#contract/public/errors.ts';
import { beaconScope } from './public-beacon.ts';
import { siteFor } from './public.ts';
import { countWidgetError } from '../rollout/errors.ts';

/**
 * Widget render errors from the storefront runtime (issue 18.4), the automatic rollback's first
 * signal: found by apiKey, CORS open, rate-limited per apiKey and address like the events, each
 * counted into one row per site, minute and widget (storage stays bounded).
 */
export async function publicErrorRoutes(app: FastifyInstance) {
  await beaconScope(app);
  app.route({
    method: 'POST',
    url: publicWidgetError.path,
    schema: { tags: ['public'], body: publicWidgetError.body },
    handler: async (request, reply) => {
      const report = request.body as z.output<typeof publicWidgetError.body>;
      const siteId = await siteFor(app, report.apiKey);
      const message = `${report.part ? `${report.part}: ` : ''}${report.message}`.slice(0, 500);
      await countWidgetError(app.database.db, siteId, { widget: report.widget, message });
      return reply.status(204).send();
    },
  });
}
