import { useTranslation } from 'react-i18next';
import { Button } from '#src/ui/button/button.tsx';

export interface ComponentPermissions {
  canSave: boolean;
  canSaveToProd: boolean;
  canPreview: boolean;
  canDeploy: boolean;
  canDelete: boolean;
}

export type Busy = 'save' | 'saveToProd' | 'preview' | 'deploy' | null;

export interface ComponentToolbarProps {
  permissions: ComponentPermissions;
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
export function ComponentToolbar({
  permissions,
  busy,
  dirty,
  onSaveToProd,
  onPreview,
  onDeploy,
  onDelete,
}: ComponentToolbarProps) {
  const { t } = useTranslation();
  const noRole = t('componentsUx.lifecycle.noRole');
  const running = busy !== null;
  const reason = (allowed: boolean) => (allowed ? undefined : noRole);
  return (
    <div role="toolbar" aria-label={t('componentsUx.lifecycle.toolbar')} className="config-toolbar">
      <Button
        type="submit"
        variant="primary"
        disabled={!permissions.canSave || !dirty || running}
        loading={busy === 'save'}
        title={reason(permissions.canSave)}
      >
        {t('componentsUx.lifecycle.save')}
      </Button>
      <Button
        disabled={!permissions.canSaveToProd || running}
        loading={busy === 'saveToProd'}
        title={reason(permissions.canSaveToProd)}
        onClick={onSaveToProd}
      >
        {t('componentsUx.lifecycle.saveToProd')}
      </Button>
      <Button
        disabled={!permissions.canPreview || running}
        loading={busy === 'preview'}
        title={reason(permissions.canPreview)}
        onClick={onPreview}
      >
        {t('componentsUx.lifecycle.preview')}
      </Button>
      <Button
        disabled={!permissions.canDeploy || dirty || running}
        loading={busy === 'deploy'}
        title={reason(permissions.canDeploy)}
        onClick={onDeploy}
      >
        {t('componentsUx.lifecycle.deploy')}
      </Button>
      <Button
        variant="danger"
        disabled={!permissions.canDelete || running}
        title={reason(permissions.canDelete)}
        onClick={onDelete}
      >
        {t('componentsUx.editor.delete')}
      </Button>
    </div>
  );
}
