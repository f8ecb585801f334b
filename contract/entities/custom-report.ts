import * as z from 'zod';
import { login } from './user.ts';
import {
  isoDay,
  LIST_METRICS,
  MAX_DAILY_DAYS,
  metricName,
  periodRefinement,
  reportPlatform,
  type MetricName,
} from './metric.ts';

/**
 * A chart of the report catalogue (/admin/edit-reports): its id (a slug a tab's
 * chartsIds name), title, the metrics it plots per day (1–5, numeric ones), the platform it
 * always plots (null: the tab's platform switch decides) and how it is drawn.
 */
export const reportChartId = z
  .string()
  .trim()
  // The console's error map words it by i18nKey, the server with `en`.
  .refine((value) => /^[a-z][a-z0-9_-]{0,39}$/.test(value), {
    params: { i18nKey: 'reports.errors.chartId', en: 'a lower-case latin slug of 1–40 characters' },
  });
export const REPORT_CHART_TYPES = ['line', 'bar', 'area'] as const;
export const reportChartType = z.enum(REPORT_CHART_TYPES);
export type ReportChartType = z.infer<typeof reportChartType>;

const numericMetric = metricName.refine(
  (name) => !LIST_METRICS.some((list) => name.endsWith(list)),
  {
    params: { i18nKey: 'reports.errors.listMetric', en: 'a ranked query list is no daily series' },
  },
);

export const reportChart = z.object({
  id: z.string(),
  title: z.string(),
  metrics: z.array(metricName),
  platform: reportPlatform.nullable(),
  chartType: reportChartType,
  position: z.number().int(),
});
export type ReportChart = z.infer<typeof reportChart>;

export const reportChartInput = z.strictObject({
  title: z.string().trim().min(1).max(100),
  metrics: z
    .array(numericMetric)
    .min(1)
    .max(5)
    .refine((list: MetricName[]) => new Set(list).size === list.length, {
      params: { i18nKey: 'reports.errors.metricTwice', en: 'a metric is listed twice' },
    }),
  platform: reportPlatform.nullable().default(null),
  chartType: reportChartType.default('line'),
  position: z.number().int().min(0).max(10_000).default(0),
});
export type ReportChartInput = z.input<typeof reportChartInput>;

export const reportChartCreate = reportChartInput.extend({ id: reportChartId });
export type ReportChartCreate = z.input<typeof reportChartCreate>;

/** Tabs name catalogue charts by id: any slug here, checked against the catalogue on write. */
const chartId = reportChartId;

/** A custom report tab (spec part 2 §3): administered per user, shown at /reporting/{pathName}. */
export const customReportTab = z.object({
  id: z.number().int(),
  title: z.string(),
  /** URL segment derived from the title, unique per user. */
  pathName: z.string(),
  chartsIds: z.array(chartId),
  login: z.string(),
  enabled: z.boolean(),
});
export type CustomReportTab = z.infer<typeof customReportTab>;

export const customReportTabInput = z.strictObject({
  title: z.string().trim().min(1).max(100),
  chartsIds: z.array(chartId).max(20),
});
export type CustomReportTabInput = z.input<typeof customReportTabInput>;

export const customReportTabCreate = customReportTabInput.extend({
  login,
  enabled: z.boolean().default(true),
});
export type CustomReportTabCreate = z.input<typeof customReportTabCreate>;

/** A short-lived signed token that lets its holder read one chart of one site. */
export const chartToken = z.object({
  chartId,
  token: z.string(),
  expiresAt: z.string(),
});
export type ChartToken = z.infer<typeof chartToken>;

/**
 * The `code` of chart-data's 403 for an invalid or expired token: a 403 (not 401) because the
 * token is not the session; the console asks for fresh tokens instead of signing out.
 */
export const CHART_TOKEN_INVALID = 'CHART_TOKEN_INVALID';

export const chartDataQuery = z
  .strictObject({
    token: z.string().min(1).max(4096),
    from: isoDay,
    to: isoDay,
    platform: reportPlatform.default('ALL'),
  })
  .superRefine(periodRefinement(MAX_DAILY_DAYS));

export const chartData = z.object({
  chartId,
  series: z.array(
    z.object({
      metricName,
      points: z.array(z.object({ day: isoDay, value: z.number() })),
    }),
  ),
});
export type ChartData = z.infer<typeof chartData>;
