import { useEffect, useMemo, useState } from 'react';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useParams } from 'react-router-dom';
import { useTranslation } from 'react-i18next';
import type { ChartData, ReportChart } from '#contract/entities/custom-report.ts';
import type { ReportPlatform } from '#contract/entities/metric.ts';
import { useSiteStore } from '#src/stores/site-store.ts';
import { DateRangePicker } from '#src/ui/date-range-picker/date-range-picker.tsx';
import { Spinner } from '#src/ui/spinner/spinner.tsx';
import {
  chartDataQueryOptions,
  chartTokensQueryOptions,
  isStaleChartToken,
  myTabsQueryOptions,
  reportChartsQueryOptions,
} from '../api/custom-report-queries.ts';
import { DailyChart } from '../components/daily-chart.tsx';
import { PlatformSwitch } from '../components/platform-switch.tsx';
import { baseOf } from '../lib/metrics.ts';
import { daysOf, defaultPeriod, toPeriod, toRange, type Period } from '../lib/period.ts';
import '../reports.css';

/** A user's custom report tab (spec §2 /reporting/{name}): its charts, each read with a chart token. */
export default function CustomTabPage() {
  const { t } = useTranslation();
  const { name } = useParams();
  const siteId = useSiteStore((state) => state.siteId);
  const tabs = useQuery(myTabsQueryOptions());
  const tab = tabs.data?.find((item) => item.pathName === name && item.enabled);
  const catalogue = useQuery(reportChartsQueryOptions());
  const [platform, setPlatform] = useState<ReportPlatform>('ALL');
  const [period, setPeriod] = useState<Period>(() => defaultPeriod());
  const tokens = useQuery({
    ...chartTokensQueryOptions(siteId ?? 0, tab?.chartsIds ?? []),
    enabled: siteId !== null && Boolean(tab?.chartsIds.length),
  });

  if (tabs.isLoading) return <Spinner />;
  if (!tab)
    return (
      <div className="page">
        <h1>{t('reports.routes.customTab')}</h1>
        <p className="reports-empty">{t('reports.custom.notFound')}</p>
      </div>
    );
  return (
    <div className="page reports-tab">
      <h1>{tab.title}</h1>
      <div className="reports-filters">
        <PlatformSwitch value={platform} onChange={setPlatform} />
        <DateRangePicker
          label={t('reports.period.main')}
          value={toRange(period)}
          onChange={(range) => setPeriod(toPeriod(range))}
        />
      </div>
      {siteId === null && <p className="reports-empty">{t('reports.noSite')}</p>}
      {tab.chartsIds.length === 0 && (
        <p className="reports-empty">{t('reports.custom.noCharts')}</p>
      )}
      <div className="reports-charts">
        {(tokens.data ?? []).map((token) => (
          <TabChart
            key={token.chartId}
            siteId={siteId ?? 0}
            chartId={token.chartId}
            chart={catalogue.data?.find((chart) => chart.id === token.chartId)}
            token={token.token}
            chartIds={tab.chartsIds}
            period={period}
            platform={platform}
          />
        ))}
      </div>
    </div>
  );
}

function TabChart(props: {
  siteId: number;
  chartId: string;
  /** The catalogue's entry: title and chart type (the id until the catalogue is read). */
  chart: ReportChart | undefined;
  token: string;
  chartIds: readonly string[];
  period: Period;
  platform: ReportPlatform;
}) {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const data = useQuery(
    chartDataQueryOptions(props.siteId, props.chartId, props.token, props.period, props.platform),
  );
  const staleToken = data.isError && isStaleChartToken(data.error);
  const { siteId, chartIds } = props;
  useEffect(() => {
    // An expired token (a laptop woken from sleep): fresh tokens, and the chart reads again.
    if (staleToken)
      void queryClient.invalidateQueries({
        queryKey: chartTokensQueryOptions(siteId, chartIds).queryKey,
      });
  }, [staleToken, queryClient, siteId, chartIds]);
  const days = useMemo(() => daysOf(props.period), [props.period]);
  const series = useMemo(
    () =>
      toSeries(data.data, days, (name) => {
        const platform = name.startsWith('MOBILE_')
          ? ` (${t('reports.platform.MOBILE')})`
          : name.startsWith('DESKTOP_')
            ? ` (${t('reports.platform.DESKTOP')})`
            : '';
        return `${t(`reports.metrics.${baseOf(name)}`)}${platform}`;
      }),
    [data.data, days, t],
  );
  return (
    <DailyChart
      title={props.chart?.title ?? props.chartId}
      {...(props.chart && { type: props.chart.chartType })}
      days={data.data ? days : []}
      series={series}
      error={
        data.isError && !data.data
          ? t(staleToken ? 'reports.custom.chartTokenExpired' : 'reports.custom.chartError')
          : undefined
      }
    />
  );
}

function toSeries(
  data: ChartData | undefined,
  days: readonly string[],
  label: (metricName: ChartData['series'][number]['metricName']) => string,
) {
  return (data?.series ?? []).map((item) => {
    const byDay = new Map(item.points.map((point) => [point.day, point.value]));
    return {
      label: label(item.metricName),
      values: days.map((day) => byDay.get(day) ?? 0),
    };
  });
}
