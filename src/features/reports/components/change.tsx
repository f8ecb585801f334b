import { useTranslation } from 'react-i18next';
import { formatPercentChange, percentChange } from '#src/lib/format.ts';

/**
 * Percent change from the compare period (spec §2): a green up arrow for an increase, a red
 * down arrow for a decrease, two decimals; an em dash when the compare period has no base.
 */
export function Change({ current, previous }: { current?: number; previous?: number }) {
  const { t } = useTranslation();
  if (current === undefined || previous === undefined)
    return <span className="reports-change">—</span>;
  const change = percentChange(current, previous);
  const direction = change === null || change === 0 ? 'flat' : change > 0 ? 'up' : 'down';
  return (
    <span className={`reports-change reports-change--${direction}`} data-direction={direction}>
      {direction !== 'flat' && (
        <span className="reports-change__arrow" aria-hidden="true">
          {direction === 'up' ? '▲' : '▼'}
        </span>
      )}
      {direction !== 'flat' && (
        <span className="ui-visually-hidden">
          {t(direction === 'up' ? 'reports.change.up' : 'reports.change.down')}
        </span>
      )}
      {formatPercentChange(current, previous)}
    </span>
  );
}
