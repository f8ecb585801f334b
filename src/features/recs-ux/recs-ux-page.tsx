import { useState } from 'react';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router-dom';
import { useCopyAccess, usePermissions } from '#src/config-studio/config-permissions.ts';
import { CopySwitch, type ConfigCopy } from '#src/config-studio/config-studio.tsx';
import { useSiteStore } from '#src/stores/site-store.ts';
import { ConfirmDialog } from '#src/ui/confirm-dialog/confirm-dialog.tsx';
import { Button } from '#src/ui/button/button.tsx';
import { ReadOnlyNotice } from '#src/ui/read-only/read-only-notice.tsx';
import { Spinner } from '#src/ui/spinner/spinner.tsx';
import { useDeleteBlockMutation, useSaveOrderingsMutation } from './api/recs-mutations.ts';
import { blocksQueryOptions } from './api/recs-queries.ts';
import { BlockEditor } from './components/block-editor.tsx';
import { BlockList } from './components/block-list.tsx';
import { CreateBlockModal } from './components/create-block-modal.tsx';

function RecsUx({ siteId }: { siteId: number }) {
  const { t } = useTranslation();
  const [params, setParams] = useSearchParams();
  const [creating, setCreating] = useState(false);
  const [deleting, setDeleting] = useState(false);
  const [copy, setCopy] = useState<ConfigCopy>('integration');
  const integration = useQuery(blocksQueryOptions(siteId, true));
  const reorder = useSaveOrderingsMutation(siteId);
  const remove = useDeleteBlockMutation(siteId);
  const permissions = usePermissions('recommendations-block');
  // What the user may not change says why: the open copy, the order (integration), deletion
  // (production).
  const copyAccess = useCopyAccess('recommendations-block', copy);
  const orderDenied = useCopyAccess('recommendations-block', 'integration').denied;
  const deleteDenied = useCopyAccess('recommendations-block', 'production').denied;
  // Creating saves a production copy first (spec §4), so it needs save to production.
  const canCreate = permissions.canSaveToProd;

  const blocks = integration.data ?? [];
  const selectedId = Number(params.get('block')) || blocks[0]?.block.configId || null;
  const selected = blocks.find((stored) => stored.block.configId === selectedId);
  const select = (configId: number | null) =>
    setParams(configId === null ? {} : { block: String(configId) }, { replace: true });

  return (
    <div className="page page--wide">
      <div className="page__header">
        <h1>{t('recsUx.title')}</h1>
        <div className="page__actions">
          <CopySwitch value={copy} onChange={setCopy} />
          {canCreate && (
            <Button variant="primary" onClick={() => setCreating(true)}>
              {t('recsUx.list.create')}
            </Button>
          )}
        </div>
      </div>
      <p className="page__lead">{t('recsUx.lead')}</p>
      {copyAccess.denied && <ReadOnlyNotice>{copyAccess.denied.note}</ReadOnlyNotice>}
      <div className="config-layout">
        <section className="panel config-list" aria-labelledby="recs-list-title">
          <h2 id="recs-list-title">{t('recsUx.list.title')}</h2>
          {integration.isPending ? (
            <Spinner label={t('ui.spinner.loading')} />
          ) : (
            <BlockList
              blocks={blocks}
              selectedId={selected?.block.configId ?? null}
              onSelect={select}
              onReorder={(ordered) => reorder.mutate(ordered)}
              canReorder={permissions.canSave && !reorder.isPending}
              reorderDeniedReason={orderDenied?.reason}
            />
          )}
          {reorder.isPending && (
            <p className="muted" role="status">
              {t('recsUx.list.orderSaving')}
            </p>
          )}
        </section>
        {selected && (
          <BlockEditor
            key={`${selected.block.configId}:${copy}`}
            siteId={siteId}
            configId={selected.block.configId}
            name={selected.block.name}
            copy={copy}
            canDelete={permissions.canSaveToProd}
            deleteDeniedReason={deleteDenied?.reason}
            onDelete={() => setDeleting(true)}
          />
        )}
      </div>
      {creating && (
        <CreateBlockModal
          siteId={siteId}
          ordering={blocks.length}
          onClose={() => setCreating(false)}
          onCreated={(configId) => {
            setCreating(false);
            select(configId);
          }}
        />
      )}
      {deleting && selected && (
        <ConfirmDialog
          title={t('recsUx.editor.deleteTitle', { name: selected.block.name })}
          busy={remove.isPending}
          onClose={() => setDeleting(false)}
          onConfirm={async () => {
            await remove.mutateAsync(selected.block.configId).catch(() => undefined);
            setDeleting(false);
            select(null);
          }}
        >
          <p>{t('recsUx.editor.deleteText')}</p>
        </ConfirmDialog>
      )}
    </div>
  );
}

export default function RecsUxPage() {
  const { t } = useTranslation();
  const siteId = useSiteStore((state) => state.siteId);
  if (siteId === null)
    return (
      <div className="page">
        <h1>{t('recsUx.title')}</h1>
        <p>{t('recsUx.noSite')}</p>
      </div>
    );
  return <RecsUx siteId={siteId} />;
}
