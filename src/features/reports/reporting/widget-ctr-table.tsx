import { useId, useState, type ReactNode } from 'react';
import { useQuery } from '@tanstack/react-query';
import { createColumnHelper } from '@tanstack/react-table';
import { useTranslation } from 'react-i18next';
import { formatNumber, formatPercent } from '#src/lib/format.ts';
import { siteQueryOptions } from '#src/lib/site-query.ts';
import { DataTable } from '#src/ui/data-table/data-table.tsx';
import { showDate, showDateRange } from '#src/ui/date-range-picker/date-range.ts';
import { widgetCtrQueryOptions } from '../api/report-queries.ts';
import { todayPeriod, toRange, type Period } from '../lib/period.ts';

type Span = 'period' | 'today';

/** A line of the table: the search answers first, then each block; or a message across it. */
type CtrRow =
  | {
      id: string;
      name: ReactNode;
      strategy: string;
      views: number;
      clicks: number;
      ctr: number | null;
    }
  | { id: 'none'; message: string };
type CtrLine = Exclude<CtrRow, { message: string }>;
const lineOf = (row: CtrRow): CtrLine | undefined => ('message' in row ? undefined : row);
const ctrRow = createColumnHelper<CtrRow>();

/**
 * CTR per recommendation block (widget views and clicks of /public/tracking/widget) and of the
 * search answers (product clicks from search ÷ searches), over the main period or today so far
 *: the pickers end yesterday (spec §2), these rollups grow with each event.
 */
export function WidgetCtrTable({ siteId, period }: { siteId: number; period: Period }) {
  const { t, i18n } = useTranslation();
  const locale = i18n.language === 'en' ? 'en' : 'ru';
  const titleId = useId();
  const [span, setSpan] = useState<Span>('period');
  // Today is the site's: its rollups count days in its time zone.
  const site = useQuery({ ...siteQueryOptions(siteId), enabled: span === 'today' });
  const today = todayPeriod(new Date(), site.data?.timeZone);
  const shown = span === 'today' ? today : period;
  const report = useQuery({
    ...widgetCtrQueryOptions(siteId, shown),
    enabled: span === 'period' || !site.isPending,
  });
  const ctr = (value: number | null) => (value === null ? '—' : formatPercent(value * 100, locale));
  const title = t('reports.ctr.title');
  const data = report.data;
  const rows: CtrRow[] = data
    ? [
        {
          id: 'search',
          name: t('reports.ctr.search'),
          strategy: '—',
          views: data.search.searches,
          clicks: data.search.clicks,
          ctr: data.search.ctr,
        },
        ...(data.blocks.length === 0
          ? [
              {
                id: 'none' as const,
                message:
                  span === 'today' ? t('reports.ctr.noBlocksToday') : t('reports.ctr.noBlocks'),
              },
            ]
          : data.blocks.map((row) => ({
              id: `${row.block}|${row.strategy}|${row.widgetType}`,
              name: (
                <>
                  {row.blockName ?? (row.block || t('reports.ctr.unknownBlock'))}{' '}
                  <span className="reports-muted">{row.widgetType}</span>
                </>
              ),
              strategy: row.strategyName ?? row.strategy,
              views: row.views,
              clicks: row.clicks,
              ctr: row.ctr,
            }))),
      ]
    : [];
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
              ? t('reports.ctr.period', { range: showDateRange(toRange(period), locale) })
              : t('reports.ctr.today')}
          </button>
        ))}
      </div>
      {span === 'today' && !site.isPending && (
        <p className="reports-muted">
          {t('reports.ctr.todayNote', {
            day: showDate(toRange(today).from, locale),
            zone: site.data?.timeZone ?? Intl.DateTimeFormat().resolvedOptions().timeZone,
          })}
        </p>
      )}
      {report.isError && (
        <p className="reports-empty" role="status">
          {t('reports.ctr.loadFailed')}
        </p>
      )}
      <DataTable<CtrRow>
        labelledBy={titleId}
        scrollLabel={title}
        className="reports-table"
        sortable={false}
        columns={[
          ctrRow.display({
            id: 'block',
            header: t('reports.ctr.block'),
            meta: { rowHeader: true },
            cell: ({ row }) => lineOf(row.original)?.name,
          }),
          ctrRow.display({
            id: 'strategy',
            header: t('reports.ctr.strategy'),
            cell: ({ row }) => lineOf(row.original)?.strategy,
          }),
          ...(['views', 'clicks'] as const).map((key) =>
            ctrRow.display({
              id: key,
              header: t(`reports.ctr.${key}`),
              meta: { numeric: true },
              cell: ({ row }) => formatNumber(lineOf(row.original)?.[key] ?? 0),
            }),
          ),
          ctrRow.display({
            id: 'ctr',
            header: 'CTR',
            meta: { numeric: true },
            cell: ({ row }) => ctr(lineOf(row.original)?.ctr ?? null),
          }),
        ]}
        data={rows}
        loading={report.isPending}
        getRowId={(row) => row.id}
        fullWidthRow={(row) =>
          'message' in row ? <div className="ui-table__empty">{row.message}</div> : null
        }
      />
    </div>
  );
}
