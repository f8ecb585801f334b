import type { ReportPlatform } from '#contract/entities/metric.ts';
import type { Period } from '../lib/period.ts';

/** Hierarchical keys: a site's reports share a prefix (STYLE.md 11). */
export const reportKeys = {
  all: ['reports'] as const,
  site: (siteId: number) => ['reports', siteId] as const,
  agg: (siteId: number, platform: ReportPlatform, period: Period, names: readonly string[]) =>
    ['reports', siteId, 'agg', platform, period.from, period.to, names.join(',')] as const,
  daily: (siteId: number, platform: ReportPlatform, period: Period, names: readonly string[]) =>
    ['reports', siteId, 'daily', platform, period.from, period.to, names.join(',')] as const,
  orderQuarantine: (siteId: number) => ['reports', siteId, 'order-quarantine'] as const,
  widgetCtr: (siteId: number, period: Period) =>
    ['reports', siteId, 'widget-ctr', period.from, period.to] as const,
  chartTokens: (siteId: number, chartIds: readonly string[]) =>
    ['reports', siteId, 'chart-tokens', chartIds.join(',')] as const,
  chart: (
    siteId: number,
    chartId: string,
    platform: ReportPlatform,
    period: Period,
    token: string,
  ) => ['reports', siteId, 'chart', chartId, platform, period.from, period.to, token] as const,
};

export const customReportKeys = {
  all: ['custom-reports'] as const,
  mine: ['custom-reports', 'mine'] as const,
  admin: ['custom-reports', 'admin'] as const,
  adminList: (login: string) => ['custom-reports', 'admin', login] as const,
  users: ['custom-reports', 'users'] as const,
  charts: ['custom-reports', 'charts'] as const,
};
