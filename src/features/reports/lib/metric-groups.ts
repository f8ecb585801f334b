import {
  CHARTS,
  type BaseMetric,
  type ChartId,
  type MetricName,
} from '#contract/entities/metric.ts';
import { VIEW_METRICS, VIEWS } from './metrics.ts';

/** The reporting screen's table, grouped by area (spec §2 "Reporting screen"). */
export const METRIC_GROUPS = [
  { id: 'search', metrics: ['SEARCH_EVENTS_TOTAL'] },
  { id: 'zeroQueries', metrics: ['ZERO_QUERIES_COUNT'] },
  { id: 'corrections', metrics: ['CORRECTIONS_COUNT'] },
  {
    id: 'autocomplete',
    metrics: [
      'AUTOCOMPLETE_CLICKS_QUERIES',
      'AUTOCOMPLETE_CLICKS_PRODUCTS',
      'AUTOCOMPLETE_CLICKS_CATEGORIES',
      'AUTOCOMPLETE_CLICKS_HISTORY',
      'AUTOCOMPLETE_CLICKS_TAPS',
      'AUTOCOMPLETE_CLICKS_BRANDS',
    ],
  },
  { id: 'sessions', metrics: VIEWS.map((view) => VIEW_METRICS[view].SESSIONS) },
  { id: 'orders', metrics: VIEWS.map((view) => VIEW_METRICS[view].ORDERS) },
  { id: 'revenue', metrics: VIEWS.map((view) => VIEW_METRICS[view].REVENUE) },
  { id: 'conversion', metrics: VIEWS.map((view) => VIEW_METRICS[view].CONVERSION) },
  { id: 'rps', metrics: VIEWS.map((view) => VIEW_METRICS[view].RPS) },
  { id: 'aov', metrics: VIEWS.map((view) => VIEW_METRICS[view].AOV) },
  { id: 'funnel', metrics: ['VIEWS_TOTAL', 'ADD_TO_CART_TOTAL'] },
] as const satisfies readonly { id: string; metrics: readonly BaseMetric[] }[];
export type MetricGroupId = (typeof METRIC_GROUPS)[number]['id'];

export const LIST_GROUP_METRICS = ['TOP_SEARCH_QUERIES', 'TOP_ZERO_QUERIES'] as const;

const NUMBER_METRICS: BaseMetric[] = METRIC_GROUPS.flatMap((group) => [...group.metrics]);

/** Every metric of the contract in its three variants: what the reporting tables read. */
export const REPORTING_METRICS: MetricName[] = [...NUMBER_METRICS, ...LIST_GROUP_METRICS].flatMap(
  (name): MetricName[] => [name, `MOBILE_${name}`, `DESKTOP_${name}`],
);

export const CHART_IDS = Object.keys(CHARTS) as ChartId[];

/** The metrics the daily charts of the given charts plot, each once. */
export function chartMetrics(ids: readonly ChartId[]): MetricName[] {
  return [...new Set(ids.flatMap((id) => [...CHARTS[id].metrics]))];
}
