import * as z from 'zod';
import { defineRoute } from '../route.ts';
import type { Role } from '../roles.ts';
import { login } from '../entities/user.ts';
import { dailyMetricQuery, metric, metricQuery } from '../entities/metric.ts';
import {
  chartData,
  chartDataQuery,
  chartToken,
  customReportTab,
  customReportTabCreate,
  customReportTabInput,
  reportChart,
  reportChartCreate,
  reportChartId,
  reportChartInput,
} from '../entities/custom-report.ts';
import { eventPlatform } from '../entities/metric.ts';
import { MAX_ORDER_REVENUE } from '../public/events.ts';
import { ok } from './auth.ts';
import { CUSTOM_REPORT_VIEW_ROLES, REPORT_AGG_ROLES, REPORT_DAILY_ROLES } from '../call-roles.ts';

const siteParams = z.strictObject({ id: z.coerce.number().int().positive() });
const tabParams = z.strictObject({ id: z.coerce.number().int().positive() });

export const aggregateReportRoute = defineRoute({
  method: 'GET',
  path: '/report/agg/:id/global',
  summary:
    'Metric aggregation over a period (home): up to 5 names joined by a comma; value keyed by `from_to`',
  auth: true,
  roles: REPORT_AGG_ROLES,
  site: 'param',
  params: siteParams,
  query: metricQuery,
  response: z.array(metric),
});

export const dailyReportRoute = defineRoute({
  method: 'GET',
  path: '/report/daily/:id/global',
  summary: 'Daily metrics over a period (reporting): up to 5 names; value keyed by day',
  auth: true,
  roles: REPORT_DAILY_ROLES,
  site: 'param',
  params: siteParams,
  query: dailyMetricQuery,
  response: z.array(metric),
});

export const myCustomReportsRoute = defineRoute({
  method: 'GET',
  path: '/custom-report',
  summary: "The signed-in user's custom report tabs (enabled and disabled)",
  auth: true,
  roles: CUSTOM_REPORT_VIEW_ROLES,
  site: 'none',
  response: z.array(customReportTab),
});

export const chartJwtRoute = defineRoute({
  method: 'GET',
  path: '/custom-report/chart-jwt',
  summary:
    'Short-lived signed tokens, one per chart, for reading chart data of a site (repeat chartId)',
  auth: true,
  roles: CUSTOM_REPORT_VIEW_ROLES,
  site: 'query',
  query: z.strictObject({
    siteId: z.coerce.number().int().positive(),
    chartId: z.preprocess(
      (value) => (Array.isArray(value) ? value : [value]),
      z.array(reportChartId).min(1).max(20),
    ),
  }),
  response: z.array(chartToken),
});

export const chartDataRoute = defineRoute({
  method: 'GET',
  path: '/custom-report/chart',
  summary: 'Daily data of one chart; authorised by the chart token alone (no session needed)',
  auth: false,
  roles: [],
  site: 'none',
  query: chartDataQuery,
  response: chartData,
});

export const listCustomReportTabsRoute = defineRoute({
  method: 'GET',
  path: '/admin/custom-report/tabs',
  summary: "Every user's custom report tabs (optionally one user's)",
  auth: true,
  roles: ['ROLE_CUSTOM_REPORT_ADMIN'],
  site: 'none',
  query: z.strictObject({ login: login.optional() }),
  response: z.array(customReportTab),
});

export const createCustomReportTabRoute = defineRoute({
  method: 'POST',
  path: '/admin/custom-report/tabs',
  summary: 'Create a tab for a user',
  auth: true,
  roles: ['ROLE_CUSTOM_REPORT_ADMIN'],
  site: 'none',
  body: customReportTabCreate,
  response: customReportTab,
});

export const getCustomReportTabRoute = defineRoute({
  method: 'GET',
  path: '/admin/custom-report/tabs/:id',
  summary: 'One tab',
  auth: true,
  roles: ['ROLE_CUSTOM_REPORT_ADMIN'],
  site: 'none',
  params: tabParams,
  response: customReportTab,
});

export const updateCustomReportTabRoute = defineRoute({
  method: 'PUT',
  path: '/admin/custom-report/tabs/:id',
  summary: "Edit a tab's title and charts",
  auth: true,
  roles: ['ROLE_CUSTOM_REPORT_ADMIN'],
  site: 'none',
  params: tabParams,
  body: customReportTabInput,
  response: customReportTab,
});

export const deleteCustomReportTabRoute = defineRoute({
  method: 'DELETE',
  path: '/admin/custom-report/tabs/:id',
  summary: 'Delete a tab',
  auth: true,
  roles: ['ROLE_CUSTOM_REPORT_ADMIN'],
  site: 'none',
  params: tabParams,
  response: ok,
});

export const enableCustomReportTabRoute = defineRoute({
  method: 'PUT',
  path: '/admin/custom-report/tabs/:login/:tabId',
  summary: "Enable or disable a user's tab",
  auth: true,
  roles: ['ROLE_CUSTOM_REPORT_ADMIN'],
  site: 'none',
  params: z.strictObject({ login, tabId: z.coerce.number().int().positive() }),
  query: z.strictObject({ enabled: z.stringbool() }),
  response: customReportTab,
});

/** Orders kept out of the reports: above the site's cap, or 10× its 28-day p99. */
export const quarantinedOrder = z.object({
  id: z.number().int(),
  receivedAt: z.string(),
  sessionId: z.string(),
  platform: eventPlatform,
  at: z.string(),
  day: z.string(),
  revenue: z.number(),
  items: z.number().int().nullable(),
  reason: z.enum(['cap', 'outlier']),
  /** The bound the order exceeded. */
  threshold: z.number(),
});
export type QuarantinedOrder = z.infer<typeof quarantinedOrder>;

export const orderQuarantineRoute = defineRoute({
  method: 'GET',
  path: '/site/:id/events/quarantine',
  summary: "The site's quarantined orders (newest first) and its order cap",
  auth: true,
  roles: REPORT_DAILY_ROLES,
  site: 'param',
  params: siteParams,
  query: z.strictObject({
    limit: z.coerce.number().int().min(1).max(1000).default(100),
    offset: z.coerce.number().int().min(0).max(1_000_000).default(0),
  }),
  response: z.object({
    cap: z.number().nullable(),
    total: z.number().int(),
    items: z.array(quarantinedOrder),
  }),
});

export const orderCapRoute = defineRoute({
  method: 'PUT',
  path: '/site/:id/events/order-cap',
  summary:
    "Sets the site's highest plausible order (null removes it); larger orders are quarantined",
  auth: true,
  roles: ['ROLE_ADMIN'],
  site: 'param',
  params: siteParams,
  body: z.strictObject({ cap: z.number().positive().max(MAX_ORDER_REVENUE).nullable() }),
  response: z.object({ cap: z.number().nullable() }),
});

/**
 * The report catalogue (/admin/edit-reports): the charts custom report tabs are
 * built from. Those who see or administer tabs read it; custom report administrators edit it
 * (spec §6 "Custom report: view and admin"), every write audited.
 */
export const REPORT_CHART_ADMIN_ROLES: readonly Role[] = ['ROLE_CUSTOM_REPORT_ADMIN'];
const chartParams = z.strictObject({ id: reportChartId });

export const listReportChartsRoute = defineRoute({
  method: 'GET',
  path: '/custom-report/charts',
  summary: 'The report catalogue: every chart a custom report tab may show, in order',
  auth: true,
  roles: ['ROLE_CUSTOM_REPORT_VIEW', 'ROLE_CUSTOM_REPORT_ADMIN'],
  site: 'none',
  response: z.array(reportChart),
});

export const createReportChartRoute = defineRoute({
  method: 'POST',
  path: '/admin/report-charts',
  summary: 'Add a chart to the report catalogue (409 when the id is taken)',
  auth: true,
  roles: REPORT_CHART_ADMIN_ROLES,
  site: 'none',
  body: reportChartCreate,
  response: reportChart,
});

export const updateReportChartRoute = defineRoute({
  method: 'PUT',
  path: '/admin/report-charts/:id',
  summary: "Edit a catalogue chart's title, metrics, platform, type and position",
  auth: true,
  roles: REPORT_CHART_ADMIN_ROLES,
  site: 'none',
  params: chartParams,
  body: reportChartInput,
  response: reportChart,
});

export const deleteReportChartRoute = defineRoute({
  method: 'DELETE',
  path: '/admin/report-charts/:id',
  summary: 'Remove a chart from the catalogue and from every tab that shows it',
  auth: true,
  roles: REPORT_CHART_ADMIN_ROLES,
  site: 'none',
  params: chartParams,
  response: z.object({ ok: z.literal(true), tabsChanged: z.number().int() }),
});
