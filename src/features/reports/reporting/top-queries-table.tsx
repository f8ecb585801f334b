import { createColumnHelper } from '@tanstack/react-table';
import { useTranslation } from 'react-i18next';
import type { BaseMetric } from '#contract/entities/metric.ts';
import { formatNumber } from '#src/lib/format.ts';
import { DataTable } from '#src/ui/data-table/data-table.tsx';
import type { AggValues } from '../api/metric-queries.ts';
import { listOf, variant } from '../lib/metrics.ts';
import { PLATFORM_COLUMNS } from './metrics-table.tsx';

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

const query = createColumnHelper<MergedQuery>();

/** The merged list; its headers sort by the query or by a platform's count. */
export function TopQueriesTable({ title, rows }: { title: string; rows: readonly MergedQuery[] }) {
  const { t } = useTranslation();
  return (
    <DataTable<MergedQuery>
      caption={title}
      showCaption
      scrollLabel={title}
      className="reports-table"
      columns={[
        query.accessor('name', { header: t('reports.reporting.query'), meta: { rowHeader: true } }),
        ...PLATFORM_COLUMNS.map((platform, column) =>
          query.accessor((row) => row.counts[column], {
            id: platform,
            header: t(`reports.platform.${platform}`),
            meta: { numeric: true },
            sortUndefined: 'last',
            cell: ({ getValue }) => {
              const count = getValue();
              return count === undefined ? '—' : formatNumber(count);
            },
          }),
        ),
      ]}
      data={rows}
      getRowId={(row) => row.name}
      emptyText={t('reports.empty')}
    />
  );
}
