import * as z from 'zod';
import { login } from './user.ts';
import {
  chartId,
  isoDay,
  MAX_DAILY_DAYS,
  metricName,
  periodRefinement,
  reportPlatform,
} from './metric.ts';

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
