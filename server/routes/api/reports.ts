import type { FastifyInstance } from 'fastify';
import {
  aggregateReportRoute,
  dailyReportRoute,
  orderCapRoute,
  orderQuarantineRoute,
} from '#contract/routes/reports.ts';
import { createEventStore } from '../../events/store.ts';
import { registerRoute } from '../../platform/http/register-route.ts';

/** Home and reporting metrics (spec part 1 §7), read from the daily rollups. */
export async function reportRoutes(app: FastifyInstance) {
  const store = createEventStore(app.database);

  registerRoute(app, aggregateReportRoute, ({ params, query }) =>
    store.metrics({ siteId: params.id, names: query.name, ...pick(query), type: 'AGG' }),
  );

  registerRoute(app, dailyReportRoute, ({ params, query }) =>
    store.metrics({ siteId: params.id, names: query.name, ...pick(query), type: 'DAILY' }),
  );

  registerRoute(app, orderQuarantineRoute, ({ params, query }) =>
    store.quarantine(params.id, query.limit, query.offset),
  );

  registerRoute(app, orderCapRoute, async ({ params, body, user }) => {
    await store.setOrderCap(params.id, body.cap, user.login);
    return { cap: body.cap };
  });
}

/** The period, platform and list length of a report query (the platform as the contract parsed it). */
function pick<P>(query: { from: string; to: string; platform: P; limit: number }) {
  return { from: query.from, to: query.to, platform: query.platform, limit: query.limit };
}
