import { useState } from 'react';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Modal } from '../modal/modal.tsx';
import { Button } from './button.tsx';

export interface DeleteButtonProps {
  /** What is deleted, named in the question («Удалить «Группа 1»?»). */
  name: string;
  /** Runs after the user confirms. */
  onDelete: () => void | Promise<void>;
  /** The button's accessible name when it differs from its text. */
  'aria-label'?: string;
  /** @default 'sm' */
  size?: 'sm' | 'md';
  disabled?: boolean;
  children?: ReactNode;
}

/** A delete is never one plain click: a danger button, then a question naming what goes. */
export function DeleteButton({
  name,
  onDelete,
  size = 'sm',
  disabled,
  children,
  ...rest
}: DeleteButtonProps) {
  const { t } = useTranslation();
  const [asking, setAsking] = useState(false);
  const [busy, setBusy] = useState(false);
  return (
    <>
      <Button
        variant="danger"
        size={size}
        disabled={disabled}
        aria-label={rest['aria-label']}
        onClick={() => setAsking(true)}
      >
        {children ?? t('actions.delete')}
      </Button>
      {asking && (
        <Modal
          open
          mode="EDIT"
          title={t('ui.deleteConfirm.title', { name })}
          confirmLabel={t('actions.delete')}
          confirmVariant="danger"
          confirmLoading={busy}
          onClose={() => setAsking(false)}
          onConfirm={async () => {
            setBusy(true);
            try {
              await onDelete();
              setAsking(false);
            } finally {
              setBusy(false);
            }
          }}
        >
          <p>{t('ui.deleteConfirm.text')}</p>
        </Modal>
      )}
    </>
  );
}
