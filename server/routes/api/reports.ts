import type { FastifyInstance } from 'fastify';
import type { ReportCallPlatform } from '#contract/entities/metric.ts';
import { aggregateReportRoute, dailyReportRoute } from '#contract/routes/reports.ts';
import { createEventStore } from '../../events/store.ts';
import { registerRoute } from '../../lib/register-route.ts';

/** Home and reporting metrics (spec part 1 §7), read from the daily rollups. */
export async function reportRoutes(app: FastifyInstance) {
  const store = createEventStore(app.database);

  registerRoute(app, aggregateReportRoute, ({ params, query }) =>
    store.metrics({ siteId: params.id, names: query.name, ...pick(query), type: 'AGG' }),
  );

  registerRoute(app, dailyReportRoute, ({ params, query }) =>
    store.metrics({ siteId: params.id, names: query.name, ...pick(query), type: 'DAILY' }),
  );
}

function pick(query: { from: string; to: string; platform: ReportCallPlatform; limit: number }) {
  return { from: query.from, to: query.to, platform: query.platform, limit: query.limit };
}
