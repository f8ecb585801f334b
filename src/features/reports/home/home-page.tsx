import { useState } from 'react';
import { useQuery } from '@tanstack/react-query';
import { Link } from 'react-router-dom';
import { useTranslation } from 'react-i18next';
import type { ReportPlatform } from '#contract/entities/metric.ts';
import { hasAccess } from '#contract/roles.ts';
import { useAuthStore } from '#src/stores/auth-store.ts';
import { useSiteStore } from '#src/stores/site-store.ts';
import { DateRangePicker } from '#src/ui/date-range-picker/date-range-picker.tsx';
import {
  aggMetricsQueryOptions,
  dailyMetricsQueryOptions,
  type AggValues,
} from '../api/metric-queries.ts';
import { PlatformSwitch } from '../components/platform-switch.tsx';
import { daysOf, defaultPeriod, toPeriod, toRange, type Period } from '../lib/period.ts';
import { GENERAL_METRICS, HOME_METRICS, listOf, numberOf, zeroShare } from '../lib/metrics.ts';
import { GeneralBlock } from './general-block.tsx';
import { QueryList } from './query-list.tsx';
import '../reports.css';

/** Short statistics for the chosen site (spec §2 "Home screen"). */
export default function HomePage() {
  const { t } = useTranslation();
  const siteId = useSiteStore((state) => state.siteId);
  const roles = useAuthStore((state) => state.me?.roles ?? []);
  const [platform, setPlatform] = useState<ReportPlatform>('ALL');
  const [period, setPeriod] = useState<Period | null>(() => defaultPeriod());
  const [compare, setCompare] = useState<Period | null>(null);
  const [failed, setFailed] = useState(false);
  const clear = () => {
    setPeriod(null);
    setCompare(null);
    setFailed(true);
  };

  const base = { siteId: siteId ?? 0, platform, names: HOME_METRICS };
  // On a failed load the periods are cleared and the statistics shown empty (spec §8).
  const current = useQuery({
    ...aggMetricsQueryOptions({ ...base, period: period ?? EMPTY }, clear),
    enabled: siteId !== null && period !== null,
  });
  const previous = useQuery({
    ...aggMetricsQueryOptions({ ...base, period: compare ?? EMPTY }, clear),
    enabled: siteId !== null && period !== null && compare !== null,
  });
  const withDaily = hasAccess(roles, ['ROLE_REPORT_DAILY_VIEW']);
  const daily = useQuery({
    ...dailyMetricsQueryOptions({ ...base, names: GENERAL_METRICS, period: period ?? EMPTY }),
    enabled: siteId !== null && period !== null && withDaily,
  });

  const comparing = compare !== null;
  const now: AggValues | undefined = period ? current.data : undefined;
  const before: AggValues | undefined = comparing ? previous.data : undefined;
  const searches = numberOf(now, 'SEARCH_EVENTS_TOTAL');
  const zero = numberOf(now, 'ZERO_QUERIES_COUNT');

  const pick = (next: Period) => {
    setFailed(false);
    setPeriod(next);
  };

  return (
    <div className="page reports-home">
      <div className="reports-heading">
        <h1>{t('reports.routes.home')}</h1>
        {hasAccess(roles, ['ROLE_REPORT_AGG_VIEW', 'ROLE_REPORT_DAILY_VIEW']) && (
          <Link className="ui-button ui-button--primary" to="/reporting">
            {t('reports.home.fullStatistics')}
          </Link>
        )}
      </div>
      <div className="reports-filters">
        <PlatformSwitch value={platform} onChange={setPlatform} />
        <DateRangePicker
          label={t('reports.period.main')}
          value={period ? toRange(period) : undefined}
          onChange={(range) => pick(toPeriod(range))}
        />
        <DateRangePicker
          label={t('reports.period.compare')}
          placeholder={t('reports.period.comparePlaceholder')}
          value={compare ? toRange(compare) : undefined}
          onChange={(range) => {
            setCompare(toPeriod(range));
            if (!period) pick(defaultPeriod());
          }}
          onClear={() => setCompare(null)}
        />
      </div>
      {siteId === null && <p className="reports-empty">{t('reports.noSite')}</p>}
      {failed && (
        <p className="reports-empty" role="status">
          {t('reports.loadFailed')}
        </p>
      )}
      <GeneralBlock
        current={now}
        previous={before}
        comparing={comparing}
        daily={period && withDaily ? daily.data : undefined}
        days={period ? daysOf(period) : []}
      />
      <div className="reports-lists">
        <QueryList
          title={t('reports.queries.top')}
          queries={listOf(now, 'TOP_SEARCH_QUERIES')}
          total={searches}
          previousQueries={listOf(before, 'TOP_SEARCH_QUERIES')}
          previousTotal={numberOf(before, 'SEARCH_EVENTS_TOTAL')}
          comparing={comparing}
        />
        <QueryList
          title={t('reports.queries.zero')}
          share={now ? zeroShare(zero ?? 0, searches ?? 0) : undefined}
          queries={listOf(now, 'TOP_ZERO_QUERIES')}
          total={zero}
          previousQueries={listOf(before, 'TOP_ZERO_QUERIES')}
          previousTotal={numberOf(before, 'ZERO_QUERIES_COUNT')}
          comparing={comparing}
        />
      </div>
    </div>
  );
}

const EMPTY: Period = { from: '', to: '' };
