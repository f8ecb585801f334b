import { useMemo, useState } from 'react';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import type { ColumnDef } from '@tanstack/react-table';
import type { ReportChart } from '#contract/entities/custom-report.ts';
import { Button } from '#src/ui/button/button.tsx';
import { DeleteButton } from '#src/ui/button/delete-button.tsx';
import { actionsColumn, DataTable } from '#src/ui/data-table/data-table.tsx';
import { Spinner } from '#src/ui/spinner/spinner.tsx';
import { reportChartsQueryOptions, useDeleteReportChart } from '../api/custom-report-queries.ts';
import { ChartFormModal, useMetricLabel } from './chart-form.tsx';
import '../reports.css';

/**
 * /admin/edit-reports: the report catalogue, the charts custom report tabs are
 * built from — id, title, metrics, platform and chart type — created, edited and deleted by
 * custom report administrators. Deleting a chart takes it out of every tab.
 */
export default function EditReportsPage() {
  const { t } = useTranslation();
  const charts = useQuery(reportChartsQueryOptions());
  const remove = useDeleteReportChart();
  const [editing, setEditing] = useState<ReportChart | 'new' | null>(null);
  const metricLabel = useMetricLabel();
  const columns = useMemo<ColumnDef<ReportChart, never>[]>(
    () => [
      { accessorKey: 'position', header: '№', meta: { numeric: true } },
      { accessorKey: 'id', header: 'ID' },
      { accessorKey: 'title', header: t('reports.catalogue.title') },
      {
        id: 'metrics',
        header: t('reports.catalogue.metrics'),
        accessorFn: (row) => row.metrics.map(metricLabel).join(', '),
      },
      {
        id: 'platform',
        header: t('reports.platform.label'),
        accessorFn: (row) =>
          row.platform ? t(`reports.platform.${row.platform}`) : t('reports.catalogue.switch'),
      },
      {
        id: 'chartType',
        header: t('reports.catalogue.type'),
        accessorFn: (row) => t(`reports.catalogue.types.${row.chartType}`),
      },
      actionsColumn<ReportChart>((row) => (
        <div className="table-actions">
          <Button size="sm" variant="secondary" onClick={() => setEditing(row)}>
            {t('actions.edit')}
          </Button>
          <DeleteButton
            name={row.title}
            onDelete={async () => {
              await remove.mutateAsync(row.id);
            }}
          />
        </div>
      )) as ColumnDef<ReportChart, never>,
    ],
    [t, remove, metricLabel],
  );
  return (
    <div className="page reports-catalogue">
      <div className="page__header">
        <h1>{t('routes.editReports')}</h1>
        <Button variant="primary" onClick={() => setEditing('new')}>
          {t('reports.catalogue.create')}
        </Button>
      </div>
      <p className="page__lead">{t('reports.catalogue.lead')}</p>
      {charts.data ? (
        <DataTable
          caption={t('routes.editReports')}
          columns={columns}
          data={charts.data}
          getRowId={(row) => row.id}
          emptyText={t('reports.catalogue.empty')}
        />
      ) : (
        <Spinner label={t('ui.spinner.loading')} />
      )}
      {editing !== null && (
        <ChartFormModal
          chart={editing === 'new' ? null : editing}
          nextPosition={Math.max(0, ...(charts.data ?? []).map((c) => c.position)) + 1}
          onClose={() => setEditing(null)}
        />
      )}
    </div>
  );
}
