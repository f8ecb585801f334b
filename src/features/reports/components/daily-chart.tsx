import { lazy, Suspense, useId } from 'react';
import { useTranslation } from 'react-i18next';
import { Spinner } from '#src/ui/spinner/spinner.tsx';

export interface ChartSeries {
  label: string;
  values: readonly number[];
}

// uPlot (~20 KB gz) loads with the first chart, never with the route itself.
const UplotChart = lazy(() => import('./uplot-chart.tsx'));

/** A daily chart (uPlot canvas plus its legend) under its title. */
export function DailyChart({
  title,
  days,
  series,
  error,
  type,
}: {
  /** The report catalogue's chart type. @default 'line' */
  type?: 'line' | 'bar' | 'area';
  title: string;
  days: readonly string[];
  series: readonly ChartSeries[];
  /** Shown in place of the plot when the data could not be read. */
  error?: string | undefined;
}) {
  const { t } = useTranslation();
  const captionId = useId();
  return (
    <figure className="reports-chart" aria-labelledby={captionId}>
      <figcaption id={captionId} className="reports-chart__title">
        {title}
      </figcaption>
      {error ? (
        <p className="reports-empty" role="alert">
          {error}
        </p>
      ) : days.length === 0 ? (
        <p className="reports-empty">{t('reports.empty')}</p>
      ) : (
        <Suspense fallback={<Spinner label={t('ui.spinner.loading')} />}>
          <UplotChart
            days={days}
            series={series}
            dayLabel={t('reports.chart.day')}
            {...(type && { type })}
          />
        </Suspense>
      )}
    </figure>
  );
}
