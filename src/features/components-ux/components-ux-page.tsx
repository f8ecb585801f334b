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
import {
  useDeleteComponentMutation,
  useSaveOrderingsMutation,
} from './api/components-mutations.ts';
import { componentsQueryOptions } from './api/components-queries.ts';
import { ComponentEditor } from './components/component-editor.tsx';
import { ComponentList } from './components/component-list.tsx';
import { CreateComponentModal } from './components/create-component-modal.tsx';

const roles = CONFIG_ROLES['global-component'];

function ComponentsUx({ siteId }: { siteId: number }) {
  const { t } = useTranslation();
  const userRoles = useAuthStore((state) => state.me?.roles ?? []);
  const [params, setParams] = useSearchParams();
  const [creating, setCreating] = useState(false);
  const [deleting, setDeleting] = useState(false);
  const integration = useQuery(componentsQueryOptions(siteId, true));
  const production = useQuery(componentsQueryOptions(siteId, false));
  const reorder = useSaveOrderingsMutation(siteId);
  const remove = useDeleteComponentMutation(siteId);
  const permissions = {
    canSave: hasAccess(userRoles, roles.save),
    canSaveToProd: hasAccess(userRoles, roles.saveToProd),
    canPreview: hasAccess(userRoles, roles.preview),
    canDeploy: hasAccess(userRoles, roles.generate),
    canDelete: hasAccess(userRoles, roles.saveToProd),
  };
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
        {canCreate && (
          <Button variant="primary" onClick={() => setCreating(true)}>
            {t('componentsUx.list.create')}
          </Button>
        )}
      </div>
      <p className="page__lead">{t('componentsUx.lead')}</p>
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
            key={selected.component.componentId}
            siteId={siteId}
            stored={selected}
            production={production.data?.find(
              (stored) => stored.component.componentId === selected.component.componentId,
            )}
            permissions={permissions}
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
        <Modal
          open
          mode="EDIT"
          title={t('componentsUx.editor.deleteTitle', { name: selected.component.name })}
          confirmLabel={t('actions.delete')}
          confirmLoading={remove.isPending}
          onClose={() => setDeleting(false)}
          onConfirm={async () => {
            await remove.mutateAsync(selected.component.componentId).catch(() => undefined);
            setDeleting(false);
            select(null);
          }}
        >
          <p>{t('componentsUx.editor.deleteText')}</p>
        </Modal>
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
