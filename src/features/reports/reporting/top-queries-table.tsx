import { useTranslation } from 'react-i18next';
import type { BaseMetric } from '#contract/entities/metric.ts';
import { formatNumber } from '#src/lib/format.ts';
import type { AggValues } from '../api/metric-queries.ts';
import { listOf, variant } from '../lib/metrics.ts';
import { PLATFORM_COLUMNS } from './metrics-table.tsx';
import { ScrollTable } from '../components/scroll-table.tsx';

export interface MergedQuery {
  name: string;
  counts: (number | undefined)[];
}

/** One row per query: its count on all platforms, mobile and desktop; most frequent first. */
export function mergeQueryLists(values: AggValues | undefined, metric: BaseMetric): MergedQuery[] {
  const rows = new Map<string, MergedQuery>();
  PLATFORM_COLUMNS.forEach((platform, column) => {
    for (const query of listOf(values, variant(metric, platform))) {
      const row = rows.get(query.name) ?? { name: query.name, counts: [] };
      row.counts[column] = query.count;
      rows.set(query.name, row);
    }
  });
  return [...rows.values()].sort((a, b) => (b.counts[0] ?? 0) - (a.counts[0] ?? 0));
}

export function TopQueriesTable({ title, rows }: { title: string; rows: readonly MergedQuery[] }) {
  const { t } = useTranslation();
  return (
    <ScrollTable label={title}>
      <table className="ui-table reports-table">
        <caption className="reports-table__caption">{title}</caption>
        <thead>
          <tr>
            <th scope="col">{t('reports.reporting.query')}</th>
            {PLATFORM_COLUMNS.map((platform) => (
              <th key={platform} scope="col" className="ui-table__cell--numeric">
                {t(`reports.platform.${platform}`)}
              </th>
            ))}
          </tr>
        </thead>
        <tbody>
          {rows.length === 0 ? (
            <tr>
              <td colSpan={PLATFORM_COLUMNS.length + 1} className="ui-table__empty">
                {t('reports.empty')}
              </td>
            </tr>
          ) : (
            rows.map((row) => (
              <tr key={row.name}>
                <th scope="row">{row.name}</th>
                {PLATFORM_COLUMNS.map((platform, column) => {
                  const count = row.counts[column];
                  return (
                    <td key={platform} className="ui-table__cell--numeric">
                      {count === undefined ? '—' : formatNumber(count)}
                    </td>
                  );
                })}
              </tr>
            ))
          )}
        </tbody>
      </table>
    </ScrollTable>
  );
}
