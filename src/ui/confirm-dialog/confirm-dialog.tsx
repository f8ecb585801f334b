import { useState } from 'react';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Modal } from '../modal/modal.tsx';

export interface ConfirmDialogProps {
  /** The question, naming what goes («Удалить виджет «Хиты»?»). */
  title: ReactNode;
  /** What the action does and what cannot be undone (and, for lists, what else it affects). */
  children: ReactNode;
  /** The danger button's text. @default actions.delete */
  confirmLabel?: ReactNode;
  /**
   * The action. A promise: the button spins while it runs and the dialog closes when it
   * resolves (a rejection keeps it open: the call has shown its error). Otherwise the caller
   * closes the dialog itself (pass `busy` while it works).
   */
  onConfirm: () => void | Promise<unknown>;
  onClose: () => void;
  /** The action runs (for callers that close the dialog themselves). */
  busy?: boolean;
  /** e.g. until an agreement checkbox in `children` is ticked. */
  confirmDisabled?: boolean;
}

/**
 * The one confirmation of the console: every delete and every irreversible action asks with it,
 * danger-styled (a red rule and title, a red confirm button), Cancel and Escape leave it.
 * Never the browser's own confirmation box.
 */
export function ConfirmDialog({
  title,
  children,
  confirmLabel,
  onConfirm,
  onClose,
  busy = false,
  confirmDisabled = false,
}: ConfirmDialogProps) {
  const { t } = useTranslation();
  const [running, setRunning] = useState(false);
  return (
    <Modal
      open
      mode="EDIT"
      tone="danger"
      title={title}
      confirmLabel={confirmLabel ?? t('actions.delete')}
      confirmVariant="danger"
      confirmLoading={busy || running}
      confirmDisabled={confirmDisabled}
      onClose={onClose}
      onConfirm={() => {
        const result = onConfirm();
        if (!(result instanceof Promise)) return;
        setRunning(true);
        result.then(
          () => {
            setRunning(false);
            onClose();
          },
          () => setRunning(false),
        );
      }}
    >
      {children}
    </Modal>
  );
}
