import { useState } from 'react';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { ConfirmDialog } from '../confirm-dialog/confirm-dialog.tsx';
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
  /** Why it is disabled (Button's `disabledReason`). */
  disabledReason?: string | null | undefined;
  children?: ReactNode;
  /** The question's text. @default ui.deleteConfirm.text (it leaves the form until saved) */
  text?: ReactNode;
}

/** A delete is never one plain click: a danger button, then a question naming what goes. */
export function DeleteButton({
  name,
  onDelete,
  size = 'sm',
  disabled,
  disabledReason,
  children,
  text,
  ...rest
}: DeleteButtonProps) {
  const { t } = useTranslation();
  const [asking, setAsking] = useState(false);
  return (
    <>
      <Button
        variant="danger"
        size={size}
        disabled={disabled}
        disabledReason={disabledReason}
        aria-label={rest['aria-label']}
        onClick={() => setAsking(true)}
      >
        {children ?? t('actions.delete')}
      </Button>
      {asking && (
        <ConfirmDialog
          title={t('ui.deleteConfirm.title', { name })}
          onClose={() => setAsking(false)}
          onConfirm={async () => {
            await onDelete();
          }}
        >
          <p>{text ?? t('ui.deleteConfirm.text')}</p>
        </ConfirmDialog>
      )}
    </>
  );
}
