import { useId, useMemo } from 'react';
import { Controller, useFormContext } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import * as z from 'zod';
import { ApiError } from '#contract/client.ts';
import {
  REPORT_CHART_TYPES,
  reportChartCreate,
  type ReportChart,
} from '#contract/entities/custom-report.ts';
import { LIST_METRICS, METRIC_NAMES, type MetricName } from '#contract/entities/metric.ts';
import { Button } from '#src/ui/button/button.tsx';
import { FormTextField, useFieldError } from '#src/ui/form/form-field.tsx';
import { Form, FormRootError, FORM_ROOT_ERROR, useZodForm } from '#src/ui/form/form.tsx';
import { Modal } from '#src/ui/modal/modal.tsx';
import { useSaveReportChart } from '../api/custom-report-queries.ts';
import { baseOf } from '../lib/metrics.ts';

const CHART_METRICS = METRIC_NAMES.filter((name) => !LIST_METRICS.includes(baseOf(name)));
const SWITCH = 'SWITCH';
const MAX_METRICS = 5;

/**
 * The contract's check of a chart, with the catalogue's own words for a bad id and position
 * (the contract's are the server's, terser).
 */
const worded = <T extends z.ZodType>(schema: T, i18nKey: `reports.errors.${string}`) =>
  z
    .unknown()
    .refine((value) => schema.safeParse(value).success, { params: { i18nKey } })
    .pipe(schema);
const chartForm = reportChartCreate.extend({
  id: worded(reportChartCreate.shape.id, 'reports.errors.idInvalid'),
  position: worded(reportChartCreate.shape.position, 'reports.errors.positionInvalid'),
});
type ChartFields = z.input<typeof chartForm>;

export function useMetricLabel() {
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

/** A chart of the catalogue, new or edited: id (fixed once made), title, metrics, platform, type. */
export function ChartFormModal({
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
  const form = useZodForm(chartForm, {
    // The id's refusal shows as it is typed, as the catalogue always did.
    mode: 'onChange',
    defaultValues: {
      id: chart?.id ?? '',
      title: chart?.title ?? '',
      metrics: chart ? [...chart.metrics] : [],
      platform: chart?.platform ?? null,
      chartType: chart?.chartType ?? 'line',
      position: chart?.position ?? nextPosition,
    },
  });
  const title = t(chart ? 'reports.catalogue.editTitle' : 'reports.catalogue.createTitle');
  return (
    <Modal
      open
      mode={chart ? 'EDIT' : 'CREATE'}
      title={title}
      onClose={onClose}
      formId={formId}
      confirmLabel={t('actions.save')}
      confirmDisabled={!form.formState.isValid}
      confirmLoading={save.isPending}
      width={720}
    >
      <Form
        id={formId}
        form={form}
        className="reports-chart-form"
        aria-label={title}
        onSubmit={async (body) => {
          try {
            await save.mutateAsync({ editing: chart?.id ?? null, body });
            onClose();
          } catch (error) {
            const message =
              error instanceof ApiError && error.status === 409
                ? t('reports.catalogue.taken', { id: body.id })
                : error instanceof Error
                  ? error.message
                  : String(error);
            form.setError(`root.${FORM_ROOT_ERROR}`, { message });
          }
        }}
      >
        <FormTextField<ChartFields>
          name="id"
          label="ID"
          hint={t('reports.catalogue.idHint')}
          disabled={chart !== null}
          required
          maxLength={40}
        />
        <FormTextField<ChartFields>
          name="title"
          label={t('reports.catalogue.title')}
          required
          maxLength={100}
        />
        <MetricsField />
        <Controller
          control={form.control}
          name="platform"
          render={({ field }) => (
            <NativeSelect
              label={t('reports.platform.label')}
              value={field.value ?? SWITCH}
              onChange={(value) => field.onChange(value === SWITCH ? null : value)}
              options={[
                { value: SWITCH, label: t('reports.catalogue.switch') },
                ...(['ALL', 'MOBILE', 'DESKTOP'] as const).map((value) => ({
                  value,
                  label: t(`reports.platform.${value}`),
                })),
              ]}
            />
          )}
        />
        <Controller
          control={form.control}
          name="chartType"
          render={({ field }) => (
            <NativeSelect
              label={t('reports.catalogue.type')}
              value={field.value ?? 'line'}
              onChange={field.onChange}
              options={REPORT_CHART_TYPES.map((value) => ({
                value,
                label: t(`reports.catalogue.types.${value}`),
              }))}
            />
          )}
        />
        <FormTextField<ChartFields>
          name="position"
          type="number"
          label={t('reports.catalogue.position')}
        />
        <FormRootError />
      </Form>
    </Modal>
  );
}

/** The chart's metrics (up to five, each once): listed with a remove button, added from a list. */
function MetricsField() {
  const { t } = useTranslation();
  const metricLabel = useMetricLabel();
  const { control } = useFormContext<ChartFields>();
  const error = useFieldError<ChartFields>('metrics');
  return (
    <Controller
      control={control}
      name="metrics"
      render={({ field }) => {
        const metrics = field.value as MetricName[];
        return (
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
                    onClick={() => field.onChange(metrics.filter((item) => item !== name))}
                  >
                    ×
                  </Button>
                </li>
              ))}
            </ul>
            {metrics.length < MAX_METRICS && (
              <NativeSelect
                label={t('reports.catalogue.addMetric')}
                value=""
                onChange={(name) => field.onChange([...metrics, name as MetricName])}
                options={[
                  { value: '', label: t('reports.catalogue.pickMetric') },
                  ...CHART_METRICS.filter((name) => !metrics.includes(name)).map((name) => ({
                    value: name,
                    label: metricLabel(name),
                  })),
                ]}
              />
            )}
            {error && metrics.length > 0 && (
              <p className="ui-field__error" role="alert">
                {error}
              </p>
            )}
          </fieldset>
        );
      }}
    />
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
