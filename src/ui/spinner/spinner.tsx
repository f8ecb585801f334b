import { useTranslation } from 'react-i18next';
import { cx } from '../cx.ts';

export interface SpinnerProps {
  /** @default 'md' */
  size?: 'sm' | 'md' | 'lg';
  /** Accessible text; defaults to 'Загрузка…' / 'Loading…'. */
  label?: string;
  /** Inside a control that already says it is busy: hide from assistive tech. */
  decorative?: boolean;
  className?: string;
}

/** A ring turning once per second (spec §9). */
export function Spinner({ size = 'md', label, decorative = false, className }: SpinnerProps) {
  const { t } = useTranslation();
  const classes = cx('ui-spinner', size !== 'md' && `ui-spinner--${size}`, className);
  if (decorative) return <span className={classes} aria-hidden="true" />;
  return (
    <span className={classes} role="status">
      <span className="ui-visually-hidden">{label ?? t('ui.spinner.loading')}</span>
    </span>
  );
}
