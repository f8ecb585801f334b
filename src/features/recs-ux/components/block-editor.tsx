import { useEffect, useState } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { ApiError } from '#contract/client.ts';
import type { ApiErrorBody } from '#contract/errors.ts';
import { applyServerIssues } from '#src/lib/api.ts';
import { Form, FormRootError, useZodForm } from '#src/ui/form/form.tsx';
import { toast } from '#src/ui/toast/toast-store.ts';
import { saveBlock, type StoredBlock } from '../api/blocks.ts';
import { deployBlock, previewBlocks } from '../api/jobs.ts';
import { recsUxKeys } from '../api/keys.ts';
import { consoleCall } from '../api/recs-queries.ts';
import { blockForm, type BlockForm, type BlockValues } from './block-form.ts';
import { BlockSettings } from './block-settings.tsx';
import { BlockStyles } from './block-styles.tsx';
import { BlockTemplates } from './block-templates.tsx';
import { BlockToolbar, type BlockPermissions, type Busy } from './block-toolbar.tsx';
import { BlockVersions } from './block-versions.tsx';
import { ConflictModal, type Conflict } from './conflict-modal.tsx';

const TABS = ['settings', 'templates', 'styles', 'versions'] as const;
type Tab = (typeof TABS)[number];

export interface BlockEditorProps {
  siteId: number;
  stored: StoredBlock;
  production: StoredBlock | undefined;
  permissions: BlockPermissions;
  onDelete: () => void;
}

function conflictOf(error: unknown): Conflict | null {
  if (!(error instanceof ApiError) || error.status !== 409) return null;
  return (error.body as ApiErrorBody | null)?.conflict ?? null;
}

/** Edits one block's integration copy; saves, saves to production, previews and deploys it. */
export function BlockEditor({
  siteId,
  stored,
  production,
  permissions,
  onDelete,
}: BlockEditorProps) {
  const { t } = useTranslation();
  const client = useQueryClient();
  const [tab, setTab] = useState<Tab>('settings');
  const [busy, setBusy] = useState<Busy>(null);
  const [conflict, setConflict] = useState<{ conflict: Conflict; values: BlockValues } | null>(
    null,
  );
  const form = useZodForm<BlockForm, BlockValues>(blockForm, { defaultValues: stored.block });
  useEffect(() => form.reset(stored.block), [stored, form]);
  const refresh = () => client.invalidateQueries({ queryKey: recsUxKeys.all(siteId) });

  const save = async (values: BlockValues, test: boolean, baseVersionId: number | null) => {
    setBusy(test ? 'save' : 'saveToProd');
    try {
      await saveBlock(
        consoleCall({ quiet: true, successToast: true }),
        siteId,
        { ...values, test },
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
        ? await previewBlocks(call, siteId)
        : await deployBlock(call, siteId, stored.block.configId);
    setBusy(null);
    if (outcome.ok) {
      toast.success(
        t('ui.toast.successTitle'),
        t(kind === 'deploy' ? 'recsUx.lifecycle.deployed' : 'recsUx.lifecycle.previewReady'),
      );
      await refresh();
    }
  };

  const dirty = form.formState.isDirty;
  return (
    <section className="panel config-editor" aria-labelledby="recs-block-title">
      <div className="page__header">
        <h2 id="recs-block-title">{t('recsUx.editor.title', { name: stored.block.name })}</h2>
        <span className="muted">
          {production?.versionId
            ? t('recsUx.editor.production', { version: production.version })
            : t('recsUx.editor.notInProduction')}
        </span>
      </div>
      <Form<BlockForm, BlockValues>
        form={form}
        aria-labelledby="recs-block-title"
        onSubmit={(values) => save(values, true, stored.versionId)}
      >
        <BlockToolbar
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
        <div role="tablist" aria-label={t('recsUx.editor.tabs')} className="tabs">
          {TABS.map((name) => (
            <button
              key={name}
              type="button"
              role="tab"
              id={`recs-tab-${name}`}
              aria-selected={tab === name}
              aria-controls={`recs-panel-${name}`}
              className="tabs__tab"
              onClick={() => setTab(name)}
            >
              {t(`recsUx.editor.${name}`)}
            </button>
          ))}
        </div>
        {/* Panels stay mounted (hidden) so every field keeps validating and saving. */}
        {TABS.map((name) => (
          <div
            key={name}
            role="tabpanel"
            id={`recs-panel-${name}`}
            aria-labelledby={`recs-tab-${name}`}
            hidden={tab !== name}
          >
            {name === 'settings' && <BlockSettings disabled={!permissions.canSave} />}
            {name === 'templates' && <BlockTemplates disabled={!permissions.canSave} />}
            {name === 'styles' && <BlockStyles disabled={!permissions.canSave} />}
            {name === 'versions' && tab === 'versions' && (
              <BlockVersions
                siteId={siteId}
                configId={stored.block.configId}
                onRestore={(block) =>
                  form.reset(
                    { ...block, configId: stored.block.configId, test: true },
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
