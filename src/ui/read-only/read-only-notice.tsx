import type { ReactNode } from 'react';
import { cx } from '../cx.ts';

export interface ReadOnlyNoticeProps {
  /** Why the form below is inactive and who may change it, already translated. */
  children: ReactNode;
  /** For controls that point at the notice with `aria-describedby`. */
  id?: string;
  className?: string;
}

/**
 * The one visible explanation above a form the user may read but not change: its fields and
 * buttons are inactive, and this says why (the host words it: which roles may change it).
 */
export function ReadOnlyNotice({ children, id, className }: ReadOnlyNoticeProps) {
  return (
    <p role="note" id={id} className={cx('ui-read-only', className)}>
      <svg className="ui-read-only__icon" viewBox="0 0 16 16" aria-hidden="true" focusable="false">
        <path
          d="M4.5 7V5a3.5 3.5 0 0 1 7 0v2h.5A1 1 0 0 1 13 8v6a1 1 0 0 1-1 1H4a1 1 0 0 1-1-1V8a1 1 0 0 1 1-1h.5Zm1.5 0h4V5a2 2 0 0 0-4 0v2Z"
          fill="currentColor"
        />
      </svg>
      <span>{children}</span>
    </p>
  );
}
