import { useState } from 'react';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router-dom';
import { CONFIG_ROLES } from '#contract/entities/config.ts';
import { hasAccess } from '#contract/roles.ts';
import { useAuthStore } from '#src/stores/auth-store.ts';
import { useSiteStore } from '#src/stores/site-store.ts';
import { Button } from '#src/ui/button/button.tsx';
import { Modal } from '#src/ui/modal/modal.tsx';
import { Spinner } from '#src/ui/spinner/spinner.tsx';
import { useDeleteBlockMutation, useSaveOrderingsMutation } from './api/recs-mutations.ts';
import { blocksQueryOptions } from './api/recs-queries.ts';
import { BlockEditor } from './components/block-editor.tsx';
import { BlockList } from './components/block-list.tsx';
import { CreateBlockModal } from './components/create-block-modal.tsx';
import '#src/lib/config-studio.css';

const roles = CONFIG_ROLES['recommendations-block'];

function RecsUx({ siteId }: { siteId: number }) {
  const { t } = useTranslation();
  const userRoles = useAuthStore((state) => state.me?.roles ?? []);
  const [params, setParams] = useSearchParams();
  const [creating, setCreating] = useState(false);
  const [deleting, setDeleting] = useState(false);
  const integration = useQuery(blocksQueryOptions(siteId, true));
  const production = useQuery(blocksQueryOptions(siteId, false));
  const reorder = useSaveOrderingsMutation(siteId);
  const remove = useDeleteBlockMutation(siteId);
  const permissions = {
    canSave: hasAccess(userRoles, roles.save),
    canSaveToProd: hasAccess(userRoles, roles.saveToProd),
    canPreview: hasAccess(userRoles, roles.preview),
    canDeploy: hasAccess(userRoles, roles.generate),
    canDelete: hasAccess(userRoles, roles.saveToProd),
  };
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
        {canCreate && (
          <Button variant="primary" onClick={() => setCreating(true)}>
            {t('recsUx.list.create')}
          </Button>
        )}
      </div>
      <p className="page__lead">{t('recsUx.lead')}</p>
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
            key={selected.block.configId}
            siteId={siteId}
            stored={selected}
            production={production.data?.find(
              (stored) => stored.block.configId === selected.block.configId,
            )}
            permissions={permissions}
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
        <Modal
          open
          mode="EDIT"
          title={t('recsUx.editor.deleteTitle', { name: selected.block.name })}
          confirmLabel={t('actions.delete')}
          confirmLoading={remove.isPending}
          onClose={() => setDeleting(false)}
          onConfirm={async () => {
            await remove.mutateAsync(selected.block.configId).catch(() => undefined);
            setDeleting(false);
            select(null);
          }}
        >
          <p>{t('recsUx.editor.deleteText')}</p>
        </Modal>
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
