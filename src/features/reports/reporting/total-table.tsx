import { useTranslation } from 'react-i18next';
import { GRAPH_STATISTICS } from '#contract/entities/metric.ts';
import type { AggValues } from '../api/metric-queries.ts';
import { ValueCell } from '../components/value-cell.tsx';
import { metricKind, numberOf, TOTAL_VIEWS, VIEW_METRICS } from '../lib/metrics.ts';
import { ScrollTable } from '../components/scroll-table.tsx';

/** The 'Total' table: the three views of the six statistics, two periods compared. */
export function TotalTable({
  current,
  previous,
}: {
  current: AggValues | undefined;
  previous: AggValues | undefined;
}) {
  const { t } = useTranslation();
  return (
    <ScrollTable label={t('reports.reporting.total')}>
      <table className="ui-table reports-table">
        <caption className="reports-table__caption">{t('reports.reporting.total')}</caption>
        <thead>
          <tr>
            <th scope="col">{t('reports.reporting.view')}</th>
            {GRAPH_STATISTICS.map((statistic) => (
              <th key={statistic} scope="col" className="ui-table__cell--numeric">
                {t(`reports.statistics.${statistic}`)}
              </th>
            ))}
          </tr>
        </thead>
        <tbody>
          {TOTAL_VIEWS.map((view) => (
            <tr key={view}>
              <th scope="row">{t(`reports.views.${view}`)}</th>
              {GRAPH_STATISTICS.map((statistic) => {
                const name = VIEW_METRICS[view][statistic];
                return (
                  <td key={statistic} className="ui-table__cell--numeric">
                    <ValueCell
                      current={numberOf(current, name)}
                      previous={numberOf(previous, name)}
                      kind={metricKind(name)}
                    />
                  </td>
                );
              })}
            </tr>
          ))}
        </tbody>
      </table>
    </ScrollTable>
  );
}
