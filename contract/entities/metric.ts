import * as z from 'zod';

/**
 * Report metrics (spec part 1 §3 "Metric"). Definitions, written once (the server's metrics module
 * implements them; tests check them against a brute-force count over raw events):
 * - a session is one tracking sessionId on one day (site time zone); its platform is that of its
 *   first event received, and all its events count under it (a session that switches device keeps it);
 * - "with search" sessions made at least one search or autocomplete click; "without search" none;
 * - ORDERS_TOTAL counts order events, REVENUE_TOTAL sums their revenue;
 * - CONVERSION = sessions with an order / sessions × 100 (percent);
 * - RPS (revenue per session) = revenue / sessions; AOV (average order value) = revenue / orders;
 * - SEARCH_EVENTS_TOTAL counts searches, ZERO_QUERIES_COUNT those with no hits,
 *   CORRECTIONS_COUNT those answered with a corrected query;
 * - TOP_SEARCH_QUERIES / TOP_ZERO_QUERIES: queries by count, most frequent first.
 * Ratios of an empty period are 0.
 */
export const BASE_METRICS = [
  'TOP_SEARCH_QUERIES',
  'SEARCH_EVENTS_TOTAL',
  'TOP_ZERO_QUERIES',
  'ZERO_QUERIES_COUNT',
  'CORRECTIONS_COUNT',
  'SESSIONS_TOTAL',
  'ORDERS_TOTAL',
  'REVENUE_TOTAL',
  'CONVERSION',
  'RPS',
  'AOV',
  'AUTOCOMPLETE_AND_SEARCH_SESSIONS_TOTAL',
  'AUTOCOMPLETE_AND_SEARCH_SESSIONS_ORDERS_TOTAL',
  'AUTOCOMPLETE_AND_SEARCH_SESSIONS_REVENUE',
  'AUTOCOMPLETE_AND_SEARCH_SESSIONS_CONVERSION',
  'AUTOCOMPLETE_AND_SEARCH_SESSIONS_RPS',
  'AUTOCOMPLETE_AND_SEARCH_SESSIONS_AOV',
  'WITHOUT_SEARCH_SESSIONS_TOTAL',
  'WITHOUT_SEARCH_SESSIONS_ORDERS_TOTAL',
  'WITHOUT_SEARCH_SESSIONS_REVENUE',
  'WITHOUT_SEARCH_SESSIONS_CONVERSION',
  'WITHOUT_SEARCH_SESSIONS_RPS',
  'WITHOUT_SEARCH_SESSIONS_AOV',
  'AUTOCOMPLETE_CLICKS_QUERIES',
  'AUTOCOMPLETE_CLICKS_PRODUCTS',
  'AUTOCOMPLETE_CLICKS_CATEGORIES',
  'AUTOCOMPLETE_CLICKS_HISTORY',
  'AUTOCOMPLETE_CLICKS_TAPS',
  'AUTOCOMPLETE_CLICKS_BRANDS',
  'VIEWS_TOTAL',
  'ADD_TO_CART_TOTAL',
] as const;
export type BaseMetric = (typeof BASE_METRICS)[number];

export const PLATFORM_PREFIXES = ['MOBILE_', 'DESKTOP_'] as const;

/** Every metric name: the base names and their MOBILE_ and DESKTOP_ forms. */
export const METRIC_NAMES = [
  ...BASE_METRICS,
  ...PLATFORM_PREFIXES.flatMap((prefix) => BASE_METRICS.map((name) => `${prefix}${name}` as const)),
] as const;
export const metricName = z.enum(METRIC_NAMES);
export type MetricName = z.infer<typeof metricName>;

/** Metrics whose value is a ranked list of queries rather than a number. */
export const LIST_METRICS: readonly BaseMetric[] = ['TOP_SEARCH_QUERIES', 'TOP_ZERO_QUERIES'];

export const metricType = z.enum(['AGG', 'DAILY']);
export type MetricType = z.infer<typeof metricType>;

/** The home screen's three views of the six graph statistics (spec §2 "Home screen"). */
export const GRAPH_STATISTICS = [
  'SESSIONS',
  'ORDERS',
  'REVENUE',
  'CONVERSION',
  'RPS',
  'AOV',
] as const;
export type GraphStatistic = (typeof GRAPH_STATISTICS)[number];

/** Platforms of the report screens and of the MOBILE_ / DESKTOP_ metric names. */
export const reportPlatform = z.enum(['ALL', 'MOBILE', 'DESKTOP']);
export type ReportPlatform = z.infer<typeof reportPlatform>;

/**
 * The platform parameter of a report call (spec §3 "Shared enumerations": ALL, MOBILE, DESKTOP,
 * MOBILE APP). MOBILE counts the mobile web and the app (as the MOBILE_ metrics do); MOBILE APP
 * only the app.
 */
export const reportCallPlatform = z.enum([...reportPlatform.options, 'MOBILE APP']);
export type ReportCallPlatform = z.infer<typeof reportCallPlatform>;

export const eventPlatform = z.enum(['MOBILE', 'DESKTOP', 'APP']);
export type EventPlatform = z.infer<typeof eventPlatform>;

export const MIN_DAY = '2000-01-01';
export const MAX_DAY = '2100-12-31';
/** Longest DAILY period (and chart data period), in days, both ends included. */
export const MAX_DAILY_DAYS = 400;
/** Longest AGG period: three years, both ends included. */
export const MAX_AGG_DAYS = 3 * 366;

/** A calendar day in the site's time zone, `YYYY-MM-DD`, between 2000 and 2100. */
export const isoDay = z.iso.date().refine((day) => day >= MIN_DAY && day <= MAX_DAY, {
  message: `must be a day from ${MIN_DAY} to ${MAX_DAY}`,
});

/** Days from `from` to `to`, both included (1 for a single day). */
export const daySpan = (from: string, to: string): number =>
  Math.round((Date.parse(`${to}T00:00:00Z`) - Date.parse(`${from}T00:00:00Z`)) / 86_400_000) + 1;

/** Checks a `from`–`to` period: in order and at most `maxDays` long (DoS guard). */
export function periodRefinement(maxDays: number) {
  return (query: { from: string; to: string }, ctx: z.RefinementCtx) => {
    if (query.from > query.to)
      ctx.addIssue({ code: 'custom', message: 'from must not be after to', path: ['from'] });
    else if (daySpan(query.from, query.to) > maxDays)
      ctx.addIssue({
        code: 'custom',
        message: `the period must not exceed ${maxDays} days`,
        path: ['to'],
      });
  };
}

export const queryCount = z.object({ name: z.string(), count: z.number().int().nonnegative() });
export type QueryCount = z.infer<typeof queryCount>;

export const metricValue = z.union([z.number(), z.array(queryCount)]);

/**
 * One metric's answer. `value` is keyed by period: for AGG calls the key is `from_to`
 * (`2026-11-13_2026-11-19`); for DAILY calls one key per day (`2026-11-13`).
 */
export const metric = z.object({
  metricName,
  type: metricType,
  value: z.record(z.string(), metricValue),
});
export type Metric = z.infer<typeof metric>;

/** The key of an AGG value for a period. */
export const periodKey = (from: string, to: string): string => `${from}_${to}`;

/** Up to 5 metric names joined by a comma (spec §7). */
export const metricNameList = z.string().transform((text, ctx) => {
  const names = text
    .split(',')
    .map((name) => name.trim())
    .filter(Boolean);
  const parsed = z.array(metricName).min(1).max(5).safeParse(names);
  if (!parsed.success) {
    ctx.addIssue({
      code: 'custom',
      message: `name must list 1 to 5 known metric names joined by a comma`,
    });
    return z.NEVER;
  }
  return parsed.data;
});

const metricQueryShape = z.strictObject({
  name: metricNameList,
  from: isoDay,
  to: isoDay,
  platform: reportCallPlatform.default('ALL'),
  /** Length of the TOP_* lists. */
  limit: z.coerce.number().int().min(1).max(1000).default(20),
});

/** AGG report query: a period of at most 3 years. */
export const metricQuery = metricQueryShape.superRefine(periodRefinement(MAX_AGG_DAYS));
/** DAILY report query: a period of at most 400 days (one value per day). */
export const dailyMetricQuery = metricQueryShape.superRefine(periodRefinement(MAX_DAILY_DAYS));
export type MetricQuery = z.input<typeof metricQuery>;

/**
 * Custom report charts: a fixed catalogue a tab picks from (spec part 2 §3 "Custom report tab",
 * chartsIds). Each chart plots daily values of its metrics.
 */
export const CHARTS = {
  sessions: { metrics: ['SESSIONS_TOTAL', 'AUTOCOMPLETE_AND_SEARCH_SESSIONS_TOTAL'] },
  orders: { metrics: ['ORDERS_TOTAL', 'AUTOCOMPLETE_AND_SEARCH_SESSIONS_ORDERS_TOTAL'] },
  revenue: { metrics: ['REVENUE_TOTAL', 'AUTOCOMPLETE_AND_SEARCH_SESSIONS_REVENUE'] },
  conversion: { metrics: ['CONVERSION', 'AUTOCOMPLETE_AND_SEARCH_SESSIONS_CONVERSION'] },
  rps: { metrics: ['RPS', 'AUTOCOMPLETE_AND_SEARCH_SESSIONS_RPS'] },
  aov: { metrics: ['AOV', 'AUTOCOMPLETE_AND_SEARCH_SESSIONS_AOV'] },
  searches: { metrics: ['SEARCH_EVENTS_TOTAL', 'ZERO_QUERIES_COUNT', 'CORRECTIONS_COUNT'] },
  platforms: { metrics: ['MOBILE_SESSIONS_TOTAL', 'DESKTOP_SESSIONS_TOTAL'] },
  autocomplete: {
    metrics: [
      'AUTOCOMPLETE_CLICKS_QUERIES',
      'AUTOCOMPLETE_CLICKS_PRODUCTS',
      'AUTOCOMPLETE_CLICKS_CATEGORIES',
      'AUTOCOMPLETE_CLICKS_BRANDS',
    ],
  },
} as const satisfies Record<string, { metrics: readonly MetricName[] }>;
export type ChartId = keyof typeof CHARTS;
export const chartId = z.enum(Object.keys(CHARTS) as [ChartId, ...ChartId[]]);
