import { recsStrategiesKey } from '#src/lib/recs-strategies-query.ts';

/** Hierarchical keys: a mutation invalidates one level (STYLE.md 11). */
export const recsKeys = {
  all: (siteId: number) => ['recs', siteId] as const,
  models: (siteId: number) => ['recs', siteId, 'models'] as const,
  strategies: recsStrategiesKey,
  job: (siteId: number) => ['recs', siteId, 'job'] as const,
  xgbJob: (siteId: number) => ['recs', siteId, 'xgb-job'] as const,
  rankingModels: (siteId: number) => ['recs', siteId, 'ranking-models'] as const,
  info: (siteId: number) => ['recs', siteId, 'info'] as const,
  coefficients: (siteId: number) => ['recs', siteId, 'coefficients'] as const,
  /** The storefront's answer to a query (by the site's apiKey), read again after each save. */
  rankingPreview: (apiKey: string, query: string, version: number) =>
    ['recs', 'ranking-preview', apiKey, query, version] as const,
  widgets: (siteId: number) => ['recs', siteId, 'widgets'] as const,
  placements: (siteId: number) => ['recs', siteId, 'placements'] as const,
  /** A strategy's stored configs and the entries its model accepts. */
  configs: (siteId: number, hash: string) => ['recs', siteId, 'configs', hash] as const,
  availableConfigs: (siteId: number, hash: string) =>
    ['recs', siteId, 'available-configs', hash] as const,
  /** A widget's preview before it is saved, for the strategy and placements tried. */
  widgetPreview: (siteId: number, tried: unknown) =>
    ['recs', siteId, 'widget-preview', tried] as const,
};
