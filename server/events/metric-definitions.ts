/**
 * What a report call asks for and how its numbers are defined: the request, the platforms each
 * report platform sums, a name's platform prefix, and the definitions of contract/entities/metric.ts
 * over summed rollup counters.
 */
import type {
  BaseMetric,
  EventPlatform,
  MetricName,
  MetricType,
  ReportCallPlatform,
} from '#contract/entities/metric.ts';
import { DAILY_COLUMNS } from './ingest.ts';

export interface MetricRequest {
  siteId: number;
  names: readonly MetricName[];
  from: string;
  to: string;
  /** Applies to the names without a MOBILE_ / DESKTOP_ prefix; a prefix wins. */
  platform: ReportCallPlatform;
  /** Length of the TOP_* lists. */
  limit: number;
  type: MetricType;
}

export type Column = (typeof DAILY_COLUMNS)[number];
export type Counters = Record<Column, number>;

export const PLATFORMS: Record<ReportCallPlatform, readonly EventPlatform[]> = {
  ALL: ['MOBILE', 'DESKTOP', 'APP'],
  MOBILE: ['MOBILE', 'APP'],
  DESKTOP: ['DESKTOP'],
  'MOBILE APP': ['APP'],
};

export function splitName(
  name: MetricName,
  platform: ReportCallPlatform,
): { base: BaseMetric; platform: ReportCallPlatform } {
  if (name.startsWith('MOBILE_'))
    return { base: name.slice('MOBILE_'.length) as BaseMetric, platform: 'MOBILE' };
  if (name.startsWith('DESKTOP_'))
    return { base: name.slice('DESKTOP_'.length) as BaseMetric, platform: 'DESKTOP' };
  return { base: name as BaseMetric, platform };
}

const ratio = (a: number, b: number) => (b === 0 ? 0 : a / b);
const money = (value: number) => Math.round(value * 100) / 100;

/** The definitions of contract/entities/metric.ts over summed rollup counters. */
export function numericMetric(base: BaseMetric, c: Counters): number {
  const plainSessions = c.sessions - c.search_sessions;
  const plainOrders = c.orders - c.search_orders;
  const plainRevenue = c.revenue - c.search_revenue;
  const plainOrdered = c.ordered_sessions - c.search_ordered_sessions;
  switch (base) {
    case 'SEARCH_EVENTS_TOTAL':
      return c.searches;
    case 'ZERO_QUERIES_COUNT':
      return c.zero_searches;
    case 'CORRECTIONS_COUNT':
      return c.corrections;
    case 'SESSIONS_TOTAL':
      return c.sessions;
    case 'ORDERS_TOTAL':
      return c.orders;
    case 'REVENUE_TOTAL':
      return money(c.revenue);
    case 'CONVERSION':
      return ratio(c.ordered_sessions, c.sessions) * 100;
    case 'RPS':
      return ratio(c.revenue, c.sessions);
    case 'AOV':
      return ratio(c.revenue, c.orders);
    case 'AUTOCOMPLETE_AND_SEARCH_SESSIONS_TOTAL':
      return c.search_sessions;
    case 'AUTOCOMPLETE_AND_SEARCH_SESSIONS_ORDERS_TOTAL':
      return c.search_orders;
    case 'AUTOCOMPLETE_AND_SEARCH_SESSIONS_REVENUE':
      return money(c.search_revenue);
    case 'AUTOCOMPLETE_AND_SEARCH_SESSIONS_CONVERSION':
      return ratio(c.search_ordered_sessions, c.search_sessions) * 100;
    case 'AUTOCOMPLETE_AND_SEARCH_SESSIONS_RPS':
      return ratio(c.search_revenue, c.search_sessions);
    case 'AUTOCOMPLETE_AND_SEARCH_SESSIONS_AOV':
      return ratio(c.search_revenue, c.search_orders);
    case 'WITHOUT_SEARCH_SESSIONS_TOTAL':
      return plainSessions;
    case 'WITHOUT_SEARCH_SESSIONS_ORDERS_TOTAL':
      return plainOrders;
    case 'WITHOUT_SEARCH_SESSIONS_REVENUE':
      return money(plainRevenue);
    case 'WITHOUT_SEARCH_SESSIONS_CONVERSION':
      return ratio(plainOrdered, plainSessions) * 100;
    case 'WITHOUT_SEARCH_SESSIONS_RPS':
      return ratio(plainRevenue, plainSessions);
    case 'WITHOUT_SEARCH_SESSIONS_AOV':
      return ratio(plainRevenue, plainOrders);
    case 'AUTOCOMPLETE_CLICKS_QUERIES':
      return c.ac_queries;
    case 'AUTOCOMPLETE_CLICKS_PRODUCTS':
      return c.ac_products;
    case 'AUTOCOMPLETE_CLICKS_CATEGORIES':
      return c.ac_categories;
    case 'AUTOCOMPLETE_CLICKS_HISTORY':
      return c.ac_history;
    case 'AUTOCOMPLETE_CLICKS_TAPS':
      return c.ac_taps;
    case 'AUTOCOMPLETE_CLICKS_BRANDS':
      return c.ac_brands;
    case 'VIEWS_TOTAL':
      return c.views;
    case 'ADD_TO_CART_TOTAL':
      return c.carts;
    case 'TOP_SEARCH_QUERIES':
    case 'TOP_ZERO_QUERIES':
      throw new Error(`${base} is a list`);
  }
}

export const emptyCounters = (): Counters =>
  Object.fromEntries(DAILY_COLUMNS.map((column) => [column, 0])) as Counters;
