import { useTranslation } from 'react-i18next';
import { Button } from '#src/ui/button/button.tsx';
import { Modal } from '#src/ui/modal/modal.tsx';

export interface Conflict {
  versionId: number;
  version: number;
  author: string;
  createdAt: string;
}

/** A save based on a stale version: load theirs (discard mine) or overwrite theirs with mine. */
export function ConflictModal({
  conflict,
  onReload,
  onOverwrite,
  onClose,
}: {
  conflict: Conflict;
  onReload: () => void;
  onOverwrite: () => void;
  onClose: () => void;
}) {
  const { t, i18n } = useTranslation();
  const time = new Date(conflict.createdAt).toLocaleString(i18n.language);
  return (
    <Modal
      open
      title={t('recsUx.lifecycle.conflictTitle')}
      onClose={onClose}
      closeOnOutsideClick={false}
      footer={
        <>
          <Button onClick={onReload}>{t('recsUx.lifecycle.reload')}</Button>
          <Button variant="danger" onClick={onOverwrite}>
            {t('recsUx.lifecycle.overwrite')}
          </Button>
        </>
      }
    >
      <p>
        {t('recsUx.lifecycle.conflictText', {
          version: conflict.version,
          author: conflict.author,
          time,
        })}
      </p>
    </Modal>
  );
}
