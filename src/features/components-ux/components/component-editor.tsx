import { useEffect, useState } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { ApiError } from '#contract/client.ts';
import type { ApiErrorBody } from '#contract/errors.ts';
import { applyServerIssues } from '#src/lib/api.ts';
import { Form, FormRootError, useZodForm } from '#src/ui/form/form.tsx';
import { toast } from '#src/ui/toast/toast-store.ts';
import { saveComponent, type StoredComponent } from '../api/components.ts';
import { deployComponent, previewComponents } from '../api/jobs.ts';
import { componentsUxKeys } from '../api/keys.ts';
import { consoleCall } from '../api/components-queries.ts';
import { componentForm, type ComponentForm, type ComponentValues } from './component-form.ts';
import { ComponentSettings } from './component-settings.tsx';
import { ComponentStyles, ComponentTemplate } from './component-template.tsx';
import { ComponentToolbar, type ComponentPermissions, type Busy } from './component-toolbar.tsx';
import { ComponentVersions } from './component-versions.tsx';
import { ConflictModal, type Conflict } from './conflict-modal.tsx';

const TABS = ['settings', 'template', 'styles', 'versions'] as const;
type Tab = (typeof TABS)[number];

export interface ComponentEditorProps {
  siteId: number;
  stored: StoredComponent;
  production: StoredComponent | undefined;
  permissions: ComponentPermissions;
  onDelete: () => void;
}

function conflictOf(error: unknown): Conflict | null {
  if (!(error instanceof ApiError) || error.status !== 409) return null;
  return (error.body as ApiErrorBody | null)?.conflict ?? null;
}

/** Edits one component's integration copy; saves, saves to production, previews and deploys it. */
export function ComponentEditor({
  siteId,
  stored,
  production,
  permissions,
  onDelete,
}: ComponentEditorProps) {
  const { t } = useTranslation();
  const client = useQueryClient();
  const [tab, setTab] = useState<Tab>('settings');
  const [busy, setBusy] = useState<Busy>(null);
  const [conflict, setConflict] = useState<{ conflict: Conflict; values: ComponentValues } | null>(
    null,
  );
  const form = useZodForm<ComponentForm, ComponentValues>(componentForm, {
    defaultValues: stored.component,
  });
  useEffect(() => form.reset(stored.component), [stored, form]);
  const refresh = () => client.invalidateQueries({ queryKey: componentsUxKeys.all(siteId) });

  const save = async (values: ComponentValues, test: boolean, baseVersionId: number | null) => {
    setBusy(test ? 'save' : 'saveToProd');
    try {
      await saveComponent(
        consoleCall({ quiet: true, successToast: true }),
        siteId,
        values,
        test,
        baseVersionId,
      );
      await refresh();
    } catch (error) {
      const newer = conflictOf(error);
      if (newer && test) setConflict({ conflict: newer, values });
      else if (!applyServerIssues(error, form.setError)) {
        form.setError('root.server', {
          type: 'server',
          message: error instanceof Error ? error.message : String(error),
        });
      }
    } finally {
      setBusy(null);
    }
  };

  const runJob = async (kind: 'preview' | 'deploy') => {
    setBusy(kind);
    const call = consoleCall({ overlay: false, successToast: false });
    const outcome =
      kind === 'preview'
        ? await previewComponents(call, siteId)
        : await deployComponent(call, siteId, stored.component.componentId);
    setBusy(null);
    if (outcome.ok) {
      toast.success(
        t('ui.toast.successTitle'),
        t(
          kind === 'deploy'
            ? 'componentsUx.lifecycle.deployed'
            : 'componentsUx.lifecycle.previewReady',
        ),
      );
      await refresh();
    }
  };

  const dirty = form.formState.isDirty;
  return (
    <section className="panel config-editor" aria-labelledby="component-title">
      <div className="page__header">
        <h2 id="component-title">
          {t('componentsUx.editor.title', { name: stored.component.name })}
        </h2>
        <span className="muted">
          {production?.versionId
            ? t('componentsUx.editor.production', { version: production.version })
            : t('componentsUx.editor.notInProduction')}
        </span>
      </div>
      <Form<ComponentForm, ComponentValues>
        form={form}
        aria-labelledby="component-title"
        onSubmit={(values) => save(values, true, stored.versionId)}
      >
        <ComponentToolbar
          permissions={permissions}
          busy={busy}
          dirty={dirty}
          onSaveToProd={form.handleSubmit((values) =>
            save(values, false, production?.versionId ?? null),
          )}
          onPreview={() => void runJob('preview')}
          onDeploy={() => void runJob('deploy')}
          onDelete={onDelete}
        />
        <FormRootError />
        <div role="tablist" aria-label={t('componentsUx.editor.tabs')} className="tabs">
          {TABS.map((name) => (
            <button
              key={name}
              type="button"
              role="tab"
              id={`component-tab-${name}`}
              aria-selected={tab === name}
              aria-controls={`component-panel-${name}`}
              className="tabs__tab"
              onClick={() => setTab(name)}
            >
              {t(`componentsUx.editor.${name}`)}
            </button>
          ))}
        </div>
        {/* Panels stay mounted (hidden) so every field keeps validating and saving. */}
        {TABS.map((name) => (
          <div
            key={name}
            role="tabpanel"
            id={`component-panel-${name}`}
            aria-labelledby={`component-tab-${name}`}
            hidden={tab !== name}
          >
            {name === 'settings' && <ComponentSettings disabled={!permissions.canSave} />}
            {name === 'template' && <ComponentTemplate disabled={!permissions.canSave} />}
            {name === 'styles' && <ComponentStyles disabled={!permissions.canSave} />}
            {name === 'versions' && tab === 'versions' && (
              <ComponentVersions
                siteId={siteId}
                componentId={stored.component.componentId}
                onRestore={(component) =>
                  form.reset(
                    { ...component, componentId: stored.component.componentId },
                    { keepDefaultValues: true },
                  )
                }
              />
            )}
          </div>
        ))}
      </Form>
      {conflict && (
        <ConflictModal
          conflict={conflict.conflict}
          onReload={async () => {
            setConflict(null);
            await refresh();
          }}
          onOverwrite={async () => {
            const { values, conflict: newer } = conflict;
            setConflict(null);
            await save(values, true, newer.versionId);
          }}
          onClose={() => setConflict(null)}
        />
      )}
    </section>
  );
}
