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
import {
  useDeleteComponentMutation,
  useSaveOrderingsMutation,
} from './api/components-mutations.ts';
import { componentsQueryOptions } from './api/components-queries.ts';
import { ComponentEditor } from './components/component-editor.tsx';
import { ComponentList } from './components/component-list.tsx';
import { CreateComponentModal } from './components/create-component-modal.tsx';

function ComponentsUx({ siteId }: { siteId: number }) {
  const { t } = useTranslation();
  const [params, setParams] = useSearchParams();
  const [creating, setCreating] = useState(false);
  const [deleting, setDeleting] = useState(false);
  const [copy, setCopy] = useState<ConfigCopy>('integration');
  const integration = useQuery(componentsQueryOptions(siteId, true));
  const reorder = useSaveOrderingsMutation(siteId);
  const remove = useDeleteComponentMutation(siteId);
  const permissions = usePermissions('global-component');
  // What the user may not change says why: the open copy, the order (integration), deletion
  // (production).
  const copyAccess = useCopyAccess('global-component', copy);
  const orderDenied = useCopyAccess('global-component', 'integration').denied;
  const deleteDenied = useCopyAccess('global-component', 'production').denied;
  // Creating saves the production copy first (spec §4), so it needs save to production.
  const canCreate = permissions.canSaveToProd;

  const components = integration.data ?? [];
  const selectedId =
    Number(params.get('component')) || components[0]?.component.componentId || null;
  const selected = components.find((stored) => stored.component.componentId === selectedId);
  const select = (componentId: number | null) =>
    setParams(componentId === null ? {} : { component: String(componentId) }, { replace: true });

  return (
    <div className="page page--wide">
      <div className="page__header">
        <h1>{t('componentsUx.title')}</h1>
        <div className="page__actions">
          <CopySwitch value={copy} onChange={setCopy} />
          {canCreate && (
            <Button variant="primary" onClick={() => setCreating(true)}>
              {t('componentsUx.list.create')}
            </Button>
          )}
        </div>
      </div>
      <p className="page__lead">{t('componentsUx.lead')}</p>
      {copyAccess.denied && <ReadOnlyNotice>{copyAccess.denied.note}</ReadOnlyNotice>}
      <div className="config-layout">
        <section className="panel config-list" aria-labelledby="components-list-title">
          <h2 id="components-list-title">{t('componentsUx.list.title')}</h2>
          {integration.isPending ? (
            <Spinner label={t('ui.spinner.loading')} />
          ) : (
            <ComponentList
              components={components}
              selectedId={selected?.component.componentId ?? null}
              onSelect={select}
              onReorder={(ordered) => reorder.mutate(ordered)}
              canReorder={permissions.canSave && !reorder.isPending}
              reorderDeniedReason={orderDenied?.reason}
            />
          )}
          {reorder.isPending && (
            <p className="muted" role="status">
              {t('componentsUx.list.orderSaving')}
            </p>
          )}
        </section>
        {selected && (
          <ComponentEditor
            key={`${selected.component.componentId}:${copy}`}
            siteId={siteId}
            componentId={selected.component.componentId}
            name={selected.component.name}
            copy={copy}
            canDelete={permissions.canSaveToProd}
            deleteDeniedReason={deleteDenied?.reason}
            onDelete={() => setDeleting(true)}
          />
        )}
      </div>
      {creating && (
        <CreateComponentModal
          siteId={siteId}
          ordering={components.length}
          onClose={() => setCreating(false)}
          onCreated={(componentId) => {
            setCreating(false);
            select(componentId);
          }}
        />
      )}
      {deleting && selected && (
        <ConfirmDialog
          title={t('componentsUx.editor.deleteTitle', { name: selected.component.name })}
          busy={remove.isPending}
          onClose={() => setDeleting(false)}
          onConfirm={async () => {
            await remove.mutateAsync(selected.component.componentId).catch(() => undefined);
            setDeleting(false);
            select(null);
          }}
        >
          <p>{t('componentsUx.editor.deleteText')}</p>
        </ConfirmDialog>
      )}
    </div>
  );
}

export default function ComponentsUxPage() {
  const { t } = useTranslation();
  const siteId = useSiteStore((state) => state.siteId);
  if (siteId === null)
    return (
      <div className="page">
        <h1>{t('componentsUx.title')}</h1>
        <p>{t('componentsUx.noSite')}</p>
      </div>
    );
  return <ComponentsUx siteId={siteId} />;
}
