import { useId, useState } from 'react';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { widgetCtrRoute } from '#contract/routes/recs.ts';
import { api } from '#src/lib/api.ts';
import { formatNumber, formatPercent } from '#src/lib/format.ts';
import { siteQueryOptionsFor } from '#src/features/feeds/api/site.ts';
import { formatDate, formatDateRange } from '#src/ui/date-range-picker/date-range.ts';
import { ScrollTable } from '../components/scroll-table.tsx';
import { todayPeriod, toRange, type Period } from '../lib/period.ts';

export const widgetCtrQueryOptions = (siteId: number, period: Period) =>
  queryOptions({
    queryKey: ['reports', siteId, 'widget-ctr', period.from, period.to] as const,
    queryFn: ({ signal }) =>
      api(
        widgetCtrRoute,
        { params: { id: siteId }, query: { from: period.from, to: period.to }, signal },
        { overlay: false },
      ),
  });

type Span = 'period' | 'today';

/**
 * CTR per recommendation block (widget views and clicks of /public/tracking/widget) and of the
 * search answers (product clicks from search ÷ searches), over the main period or today so far
 * (issue 15): the pickers end yesterday (spec §2), these rollups grow with each event.
 */
export function WidgetCtrTable({ siteId, period }: { siteId: number; period: Period }) {
  const { t, i18n } = useTranslation();
  const locale = i18n.language === 'en' ? 'en' : 'ru';
  const titleId = useId();
  const [span, setSpan] = useState<Span>('period');
  // Today is the site's: its rollups count days in its time zone.
  const site = useQuery({ ...siteQueryOptionsFor(siteId), enabled: span === 'today' });
  const today = todayPeriod(new Date(), site.data?.timeZone);
  const shown = span === 'today' ? today : period;
  const report = useQuery({
    ...widgetCtrQueryOptions(siteId, shown),
    enabled: span === 'period' || !site.isPending,
  });
  const ctr = (value: number | null) => (value === null ? '—' : formatPercent(value * 100, locale));
  const title = t('reports.ctr.title');
  const data = report.data;
  return (
    <div className="reports-ctr">
      <h2 id={titleId} className="reports-table__caption reports-ctr__title">
        {title}
      </h2>
      <div className="reports-ctr__span" role="group" aria-label={t('reports.ctr.span')}>
        {(['period', 'today'] as const).map((value) => (
          <button
            key={value}
            type="button"
            className="ui-button ui-button--sm ui-button--ghost"
            aria-pressed={span === value}
            onClick={() => setSpan(value)}
          >
            {value === 'period'
              ? t('reports.ctr.period', { range: formatDateRange(toRange(period)) })
              : t('reports.ctr.today')}
          </button>
        ))}
      </div>
      {span === 'today' && !site.isPending && (
        <p className="reports-muted">
          {t('reports.ctr.todayNote', {
            day: formatDate(toRange(today).from),
            zone: site.data?.timeZone ?? Intl.DateTimeFormat().resolvedOptions().timeZone,
          })}
        </p>
      )}
      {report.isError && (
        <p className="reports-empty" role="status">
          {t('reports.ctr.loadFailed')}
        </p>
      )}
      <ScrollTable label={title}>
        <table className="ui-table reports-table" aria-labelledby={titleId}>
          <thead>
            <tr>
              <th scope="col">{t('reports.ctr.block')}</th>
              <th scope="col">{t('reports.ctr.strategy')}</th>
              <th scope="col" className="ui-table__cell--numeric">
                {t('reports.ctr.views')}
              </th>
              <th scope="col" className="ui-table__cell--numeric">
                {t('reports.ctr.clicks')}
              </th>
              <th scope="col" className="ui-table__cell--numeric">
                CTR
              </th>
            </tr>
          </thead>
          <tbody>
            {data && (
              <tr>
                <th scope="row">{t('reports.ctr.search')}</th>
                <td>—</td>
                <td className="ui-table__cell--numeric">{formatNumber(data.search.searches)}</td>
                <td className="ui-table__cell--numeric">{formatNumber(data.search.clicks)}</td>
                <td className="ui-table__cell--numeric">{ctr(data.search.ctr)}</td>
              </tr>
            )}
            {data?.blocks.length === 0 && (
              <tr>
                <td colSpan={5} className="ui-table__empty">
                  {span === 'today' ? t('reports.ctr.noBlocksToday') : t('reports.ctr.noBlocks')}
                </td>
              </tr>
            )}
            {data?.blocks.map((row) => (
              <tr key={`${row.block}|${row.strategy}|${row.widgetType}`}>
                <th scope="row">
                  {row.blockName ?? (row.block || t('reports.ctr.unknownBlock'))}{' '}
                  <span className="reports-muted">{row.widgetType}</span>
                </th>
                <td>{row.strategyName ?? row.strategy}</td>
                <td className="ui-table__cell--numeric">{formatNumber(row.views)}</td>
                <td className="ui-table__cell--numeric">{formatNumber(row.clicks)}</td>
                <td className="ui-table__cell--numeric">{ctr(row.ctr)}</td>
              </tr>
            ))}
          </tbody>
        </table>
      </ScrollTable>
    </div>
  );
}
