import type { ReactNode } from 'react';
import { ConfirmDialog } from '../confirm-dialog/confirm-dialog.tsx';

/**
 * The delete confirmation of one record: ConfirmDialog around the host's delete call. The
 * dialog spins while `remove` runs, closes when it succeeds and stays open when it fails (the
 * call has shown its error).
 */
export function ResourceDeleteDialog<T>({
  row,
  title,
  text,
  remove,
  onClose,
  confirmLabel,
}: {
  /** What is deleted. */
  row: T;
  title: ReactNode;
  /** What deleting it does. */
  text: ReactNode;
  remove: (row: T) => Promise<unknown>;
  onClose: () => void;
  confirmLabel?: ReactNode;
}) {
  return (
    <ConfirmDialog
      title={title}
      onClose={onClose}
      onConfirm={() => remove(row)}
      {...(confirmLabel !== undefined && { confirmLabel })}
    >
      {typeof text === 'string' ? <p>{text}</p> : text}
    </ConfirmDialog>
  );
}
