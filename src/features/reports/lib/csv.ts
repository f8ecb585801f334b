import {
  GRAPH_STATISTICS,
  type BaseMetric,
  type ReportPlatform,
} from '#contract/entities/metric.ts';
import { percentChange } from '#src/lib/format.ts';
import type { AggValues } from '../api/metric-queries.ts';
import { LIST_GROUP_METRICS, METRIC_GROUPS } from './metric-groups.ts';
import { numberOf, TOTAL_VIEWS, VIEW_METRICS, variant, type View } from './metrics.ts';

const PLATFORMS: readonly ReportPlatform[] = ['ALL', 'MOBILE', 'DESKTOP'];

export type CsvCell = string | number;

/** Labels the export needs; the caller translates them. */
export interface CsvLabels {
  header: string[];
  total: string;
  view: (view: View) => string;
  statistic: (statistic: (typeof GRAPH_STATISTICS)[number]) => string;
  group: (group: (typeof METRIC_GROUPS)[number]['id']) => string;
  metric: (metric: BaseMetric) => string;
}

/** Plain numbers for spreadsheets: a dot, no thousands separator, at most two decimals. */
export function csvNumber(value: number | undefined | null): CsvCell {
  if (value === undefined || value === null || !Number.isFinite(value)) return '';
  return Math.round(value * 100) / 100;
}

function metricRow(
  area: string,
  label: string,
  base: BaseMetric,
  current: AggValues | undefined,
  previous: AggValues | undefined,
): CsvCell[] {
  const now = PLATFORMS.map((platform) => numberOf(current, variant(base, platform)));
  const before = PLATFORMS.map((platform) => numberOf(previous, variant(base, platform)));
  const change =
    now[0] === undefined || before[0] === undefined ? null : percentChange(now[0], before[0]);
  return [area, label, ...now.map(csvNumber), ...before.map(csvNumber), csvNumber(change)];
}

/**
 * What the reporting screen shows, as rows: the 'Total' table, every metric by area, then the
 * top query lists (query, counts on all / mobile / desktop).
 */
export function reportCsvRows(
  current: AggValues | undefined,
  previous: AggValues | undefined,
  labels: CsvLabels,
): CsvCell[][] {
  const rows: CsvCell[][] = [labels.header];
  for (const view of TOTAL_VIEWS)
    for (const statistic of GRAPH_STATISTICS)
      rows.push(
        metricRow(
          labels.total,
          `${labels.view(view)}: ${labels.statistic(statistic)}`,
          VIEW_METRICS[view][statistic],
          current,
          previous,
        ),
      );
  for (const group of METRIC_GROUPS)
    for (const metric of group.metrics)
      rows.push(
        metricRow(labels.group(group.id), labels.metric(metric), metric, current, previous),
      );
  for (const list of LIST_GROUP_METRICS) {
    const counts = new Map<string, CsvCell[]>();
    PLATFORMS.forEach((platform, column) => {
      const value = current?.[variant(list, platform)];
      for (const query of Array.isArray(value) ? value : []) {
        const row = counts.get(query.name) ?? ['', '', ''];
        row[column] = query.count;
        counts.set(query.name, row);
      }
    });
    for (const [name, row] of counts)
      rows.push([labels.metric(list), name, ...row, '', '', '', '']);
  }
  return rows;
}
