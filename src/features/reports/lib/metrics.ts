import type {
  BaseMetric,
  GraphStatistic,
  MetricName,
  QueryCount,
  ReportPlatform,
} from '#contract/entities/metric.ts';
import type { AggValues } from '../api/metric-queries.ts';

/** The home screen's three views (spec §2) and the metric of each graph statistic in each. */
export const VIEWS = ['all', 'withSearch', 'withoutSearch'] as const;
export type View = (typeof VIEWS)[number];

export const VIEW_METRICS: Record<View, Record<GraphStatistic, BaseMetric>> = {
  all: {
    SESSIONS: 'SESSIONS_TOTAL',
    ORDERS: 'ORDERS_TOTAL',
    REVENUE: 'REVENUE_TOTAL',
    CONVERSION: 'CONVERSION',
    RPS: 'RPS',
    AOV: 'AOV',
  },
  withSearch: {
    SESSIONS: 'AUTOCOMPLETE_AND_SEARCH_SESSIONS_TOTAL',
    ORDERS: 'AUTOCOMPLETE_AND_SEARCH_SESSIONS_ORDERS_TOTAL',
    REVENUE: 'AUTOCOMPLETE_AND_SEARCH_SESSIONS_REVENUE',
    CONVERSION: 'AUTOCOMPLETE_AND_SEARCH_SESSIONS_CONVERSION',
    RPS: 'AUTOCOMPLETE_AND_SEARCH_SESSIONS_RPS',
    AOV: 'AUTOCOMPLETE_AND_SEARCH_SESSIONS_AOV',
  },
  withoutSearch: {
    SESSIONS: 'WITHOUT_SEARCH_SESSIONS_TOTAL',
    ORDERS: 'WITHOUT_SEARCH_SESSIONS_ORDERS_TOTAL',
    REVENUE: 'WITHOUT_SEARCH_SESSIONS_REVENUE',
    CONVERSION: 'WITHOUT_SEARCH_SESSIONS_CONVERSION',
    RPS: 'WITHOUT_SEARCH_SESSIONS_RPS',
    AOV: 'WITHOUT_SEARCH_SESSIONS_AOV',
  },
};

/** Row order of the reporting screen's 'Total' table (spec §2 "Reporting screen"). */
export const TOTAL_VIEWS: readonly View[] = ['all', 'withoutSearch', 'withSearch'];

export const GENERAL_METRICS: BaseMetric[] = VIEWS.flatMap((view) =>
  Object.values(VIEW_METRICS[view]),
);

/** What the home screen reads for one period. */
export const HOME_METRICS: BaseMetric[] = [
  ...GENERAL_METRICS,
  'TOP_SEARCH_QUERIES',
  'SEARCH_EVENTS_TOTAL',
  'TOP_ZERO_QUERIES',
  'ZERO_QUERIES_COUNT',
];

/** How a metric's value reads: money in roubles, a percentage, or a plain number. */
export type MetricKind = 'currency' | 'percent' | 'number';

export function metricKind(name: MetricName): MetricKind {
  const base = baseOf(name);
  if (
    base === 'REVENUE_TOTAL' ||
    /_(REVENUE|RPS|AOV)$/.test(base) ||
    base === 'RPS' ||
    base === 'AOV'
  )
    return 'currency';
  if (base.endsWith('CONVERSION')) return 'percent';
  return 'number';
}

export function baseOf(name: MetricName): BaseMetric {
  return name.replace(/^(MOBILE_|DESKTOP_)/, '') as BaseMetric;
}

/** The metric name of a platform variant: ALL → the base name, MOBILE → MOBILE_… */
export function variant(base: BaseMetric, platform: ReportPlatform): MetricName {
  return platform === 'ALL' ? base : `${platform}_${base}`;
}

export function numberOf(values: AggValues | undefined, name: MetricName): number | undefined {
  const value = values?.[name];
  return typeof value === 'number' ? value : undefined;
}

export function listOf(values: AggValues | undefined, name: MetricName): QueryCount[] {
  const value = values?.[name];
  return Array.isArray(value) ? value : [];
}

/** Zero-hit queries as a share of all queries, in percent points; 0 without searches. */
export function zeroShare(zero: number, total: number): number {
  return total > 0 ? (zero / total) * 100 : 0;
}
