import {
  FloatingFocusManager,
  FloatingOverlay,
  FloatingPortal,
  useDismiss,
  useFloating,
  useInteractions,
  useRole,
} from '@floating-ui/react';
import { useEffect, useId } from 'react';
import type { ReactNode, RefObject } from 'react';
import { useTranslation } from 'react-i18next';
import { Button, IconButton } from '../button/button.tsx';
import { lockScroll } from '../overlay/scroll-lock.ts';

/** What the modal is for; it decides the default footer buttons. */
export type ModalMode = 'VIEW' | 'EDIT' | 'CREATE';

/** Spec §9. */
export const MODAL_WIDTH = 600;

export interface ModalProps {
  open: boolean;
  /** Escape, the close button, Cancel and (by default) a click outside call it. */
  onClose: () => void;
  title: ReactNode;
  /** VIEW: Close. EDIT: Cancel + Save. CREATE: Cancel + Create. @default 'VIEW' */
  mode?: ModalMode;
  /** Maximum width in px. @default 600 */
  width?: number;
  children: ReactNode;
  /** Save/Create; the modal does not close by itself, the caller closes it on success. */
  onConfirm?: () => void;
  confirmLabel?: ReactNode;
  confirmDisabled?: boolean;
  confirmLoading?: boolean;
  /** 'danger' for a confirmation that deletes. @default 'primary' */
  confirmVariant?: 'primary' | 'danger';
  /** Replaces the default buttons entirely; `null` hides the footer. */
  footer?: ReactNode;
  /** @default true */
  closeOnOutsideClick?: boolean;
  /** Element to focus first; the first focusable element by default. */
  initialFocus?: RefObject<HTMLElement | null>;
  /** Confirm button's form attribute, to submit a `<form id>` inside the body. */
  formId?: string;
  /** 'danger': an irreversible action is asked about (a red rule on top, a red title). */
  tone?: 'danger';
}

export function Modal({
  open,
  onClose,
  title,
  mode = 'VIEW',
  width = MODAL_WIDTH,
  children,
  onConfirm,
  confirmLabel,
  confirmDisabled = false,
  confirmLoading = false,
  confirmVariant = 'primary',
  footer,
  closeOnOutsideClick = true,
  initialFocus,
  formId,
  tone,
}: ModalProps) {
  const { t } = useTranslation();
  const titleId = useId();
  const { context, ...floating } = useFloating({
    open,
    onOpenChange: (next) => {
      if (!next) onClose();
    },
  });
  // Callback refs (setters), safe to pass during render.
  const { setFloating } = floating.refs;
  const { getFloatingProps } = useInteractions([
    useDismiss(context, { outsidePress: closeOnOutsideClick, outsidePressEvent: 'mousedown' }),
    useRole(context, { role: 'dialog' }),
  ]);
  useEffect(() => (open ? lockScroll() : undefined), [open]);

  if (!open) return null;

  const defaultFooter =
    mode === 'VIEW' ? (
      <Button variant="primary" onClick={onClose}>
        {t('actions.close')}
      </Button>
    ) : (
      <>
        <Button onClick={onClose}>{t('actions.cancel')}</Button>
        <Button
          variant={confirmVariant}
          type={formId ? 'submit' : 'button'}
          form={formId}
          onClick={formId ? undefined : onConfirm}
          disabled={confirmDisabled}
          loading={confirmLoading}
        >
          {confirmLabel ?? t(mode === 'CREATE' ? 'actions.create' : 'actions.save')}
        </Button>
      </>
    );

  return (
    <FloatingPortal>
      <FloatingOverlay className="ui-modal__backdrop">
        <FloatingFocusManager context={context} initialFocus={initialFocus} returnFocus>
          <div
            ref={setFloating}
            className="ui-modal"
            style={{ maxWidth: width }}
            aria-labelledby={titleId}
            aria-modal="true"
            data-mode={mode}
            data-tone={tone}
            {...getFloatingProps()}
          >
            <header className="ui-modal__header">
              <h2 className="ui-modal__title" id={titleId}>
                {title}
              </h2>
              <IconButton label={t('ui.modal.close')} onClick={onClose}>
                ✕
              </IconButton>
            </header>
            <div className="ui-modal__body">{children}</div>
            {footer !== null && (
              <footer className="ui-modal__footer">{footer ?? defaultFooter}</footer>
            )}
          </div>
        </FloatingFocusManager>
      </FloatingOverlay>
    </FloatingPortal>
  );
}
