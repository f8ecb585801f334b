import type { FastifyInstance } from 'fastify';
import { CHART_TOKEN_INVALID } from '#contract/entities/custom-report.ts';
import { hasAccess, isStaff } from '#contract/roles.ts';
import {
  chartDataRoute,
  chartJwtRoute,
  createCustomReportTabRoute,
  createReportChartRoute,
  deleteReportChartRoute,
  listReportChartsRoute,
  updateReportChartRoute,
  deleteCustomReportTabRoute,
  enableCustomReportTabRoute,
  getCustomReportTabRoute,
  listCustomReportTabsRoute,
  myCustomReportsRoute,
  updateCustomReportTabRoute,
} from '#contract/routes/reports.ts';
import { createEventStore } from '../../events/store.ts';
import { forbidden, HttpError, notFound } from '../../platform/http/http-error.ts';
import { registerRoute } from '../../platform/http/register-route.ts';
import { createChartTokens, createCustomReportRepository } from '../../reports/custom-reports.ts';
import { createReportChartRepository } from '../../reports/charts.ts';

/** Custom report tabs (spec part 2 §3, §7): the user's own, their administration, chart data. */
export async function customReportRoutes(app: FastifyInstance) {
  const tabs = createCustomReportRepository(app.database.db);
  const tokens = createChartTokens(app.database.db, app.env.REPORT_JWT_SECRET);
  const store = createEventStore(app.database);
  const charts = createReportChartRepository(app.database.db);

  registerRoute(app, myCustomReportsRoute, ({ user }) => tabs.listForUser(user.id));

  registerRoute(app, chartJwtRoute, async ({ query, user }) => {
    const ids = [...new Set(query.chartId)];
    await charts.assertKnown(ids);
    return Promise.all(
      ids.map(async (chart) => ({
        chartId: chart,
        ...(await tokens.sign({ site: query.siteId, chart, login: user.login })),
      })),
    );
  });

  registerRoute(app, chartDataRoute, async ({ query }) => {
    const claims = await tokens.verify(query.token);
    // 403, not 401: the console signs out on any 401, and a stale chart token is no lost session.
    if (!claims)
      throw new HttpError(403, 'Invalid or expired chart token', undefined, {
        code: CHART_TOKEN_INVALID,
      });
    // The token speaks for its login: it must still be allowed to see the chart of that site.
    const holder = await app.repos.users.rowByLogin(claims.login);
    if (!holder || !hasAccess(holder.roles, chartJwtRoute.roles)) throw forbidden();
    const site = await app.repos.sites.getFor(claims.site, {
      id: holder.id,
      seesAllSites: isStaff(holder.roles),
    });
    if (site === 'forbidden') throw forbidden('This site is not attached to the token’s user');
    if (!site) throw notFound('Site');
    // The catalogue's chart as it is now: its metrics, and its own platform over the tab's.
    const chart = await charts.get(claims.chart);
    if (!chart) throw notFound('Chart');
    const metrics = await store.metrics({
      siteId: claims.site,
      names: chart.metrics,
      from: query.from,
      to: query.to,
      platform: chart.platform ?? query.platform,
      limit: 1,
      type: 'DAILY',
    });
    return {
      chartId: claims.chart,
      series: metrics.map((metric) => ({
        metricName: metric.metricName,
        points: Object.entries(metric.value).map(([day, value]) => ({
          day,
          value: typeof value === 'number' ? value : 0,
        })),
      })),
    };
  });

  registerRoute(app, listReportChartsRoute, () => charts.list());
  registerRoute(app, createReportChartRoute, ({ body, user }) => charts.create(body, user.login));
  registerRoute(app, updateReportChartRoute, async ({ params, body, user }) => {
    const chart = await charts.update(params.id, body, user.login);
    if (!chart) throw notFound('Chart');
    return chart;
  });
  registerRoute(app, deleteReportChartRoute, async ({ params, user }) => {
    const removed = await charts.remove(params.id, user.login);
    if (!removed) throw notFound('Chart');
    return { ok: true as const, tabsChanged: removed.tabsChanged };
  });

  registerRoute(app, listCustomReportTabsRoute, ({ query }) => tabs.list(query.login));

  registerRoute(app, createCustomReportTabRoute, ({ body, user }) => tabs.create(body, user.login));

  registerRoute(app, getCustomReportTabRoute, async ({ params }) => {
    const tab = await tabs.get(params.id);
    if (!tab) throw notFound('Tab');
    return tab;
  });

  registerRoute(app, updateCustomReportTabRoute, async ({ params, body, user }) => {
    const tab = await tabs.update(params.id, body, user.login);
    if (!tab) throw notFound('Tab');
    return tab;
  });

  registerRoute(app, deleteCustomReportTabRoute, async ({ params, user }) => {
    if (!(await tabs.remove(params.id, user.login))) throw notFound('Tab');
    return { ok: true as const };
  });

  registerRoute(app, enableCustomReportTabRoute, async ({ params, query, user }) => {
    const tab = await tabs.setEnabled(params.login, params.tabId, query.enabled, user.login);
    if (!tab) throw notFound('Tab');
    return tab;
  });
}
