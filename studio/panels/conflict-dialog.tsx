import { useTranslation } from 'react-i18next';
import type { ConflictMeta } from '#studio/machines/config.machine.ts';
import { Button } from '#src/ui/button/button.tsx';
import { Modal } from '#src/ui/modal/modal.tsx';
import { formatShortTime } from './format-time.ts';

export interface ConflictDialogProps {
  /** The newer version the save ran into; the dialog is open while it is set. */
  conflict: ConflictMeta | null;
  /** Discard my edits and load theirs (the machine's RELOAD). */
  onReload: () => void;
  /** Save mine again, based on theirs (the machine's OVERWRITE). */
  onOverwrite: () => void;
  /** Close without choosing: keep editing (the machine's CANCEL). */
  onClose: () => void;
  /** Formats the version time; the interface language's medium date and short time by default. */
  formatTime?: (iso: string) => string;
}

const formatIn = (language: string) => (iso: string) => formatShortTime(iso, language);

/** A save based on a stale version: reload theirs or overwrite with mine (DESIGN.md). */
export function ConflictDialog({
  conflict,
  onReload,
  onOverwrite,
  onClose,
  formatTime,
}: ConflictDialogProps) {
  const { t, i18n } = useTranslation();
  const format = formatTime ?? formatIn(i18n.language);
  return (
    <Modal
      open={conflict !== null}
      onClose={onClose}
      mode="EDIT"
      closeOnOutsideClick={false}
      title={t('studio.lifecycle.conflict.title')}
      footer={
        <>
          <Button onClick={onReload}>{t('studio.lifecycle.conflict.reload')}</Button>
          <Button variant="primary" onClick={onOverwrite}>
            {t('studio.lifecycle.conflict.overwrite')}
          </Button>
        </>
      }
    >
      {conflict && (
        <>
          <p>
            {t('studio.lifecycle.conflict.text', {
              author: conflict.author,
              version: conflict.version,
              time: format(conflict.createdAt),
            })}
          </p>
          <p className="ui-hint-text">{t('studio.lifecycle.conflict.overwriteHint')}</p>
        </>
      )}
    </Modal>
  );
}
