import { createColumnHelper } from '@tanstack/react-table';
import { useTranslation } from 'react-i18next';
import { GRAPH_STATISTICS } from '#contract/entities/metric.ts';
import { DataTable } from '#src/ui/data-table/data-table.tsx';
import type { AggValues } from '../api/metric-queries.ts';
import { ValueCell } from '../components/value-cell.tsx';
import { metricKind, numberOf, TOTAL_VIEWS, VIEW_METRICS, type View } from '../lib/metrics.ts';

const view = createColumnHelper<View>();

/** The 'Total' table: the three views of the six statistics, two periods compared. */
export function TotalTable({
  current,
  previous,
}: {
  current: AggValues | undefined;
  previous: AggValues | undefined;
}) {
  const { t } = useTranslation();
  return (
    <DataTable<View>
      caption={t('reports.reporting.total')}
      showCaption
      scrollLabel={t('reports.reporting.total')}
      className="reports-table"
      sortable={false}
      columns={[
        view.display({
          id: 'view',
          header: t('reports.reporting.view'),
          meta: { rowHeader: true },
          cell: ({ row }) => t(`reports.views.${row.original}`),
        }),
        ...GRAPH_STATISTICS.map((statistic) =>
          view.display({
            id: statistic,
            header: t(`reports.statistics.${statistic}`),
            meta: { numeric: true },
            cell: ({ row }) => {
              const name = VIEW_METRICS[row.original][statistic];
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
      data={TOTAL_VIEWS}
      getRowId={(row) => row}
    />
  );
}
