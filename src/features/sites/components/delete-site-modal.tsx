import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { Site } from '#contract/entities/site.ts';
import { ConfirmDialog } from '#src/ui/confirm-dialog/confirm-dialog.tsx';
import { Checkbox } from '#src/ui/checkbox/checkbox.tsx';
import { useDeleteSiteMutation } from '../api/site-mutations.ts';

/** Administrators only: deleting a site is never one click (a question and an agreement). */
export function DeleteSiteModal({
  site,
  onClose,
  onDeleted,
}: {
  site: Site;
  onClose: () => void;
  onDeleted: () => void;
}) {
  const { t } = useTranslation();
  const [agreed, setAgreed] = useState(false);
  const mutation = useDeleteSiteMutation(site.siteId);
  return (
    <ConfirmDialog
      title={t('sites.delete.title', { name: site.siteName })}
      onClose={onClose}
      confirmLabel={t('sites.delete.confirm')}
      confirmDisabled={!agreed}
      busy={mutation.isPending}
      onConfirm={() => mutation.mutate(undefined, { onSuccess: onDeleted })}
    >
      <p role="note" className="warning-text">
        {t('sites.delete.text')}
      </p>
      <Checkbox
        label={t('sites.activation.agree')}
        checked={agreed}
        onChange={(e) => setAgreed(e.target.checked)}
      />
    </ConfirmDialog>
  );
}
