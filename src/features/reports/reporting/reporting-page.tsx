import { useMemo, useState } from 'react';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { csvDialect, toCsv } from '#contract/csv.ts';
import { hasAccess } from '#contract/roles.ts';
import { useAuthStore } from '#src/stores/auth-store.ts';
import { downloadText } from '#src/lib/download.ts';
import { useSiteStore } from '#src/stores/site-store.ts';
import { Button } from '#src/ui/button/button.tsx';
import { DateRangePicker } from '#src/ui/date-range-picker/date-range-picker.tsx';
import { showDateRange } from '#src/ui/date-range-picker/date-range.ts';
import { aggMetricsQueryOptions, dailyMetricsQueryOptions } from '../api/metric-queries.ts';
import { reportCsvRows } from '../lib/csv.ts';
import { CHART_IDS, chartMetrics, REPORTING_METRICS } from '../lib/metric-groups.ts';
import {
  daysOf,
  defaultPeriod,
  previousPeriod,
  toPeriod,
  toRange,
  type Period,
} from '../lib/period.ts';
import { DailyCharts } from './daily-charts.tsx';
import { MetricsTable } from './metrics-table.tsx';
import { mergeQueryLists, TopQueriesTable } from './top-queries-table.tsx';
import { QuarantineTable } from './quarantine-table.tsx';
import { TotalTable } from './total-table.tsx';
import { WidgetCtrTable } from './widget-ctr-table.tsx';
import '../reports.css';

/** Full reporting (spec §2 "Reporting screen"): two periods compared, every metric, daily charts. */
export default function ReportingPage() {
  const { t, i18n } = useTranslation();
  const siteId = useSiteStore((state) => state.siteId);
  const roles = useAuthStore((state) => state.me?.roles ?? []);
  const [period, setPeriod] = useState<Period>(() => defaultPeriod());
  // Until the user picks one, the compare period is the one of the same length just before.
  const [chosenCompare, setChosenCompare] = useState<Period | null>(null);
  const compare = chosenCompare ?? previousPeriod(period);
  const canAgg = hasAccess(roles, ['ROLE_REPORT_AGG_VIEW']);
  const canDaily = hasAccess(roles, ['ROLE_REPORT_DAILY_VIEW']);
  const [exporting, setExporting] = useState(false);

  const base = { siteId: siteId ?? 0, platform: 'ALL' as const, names: REPORTING_METRICS };
  const current = useQuery({
    ...aggMetricsQueryOptions({ ...base, period }),
    enabled: siteId !== null && canAgg,
  });
  const previous = useQuery({
    ...aggMetricsQueryOptions({ ...base, period: compare }),
    enabled: siteId !== null && canAgg,
  });
  const daily = useQuery({
    ...dailyMetricsQueryOptions({ ...base, names: chartMetrics(CHART_IDS), period }),
    enabled: siteId !== null && canDaily,
  });
  const days = useMemo(() => daysOf(period), [period]);
  const failed = current.isError || previous.isError || daily.isError;

  const exportCsv = async () => {
    setExporting(true);
    try {
      const main = showDateRange(toRange(period), i18n.language);
      const other = showDateRange(toRange(compare), i18n.language);
      const rows = reportCsvRows(current.data, previous.data, {
        header: [
          t('reports.csv.area'),
          t('reports.csv.metric'),
          ...(['ALL', 'MOBILE', 'DESKTOP'] as const).map(
            (p) => `${t(`reports.platform.${p}`)} ${main}`,
          ),
          ...(['ALL', 'MOBILE', 'DESKTOP'] as const).map(
            (p) => `${t(`reports.platform.${p}`)} ${other}`,
          ),
          t('reports.csv.change'),
        ],
        total: t('reports.reporting.total'),
        view: (view) => t(`reports.views.${view}`),
        statistic: (statistic) => t(`reports.statistics.${statistic}`),
        group: (group) => t(`reports.groups.${group}`),
        metric: (metric) => t(`reports.metrics.${metric}`),
      });
      downloadText(
        `report-${siteId ?? 0}-${period.from}_${period.to}.csv`,
        toCsv(rows, { dialect: csvDialect(i18n.language) }),
      );
    } finally {
      setExporting(false);
    }
  };

  return (
    <div className="page reports-reporting">
      <div className="reports-heading">
        <h1>{t('reports.routes.reporting')}</h1>
        {canAgg && (
          <Button
            variant="secondary"
            loading={exporting}
            disabled={!current.data || siteId === null}
            onClick={() => void exportCsv()}
          >
            {t('reports.reporting.exportCsv')}
          </Button>
        )}
      </div>
      <div className="reports-filters">
        <DateRangePicker
          label={t('reports.period.main')}
          value={toRange(period)}
          onChange={(range) => setPeriod(toPeriod(range))}
        />
        <DateRangePicker
          label={t('reports.period.compare')}
          value={toRange(compare)}
          onChange={(range) => setChosenCompare(toPeriod(range))}
        />
      </div>
      {siteId === null && <p className="reports-empty">{t('reports.noSite')}</p>}
      {failed && (
        <p className="reports-empty" role="status">
          {t('reports.reporting.loadFailed')}
        </p>
      )}
      {canAgg && (
        <>
          <TotalTable current={current.data} previous={previous.data} />
          <MetricsTable current={current.data} previous={previous.data} />
          <div className="reports-lists">
            <TopQueriesTable
              title={t('reports.queries.top')}
              rows={mergeQueryLists(current.data, 'TOP_SEARCH_QUERIES')}
            />
            <TopQueriesTable
              title={t('reports.queries.zero')}
              rows={mergeQueryLists(current.data, 'TOP_ZERO_QUERIES')}
            />
          </div>
          {siteId !== null && <WidgetCtrTable siteId={siteId} period={period} />}
        </>
      )}
      {canDaily && (
        <section aria-labelledby="reports-daily">
          <h2 id="reports-daily">{t('reports.reporting.daily')}</h2>
          <DailyCharts chartIds={CHART_IDS} daily={daily.data} days={days} />
        </section>
      )}
      {canDaily && siteId !== null && <QuarantineTable siteId={siteId} />}
    </div>
  );
}
