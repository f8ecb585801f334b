import { useTranslation } from 'react-i18next';
import { Button } from '#src/ui/button/button.tsx';

export interface BlockPermissions {
  canSave: boolean;
  canSaveToProd: boolean;
  canPreview: boolean;
  canDeploy: boolean;
  canDelete: boolean;
}

export type Busy = 'save' | 'saveToProd' | 'preview' | 'deploy' | null;

export interface BlockToolbarProps {
  permissions: BlockPermissions;
  busy: Busy;
  dirty: boolean;
  onSaveToProd: () => void;
  onPreview: () => void;
  onDeploy: () => void;
  onDelete: () => void;
}

/**
 * Save / Save to production / Preview / Deploy / Delete, per CONFIG_ROLES. Buttons the user may
 * not use stay visible but disabled, with the reason as their description.
 */
export function BlockToolbar({
  permissions,
  busy,
  dirty,
  onSaveToProd,
  onPreview,
  onDeploy,
  onDelete,
}: BlockToolbarProps) {
  const { t } = useTranslation();
  const noRole = t('recsUx.lifecycle.noRole');
  const running = busy !== null;
  const reason = (allowed: boolean) => (allowed ? undefined : noRole);
  return (
    <div role="toolbar" aria-label={t('recsUx.lifecycle.toolbar')} className="config-toolbar">
      <Button
        type="submit"
        variant="primary"
        disabled={!permissions.canSave || !dirty || running}
        loading={busy === 'save'}
        title={reason(permissions.canSave)}
      >
        {t('recsUx.lifecycle.save')}
      </Button>
      <Button
        disabled={!permissions.canSaveToProd || running}
        loading={busy === 'saveToProd'}
        title={reason(permissions.canSaveToProd)}
        onClick={onSaveToProd}
      >
        {t('recsUx.lifecycle.saveToProd')}
      </Button>
      <Button
        disabled={!permissions.canPreview || running}
        loading={busy === 'preview'}
        title={reason(permissions.canPreview)}
        onClick={onPreview}
      >
        {t('recsUx.lifecycle.preview')}
      </Button>
      <Button
        disabled={!permissions.canDeploy || dirty || running}
        loading={busy === 'deploy'}
        title={reason(permissions.canDeploy)}
        onClick={onDeploy}
      >
        {t('recsUx.lifecycle.deploy')}
      </Button>
      <Button
        variant="danger"
        disabled={!permissions.canDelete || running}
        title={reason(permissions.canDelete)}
        onClick={onDelete}
      >
        {t('recsUx.editor.delete')}
      </Button>
    </div>
  );
}
