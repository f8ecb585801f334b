import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { FEED_TYPES } from '#contract/entities/feeds.ts';
import { deleteSiteFeedsRoute } from '#contract/routes/sites.ts';
import { useMayCall } from '#src/lib/resource.ts';
import { Button } from '#src/ui/button/button.tsx';
import { ConfirmDialog } from '#src/ui/confirm-dialog/confirm-dialog.tsx';
import { Select } from '#src/ui/select/select.tsx';
import { useClearFeedStatusMutation } from '../api/feed-mutations.ts';

type Scope = '' | (typeof FEED_TYPES)[number];

/**
 * Clears the site's feed status (DELETE /site/{id}/feeds): every type's last uploads, or one
 * type's, after a confirmation that says what goes. The feeds themselves and the catalog stay;
 * the next load writes the status again.
 */
export function ClearFeedStatus({ siteId }: { siteId: number }) {
  const { t } = useTranslation();
  const may = useMayCall(deleteSiteFeedsRoute);
  const [open, setOpen] = useState(false);
  const [scope, setScope] = useState<Scope>('');
  const clear = useClearFeedStatusMutation(siteId);
  if (!may) return null;
  return (
    <>
      <Button
        variant="danger"
        onClick={() => {
          setScope('');
          setOpen(true);
        }}
      >
        {t('feeds.status.clear')}
      </Button>
      {open && (
        <ConfirmDialog
          title={t('feeds.status.clearTitle')}
          confirmLabel={t('feeds.status.clearConfirm')}
          onClose={() => setOpen(false)}
          onConfirm={() => clear.mutateAsync(scope)}
        >
          <p>{t('feeds.status.clearText')}</p>
          <Select<string>
            label={t('feeds.status.clearScope')}
            options={[
              { value: '', label: t('feeds.status.clearAll') },
              ...FEED_TYPES.map((type) => ({ value: type, label: type })),
            ]}
            value={scope}
            onChange={(value) => setScope(value as Scope)}
          />
        </ConfirmDialog>
      )}
    </>
  );
}
