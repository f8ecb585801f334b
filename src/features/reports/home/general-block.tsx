import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import { GRAPH_STATISTICS } from '#contract/entities/metric.ts';
import type { AggValues, DailyValues } from '../api/metric-queries.ts';
import { Change } from '../components/change.tsx';
import { Sparkline } from '../components/sparkline.tsx';
import { formatMetric } from '../lib/format-metric.ts';
import { metricKind, numberOf, VIEW_METRICS, VIEWS, type View } from '../lib/metrics.ts';

interface GeneralBlockProps {
  current: AggValues | undefined;
  previous: AggValues | undefined;
  comparing: boolean;
  /** Daily values of the current period (only for users with the daily-report role). */
  daily: DailyValues | undefined;
  days: readonly string[];
}

/** Three views (all sessions, with search, without search) of the six statistics (spec §2). */
export function GeneralBlock(props: GeneralBlockProps) {
  const { t } = useTranslation();
  return (
    <section className="reports-general" aria-label={t('reports.home.general')}>
      {VIEWS.map((view) => (
        <ViewCard key={view} view={view} {...props} />
      ))}
    </section>
  );
}

function ViewCard({
  view,
  current,
  previous,
  comparing,
  daily,
  days,
}: GeneralBlockProps & { view: View }) {
  const { t } = useTranslation();
  const headingId = useId();
  return (
    <section className="reports-card" aria-labelledby={headingId}>
      <h2 id={headingId} className="reports-card__title">
        {t(`reports.views.${view}`)}
      </h2>
      <dl className="reports-stats">
        {GRAPH_STATISTICS.map((statistic) => {
          const name = VIEW_METRICS[view][statistic];
          const kind = metricKind(name);
          const value = numberOf(current, name);
          const series = daily?.[name];
          const label = t(`reports.statistics.${statistic}`);
          return (
            <div key={statistic} className="reports-stat" data-metric={name}>
              <dt className="reports-stat__name">{label}</dt>
              <dd className="reports-stat__value">{formatMetric(value, kind)}</dd>
              {comparing && (
                <dd className="reports-stat__change">
                  <Change current={value} previous={numberOf(previous, name)} />
                </dd>
              )}
              {series && (
                <dd className="reports-stat__trend">
                  <Sparkline
                    label={t('reports.home.trend', { name: label })}
                    values={days.map((day) => series[day] ?? 0)}
                  />
                </dd>
              )}
            </div>
          );
        })}
      </dl>
    </section>
  );
}
