import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { Site } from '#contract/entities/site.ts';
import { Checkbox } from '#src/ui/checkbox/checkbox.tsx';
import { Modal } from '#src/ui/modal/modal.tsx';
import { useEnableSiteMutation } from '../api/site-mutations.ts';

/** Administrators only (spec §2): activation schedules a feed update, deactivation deletes site data. */
export function ActivationModal({ site, onClose }: { site: Site; onClose: () => void }) {
  const { t } = useTranslation();
  const [agreed, setAgreed] = useState(false);
  const mutation = useEnableSiteMutation(site.siteId);
  const activating = !site.enabled;
  return (
    <Modal
      open
      mode="EDIT"
      title={t(activating ? 'sites.activation.activateTitle' : 'sites.activation.deactivateTitle', {
        name: site.siteName,
      })}
      onClose={onClose}
      confirmLabel={t(activating ? 'sites.activation.activate' : 'sites.activation.deactivate')}
      confirmDisabled={!agreed}
      confirmLoading={mutation.isPending}
      onConfirm={() => mutation.mutate(activating, { onSuccess: onClose })}
    >
      <p role="note" className={activating ? undefined : 'warning-text'}>
        {t(activating ? 'sites.activation.activateText' : 'sites.activation.deactivateText')}
      </p>
      <Checkbox
        label={t('sites.activation.agree')}
        checked={agreed}
        onChange={(e) => setAgreed(e.target.checked)}
      />
    </Modal>
  );
}
