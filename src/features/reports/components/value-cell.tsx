import { useTranslation } from 'react-i18next';
import { formatMetric } from '../lib/format-metric.ts';
import type { MetricKind } from '../lib/metrics.ts';
import { Change } from './change.tsx';

/** A value of the current period, the compare period's below it, and the change. */
export function ValueCell({
  current,
  previous,
  kind,
}: {
  current: number | undefined;
  previous: number | undefined;
  kind: MetricKind;
}) {
  const { t } = useTranslation();
  return (
    <div className="reports-value">
      <span className="reports-value__current">{formatMetric(current, kind)}</span>
      <span className="reports-value__previous">
        {t('reports.reporting.was', { value: formatMetric(previous, kind) })}
      </span>
      <Change current={current} previous={previous} />
    </div>
  );
}
