import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { CHARTS, type ChartId } from '#contract/entities/metric.ts';
import type { DailyValues } from '../api/metric-queries.ts';
import { DailyChart } from '../components/daily-chart.tsx';
import { baseOf } from '../lib/metrics.ts';

/** One uPlot chart per chart of the catalogue, from the daily values of the period. */
export function DailyCharts({
  chartIds,
  daily,
  days,
}: {
  chartIds: readonly ChartId[];
  daily: DailyValues | undefined;
  days: readonly string[];
}) {
  const { t } = useTranslation();
  const charts = useMemo(
    () =>
      chartIds.map((id) => ({
        id,
        series: CHARTS[id].metrics.map((name) => ({
          label: `${t(`reports.metrics.${baseOf(name)}`)}${platformSuffix(name, { MOBILE: t('reports.platform.MOBILE'), DESKTOP: t('reports.platform.DESKTOP') })}`,
          values: days.map((day) => daily?.[name]?.[day] ?? 0),
        })),
      })),
    [chartIds, daily, days, t],
  );
  return (
    <div className="reports-charts">
      {charts.map((chart) => (
        <DailyChart
          key={chart.id}
          title={t(`reports.charts.${chart.id}`)}
          days={daily ? days : []}
          series={chart.series}
        />
      ))}
    </div>
  );
}

function platformSuffix(name: string, labels: { MOBILE: string; DESKTOP: string }): string {
  if (name.startsWith('MOBILE_')) return ` (${labels.MOBILE})`;
  if (name.startsWith('DESKTOP_')) return ` (${labels.DESKTOP})`;
  return '';
}
