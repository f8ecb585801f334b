import { useId, useMemo, useState } from 'react';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import type { ColumnDef } from '@tanstack/react-table';
import { ApiError } from '#contract/client.ts';
import {
  REPORT_CHART_TYPES,
  reportChartCreate,
  type ReportChart,
  type ReportChartType,
} from '#contract/entities/custom-report.ts';
import {
  LIST_METRICS,
  METRIC_NAMES,
  type MetricName,
  type ReportPlatform,
} from '#contract/entities/metric.ts';
import { Button } from '#src/ui/button/button.tsx';
import { DeleteButton } from '#src/ui/button/delete-button.tsx';
import { actionsColumn, DataTable } from '#src/ui/data-table/data-table.tsx';
import { Modal } from '#src/ui/modal/modal.tsx';
import { Spinner } from '#src/ui/spinner/spinner.tsx';
import { TextInput } from '#src/ui/text-input/text-input.tsx';
import {
  reportChartsQueryOptions,
  useDeleteReportChart,
  useSaveReportChart,
} from '../api/custom-report-queries.ts';
import { baseOf } from '../lib/metrics.ts';
import '../reports.css';

const CHART_METRICS = METRIC_NAMES.filter((name) => !LIST_METRICS.includes(baseOf(name)));
const SWITCH = 'SWITCH';
type PlatformChoice = ReportPlatform | typeof SWITCH;

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

function useMetricLabel() {
  const { t } = useTranslation();
  return useMemo(
    () => (name: MetricName) => {
      const platform = name.startsWith('MOBILE_')
        ? ` (${t('reports.platform.MOBILE')})`
        : name.startsWith('DESKTOP_')
          ? ` (${t('reports.platform.DESKTOP')})`
          : '';
      return `${t(`reports.metrics.${baseOf(name)}`)}${platform}`;
    },
    [t],
  );
}

function ChartFormModal({
  chart,
  nextPosition,
  onClose,
}: {
  chart: ReportChart | null;
  nextPosition: number;
  onClose: () => void;
}) {
  const { t } = useTranslation();
  const formId = useId();
  const save = useSaveReportChart();
  const metricLabel = useMetricLabel();
  const [id, setId] = useState(chart?.id ?? '');
  const [title, setTitle] = useState(chart?.title ?? '');
  const [metrics, setMetrics] = useState<MetricName[]>(chart ? [...chart.metrics] : []);
  const [platform, setPlatform] = useState<PlatformChoice>(chart?.platform ?? SWITCH);
  const [chartType, setChartType] = useState<ReportChartType>(chart?.chartType ?? 'line');
  const [position, setPosition] = useState(String(chart?.position ?? nextPosition));
  const [serverError, setServerError] = useState<string | null>(null);
  const body = {
    id,
    title,
    metrics,
    platform: platform === SWITCH ? null : platform,
    chartType,
    position: Number(position),
  };
  const parsed = reportChartCreate.safeParse(body);
  const issue = (field: string) =>
    parsed.success
      ? undefined
      : parsed.error.issues.find((item) => item.path[0] === field)?.message;
  const submit = async () => {
    if (!parsed.success) return;
    setServerError(null);
    try {
      await save.mutateAsync({ editing: chart?.id ?? null, body: parsed.data });
      onClose();
    } catch (error) {
      setServerError(
        error instanceof ApiError && error.status === 409
          ? t('reports.catalogue.taken', { id })
          : error instanceof Error
            ? error.message
            : String(error),
      );
    }
  };
  return (
    <Modal
      open
      mode={chart ? 'EDIT' : 'CREATE'}
      title={t(chart ? 'reports.catalogue.editTitle' : 'reports.catalogue.createTitle')}
      onClose={onClose}
      formId={formId}
      confirmLabel={t('actions.save')}
      confirmDisabled={!parsed.success}
      confirmLoading={save.isPending}
      width={720}
    >
      <form
        id={formId}
        className="reports-chart-form"
        aria-label={t(chart ? 'reports.catalogue.editTitle' : 'reports.catalogue.createTitle')}
        onSubmit={(event) => {
          event.preventDefault();
          void submit();
        }}
      >
        <TextInput
          label="ID"
          hint={t('reports.catalogue.idHint')}
          value={id}
          onChange={setId}
          disabled={chart !== null}
          required
          maxLength={40}
          error={id === '' || !issue('id') ? undefined : t('reports.catalogue.idInvalid')}
        />
        <TextInput
          label={t('reports.catalogue.title')}
          value={title}
          onChange={setTitle}
          required
          maxLength={100}
          error={title.trim() === '' ? t('errors.validation.required') : undefined}
        />
        <fieldset className="reports-chart-form__metrics">
          <legend className="ui-field__label">{t('reports.catalogue.metrics')}</legend>
          {metrics.length === 0 && (
            <p className="ui-field__hint">{t('reports.catalogue.noMetrics')}</p>
          )}
          <ul>
            {metrics.map((name) => (
              <li key={name}>
                <span>{metricLabel(name)}</span>
                <Button
                  size="sm"
                  variant="ghost"
                  aria-label={t('reports.catalogue.removeMetric', { metric: metricLabel(name) })}
                  onClick={() => setMetrics((list) => list.filter((item) => item !== name))}
                >
                  ×
                </Button>
              </li>
            ))}
          </ul>
          {metrics.length < 5 && (
            <NativeSelect
              label={t('reports.catalogue.addMetric')}
              value=""
              onChange={(name) => setMetrics((list) => [...list, name as MetricName])}
              options={[
                { value: '', label: t('reports.catalogue.pickMetric') },
                ...CHART_METRICS.filter((name) => !metrics.includes(name)).map((name) => ({
                  value: name,
                  label: metricLabel(name),
                })),
              ]}
            />
          )}
        </fieldset>
        <NativeSelect
          label={t('reports.platform.label')}
          value={platform}
          onChange={(value) => setPlatform(value as PlatformChoice)}
          options={[
            { value: SWITCH, label: t('reports.catalogue.switch') },
            ...(['ALL', 'MOBILE', 'DESKTOP'] as const).map((value) => ({
              value,
              label: t(`reports.platform.${value}`),
            })),
          ]}
        />
        <NativeSelect
          label={t('reports.catalogue.type')}
          value={chartType}
          onChange={(value) => setChartType(value as ReportChartType)}
          options={REPORT_CHART_TYPES.map((value) => ({
            value,
            label: t(`reports.catalogue.types.${value}`),
          }))}
        />
        <TextInput
          label={t('reports.catalogue.position')}
          type="number"
          value={position}
          onChange={setPosition}
          error={issue('position') ? t('reports.catalogue.positionInvalid') : undefined}
        />
        {serverError && (
          <p className="ui-field__error" role="alert">
            {serverError}
          </p>
        )}
      </form>
    </Modal>
  );
}

/** A native select: the lists of this modal open above it (the shared Select's popover does not). */
function NativeSelect({
  label,
  value,
  options,
  onChange,
}: {
  label: string;
  value: string;
  options: readonly { value: string; label: string }[];
  onChange: (value: string) => void;
}) {
  const id = useId();
  return (
    <div className="ui-field">
      <label className="ui-field__label" htmlFor={id}>
        {label}
      </label>
      <select
        id={id}
        className="ui-input"
        value={value}
        onChange={(event) => {
          if (event.target.value) onChange(event.target.value);
        }}
      >
        {options.map((option) => (
          <option key={option.value} value={option.value}>
            {option.label}
          </option>
        ))}
      </select>
    </div>
  );
}
