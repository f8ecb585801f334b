import { cx } from '../cx.ts';

export interface ProgressBarProps {
  /** 0–100; `null` for work whose share done is not known yet (an indeterminate bar). */
  percent: number | null;
  /** Accessible name (what is progressing). */
  label: string;
  tone?: 'accent' | 'danger';
  className?: string;
}

/** A job's or an upload's progress: a bar with its percentage, announced to screen readers. */
export function ProgressBar({ percent, label, tone = 'accent', className }: ProgressBarProps) {
  const value = percent === null ? null : Math.max(0, Math.min(100, Math.round(percent)));
  return (
    <div className={cx('ui-progress', `ui-progress--${tone}`, className)}>
      <div
        className={cx('ui-progress__track', value === null && 'ui-progress__track--indeterminate')}
        role="progressbar"
        aria-label={label}
        aria-valuemin={0}
        aria-valuemax={100}
        {...(value !== null && { 'aria-valuenow': value })}
      >
        <div className="ui-progress__fill" style={{ width: `${value ?? 30}%` }} />
      </div>
      {value !== null && (
        <span className="ui-progress__value" aria-hidden="true">
          {value} %
        </span>
      )}
    </div>
  );
}
