import { useEffect, useState } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import { useSelector } from '@xstate/react';
import { useTranslation } from 'react-i18next';
import { useWatch } from 'react-hook-form';
import { recommendationsBlock, type RecommendationsBlock } from '#contract/entities/config.ts';
import { useConfigActor, useMachineForm } from '#src/config-studio/config-form.ts';
import {
  ConfigDraft,
  ConfigLifecycle,
  ConfigPreview,
  ConfigVersions,
  useCompiledCss,
  useDefaultTemplates,
  type ConfigCopy,
} from '#src/config-studio/config-studio.tsx';
import { useCopyAccess, usePermissions } from '#src/config-studio/config-permissions.ts';
import { Button } from '#src/ui/button/button.tsx';
import { Form, useZodForm } from '#src/ui/form/form.tsx';
import { Spinner } from '#src/ui/spinner/spinner.tsx';
import { TabPanel, Tabs } from '#src/ui/tabs/tabs.tsx';
import { recsUxKeys } from '../api/keys.ts';
import {
  blockForm,
  blockFromForm,
  blockToForm,
  type BlockForm,
  type BlockValues,
} from './block-form.ts';
import { BlockSettings } from './block-settings.tsx';
import { BlockStyles } from './block-styles.tsx';
import { BlockTemplates } from './block-templates.tsx';

const TABS = ['settings', 'templates', 'styles', 'versions'] as const;
type Tab = (typeof TABS)[number];
const KIND = 'recommendations-block';

export interface BlockEditorProps {
  siteId: number;
  configId: number;
  name: string;
  copy: ConfigCopy;
  canDelete: boolean;
  /** Why the user may not delete it (their roles), on the disabled button. */
  deleteDeniedReason?: string | undefined;
  onDelete: () => void;
}

/** What the preview's recommendations widget is mounted with (storefront/README.md). */
function previewOf(block: BlockForm) {
  const templates: Record<string, string> = {};
  for (const [part, value] of Object.entries(block.htmlTemplate ?? {})) {
    if (value?.html) templates[part] = value.html;
  }
  return {
    templates,
    settings: {
      ...block.customSettings,
      strategy: block.strategy,
      message: block.message,
      showUnavailable: block.showUnavailable,
      lazyLoad: false,
    },
  };
}

/** One copy of one block on its lifecycle machine: settings, templates, SCSS, versions, preview. */
export function BlockEditor({
  siteId,
  configId,
  name,
  copy,
  canDelete,
  deleteDeniedReason,
  onDelete,
}: BlockEditorProps) {
  const { t } = useTranslation();
  const client = useQueryClient();
  const [tab, setTab] = useState<Tab>('settings');
  const actor = useConfigActor({ kind: KIND, siteId, key: configId, test: copy === 'integration' });
  const form = useZodForm<BlockForm, BlockValues>(blockForm, {
    defaultValues: blockToForm(recommendationsBlock.parse({ name, test: copy === 'integration' })),
  });
  const binding = useMachineForm(actor, form, { toForm: blockToForm, fromForm: blockFromForm });
  const permissions = usePermissions(KIND);
  const canEdit = copy === 'integration' ? permissions.canSave : permissions.canSaveToProd;
  const { denied } = useCopyAccess(KIND, copy);
  const defaults = useDefaultTemplates();
  const values = useWatch({ control: form.control }) as BlockForm;
  const compiled = useCompiledCss(values.css ?? '', { siteId, copy });
  const preview = previewOf(values);

  // A save or a deployment changes what the list shows (name, flags, production version).
  const base = useSelector(actor, (s) => s.context.base.versionId);
  const promoted = useSelector(actor, (s) => s.context.productionVersionId);
  useEffect(() => {
    void client.invalidateQueries({ queryKey: recsUxKeys.all(siteId) });
  }, [base, promoted, client, siteId]);

  return (
    <section className="panel config-editor" aria-labelledby="recs-block-title">
      <div className="page__header">
        <h2 id="recs-block-title">{t('recsUx.editor.title', { name })}</h2>
        <Button
          variant="danger"
          size="sm"
          disabled={!canDelete}
          disabledReason={deleteDeniedReason}
          onClick={onDelete}
        >
          {t('recsUx.editor.delete')}
        </Button>
      </div>
      <ConfigLifecycle actor={actor} kind={KIND} copy={copy} onSave={binding.save} />
      {copy === 'integration' && (
        <ConfigDraft
          actor={actor}
          siteId={siteId}
          kind={KIND}
          configKey={String(configId)}
          onRestore={binding.load}
        />
      )}
      {!binding.ready ? (
        <Spinner label={t('ui.spinner.loading')} />
      ) : (
        <div className="config-editor__body">
          <Form<BlockForm, BlockValues>
            form={form}
            aria-labelledby="recs-block-title"
            onSubmit={binding.submit}
          >
            <Tabs
              label={t('recsUx.editor.tabs')}
              tabs={TABS.map((name) => ({ value: name, label: t(`recsUx.editor.${name}`) }))}
              value={tab}
              onChange={setTab}
            >
              {/* The settings stay mounted (hidden) so every field keeps validating. */}
              <TabPanel value="settings" keepMounted>
                <BlockSettings disabled={!canEdit} />
              </TabPanel>
              <TabPanel value="templates">
                <BlockTemplates
                  defaults={defaults.data?.recommendations ?? {}}
                  readOnly={!canEdit}
                  readOnlyReason={denied?.reason}
                />
              </TabPanel>
              <TabPanel value="styles">
                <BlockStyles readOnly={!canEdit} diagnostics={compiled.diagnostics} />
              </TabPanel>
              <TabPanel value="versions">
                <ConfigVersions
                  actor={actor}
                  siteId={siteId}
                  kind={KIND}
                  configKey={configId}
                  canRestore={copy === 'integration' && permissions.canSave}
                  onRestore={(config) =>
                    binding.load({ ...(config as RecommendationsBlock), configId, test: true })
                  }
                />
              </TabPanel>
            </Tabs>
          </Form>
          <ConfigPreview
            siteId={siteId}
            widget="recommendations"
            settings={preview.settings}
            templates={preview.templates}
            css={compiled.css}
          />
        </div>
      )}
    </section>
  );
}
