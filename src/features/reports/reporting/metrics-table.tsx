import { useTranslation } from 'react-i18next';
import type { ReportPlatform } from '#contract/entities/metric.ts';
import type { AggValues } from '../api/metric-queries.ts';
import { ValueCell } from '../components/value-cell.tsx';
import { METRIC_GROUPS } from '../lib/metric-groups.ts';
import { metricKind, numberOf, variant } from '../lib/metrics.ts';
import { ScrollTable } from '../components/scroll-table.tsx';

export const PLATFORM_COLUMNS: readonly ReportPlatform[] = ['ALL', 'MOBILE', 'DESKTOP'];

/** Every numeric metric with its all / mobile / desktop variants, grouped by area. */
export function MetricsTable({
  current,
  previous,
}: {
  current: AggValues | undefined;
  previous: AggValues | undefined;
}) {
  const { t } = useTranslation();
  return (
    <ScrollTable label={t('reports.reporting.metrics')}>
      <table className="ui-table reports-table">
        <caption className="reports-table__caption">{t('reports.reporting.metrics')}</caption>
        <thead>
          <tr>
            <th scope="col">{t('reports.reporting.metric')}</th>
            {PLATFORM_COLUMNS.map((platform) => (
              <th key={platform} scope="col" className="ui-table__cell--numeric">
                {t(`reports.platform.${platform}`)}
              </th>
            ))}
          </tr>
        </thead>
        {METRIC_GROUPS.map((group) => (
          <tbody key={group.id}>
            <tr className="reports-table__group">
              <th scope="colgroup" colSpan={PLATFORM_COLUMNS.length + 1}>
                {t(`reports.groups.${group.id}`)}
              </th>
            </tr>
            {group.metrics.map((metric) => (
              <tr key={metric}>
                <th scope="row">{t(`reports.metrics.${metric}`)}</th>
                {PLATFORM_COLUMNS.map((platform) => {
                  const name = variant(metric, platform);
                  return (
                    <td key={platform} className="ui-table__cell--numeric">
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
        ))}
      </table>
    </ScrollTable>
  );
}
