import { createColumnHelper } from '@tanstack/react-table';
import { useTranslation } from 'react-i18next';
import type { BaseMetric, ReportPlatform } from '#contract/entities/metric.ts';
import { DataTable } from '#src/ui/data-table/data-table.tsx';
import type { AggValues } from '../api/metric-queries.ts';
import { ValueCell } from '../components/value-cell.tsx';
import { METRIC_GROUPS, type MetricGroupId } from '../lib/metric-groups.ts';
import { metricKind, numberOf, variant } from '../lib/metrics.ts';

export const PLATFORM_COLUMNS: readonly ReportPlatform[] = ['ALL', 'MOBILE', 'DESKTOP'];

interface MetricRow {
  group: MetricGroupId;
  metric: BaseMetric;
}

const ROWS: MetricRow[] = METRIC_GROUPS.flatMap((group) =>
  group.metrics.map((metric) => ({ group: group.id, metric })),
);
const metricRow = createColumnHelper<MetricRow>();

/** Every numeric metric with its all / mobile / desktop variants, grouped by area. */
export function MetricsTable({
  current,
  previous,
}: {
  current: AggValues | undefined;
  previous: AggValues | undefined;
}) {
  const { t } = useTranslation();
  return (
    <DataTable<MetricRow>
      caption={t('reports.reporting.metrics')}
      showCaption
      scrollLabel={t('reports.reporting.metrics')}
      className="reports-table"
      sortable={false}
      columns={[
        metricRow.display({
          id: 'metric',
          header: t('reports.reporting.metric'),
          meta: { rowHeader: true },
          cell: ({ row }) => t(`reports.metrics.${row.original.metric}`),
        }),
        ...PLATFORM_COLUMNS.map((platform) =>
          metricRow.display({
            id: platform,
            header: t(`reports.platform.${platform}`),
            meta: { numeric: true },
            cell: ({ row }) => {
              const name = variant(row.original.metric, platform);
              return (
                <ValueCell
                  current={numberOf(current, name)}
                  previous={numberOf(previous, name)}
                  kind={metricKind(name)}
                />
              );
            },
          }),
        ),
      ]}
      data={ROWS}
      getRowId={(row) => row.metric}
      rowGroups={{
        of: (row) => row.group,
        label: (group) => {
          const found = METRIC_GROUPS.find((known) => known.id === group);
          return found && t(`reports.groups.${found.id}`);
        },
      }}
    />
  );
}
