import type { HTMLAttributes } from 'react';
import { cx } from '../cx.ts';

export type BadgeTone = 'neutral' | 'success' | 'danger' | 'warning' | 'accent';

export interface BadgeProps extends HTMLAttributes<HTMLSpanElement> {
  /** @default 'neutral' */
  tone?: BadgeTone;
}

/** A small status pill, e.g. a site's enabled/disabled state. */
export function Badge({ tone = 'neutral', className, ...rest }: BadgeProps) {
  return (
    <span
      className={cx('ui-badge', tone !== 'neutral' && `ui-badge--${tone}`, className)}
      {...rest}
    />
  );
}
