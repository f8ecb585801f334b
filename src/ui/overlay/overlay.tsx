import { useEffect } from 'react';
import type { ReactNode } from 'react';
import { createPortal } from 'react-dom';
import { useTranslation } from 'react-i18next';
import { cx } from '../cx.ts';
import { Spinner } from '../spinner/spinner.tsx';
import { lockScroll } from './scroll-lock.ts';

export interface OverlayProps {
  /** @default true */
  open?: boolean;
  /** Content in the middle; a large spinner by default. */
  children?: ReactNode;
  /** Accessible text of the default spinner. */
  label?: string;
  className?: string;
}

/**
 * A full-screen veil that blocks the page, e.g. the global loading overlay while requests
 * are in flight. Page scroll stays locked while any overlay is open.
 */
export function Overlay({ open = true, children, label, className }: OverlayProps) {
  const { t } = useTranslation();
  useEffect(() => (open ? lockScroll() : undefined), [open]);
  if (!open) return null;
  return createPortal(
    <div className={cx('ui-overlay', className)} aria-busy="true" data-testid="ui-overlay">
      {children ?? <Spinner size="lg" label={label ?? t('ui.spinner.loading')} />}
    </div>,
    document.body,
  );
}
