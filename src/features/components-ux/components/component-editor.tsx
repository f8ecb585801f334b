import { useEffect, useState } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import { useSelector } from '@xstate/react';
import { useTranslation } from 'react-i18next';
import { useWatch } from 'react-hook-form';
import { globalComponent, type GlobalComponent } from '#contract/entities/config.ts';
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
import { componentsUxKeys } from '../api/keys.ts';
import { componentForm, type ComponentForm, type ComponentValues } from './component-form.ts';
import { previewSettings, widgetOf } from './component-preview.ts';
import { ComponentSettings } from './component-settings.tsx';
import { ComponentStyles, ComponentTemplate } from './component-template.tsx';

const TABS = ['settings', 'template', 'styles', 'versions'] as const;
type Tab = (typeof TABS)[number];
const KIND = 'global-component';

export interface ComponentEditorProps {
  siteId: number;
  componentId: number;
  name: string;
  copy: ConfigCopy;
  canDelete: boolean;
  /** Why the user may not delete it (their roles), on the disabled button. */
  deleteDeniedReason?: string | undefined;
  onDelete: () => void;
}

/** One copy of one component on its lifecycle machine, with the live preview of its widget. */
export function ComponentEditor({
  siteId,
  componentId,
  name,
  copy,
  canDelete,
  deleteDeniedReason,
  onDelete,
}: ComponentEditorProps) {
  const { t } = useTranslation();
  const client = useQueryClient();
  const [tab, setTab] = useState<Tab>('settings');
  const actor = useConfigActor({
    kind: KIND,
    siteId,
    key: componentId,
    test: copy === 'integration',
  });
  const form = useZodForm<ComponentForm, ComponentValues>(componentForm, {
    defaultValues: globalComponent.parse({ name, componentId }),
  });
  const binding = useMachineForm(actor, form);
  const permissions = usePermissions(KIND);
  const canEdit = copy === 'integration' ? permissions.canSave : permissions.canSaveToProd;
  const { denied } = useCopyAccess(KIND, copy);
  const defaults = useDefaultTemplates();
  const values = useWatch({ control: form.control }) as ComponentForm;
  const compiled = useCompiledCss(values.css ?? '', { siteId, copy });
  const { widget, part } = widgetOf(values.type);

  const base = useSelector(actor, (s) => s.context.base.versionId);
  const promoted = useSelector(actor, (s) => s.context.productionVersionId);
  useEffect(() => {
    void client.invalidateQueries({ queryKey: componentsUxKeys.all(siteId) });
  }, [base, promoted, client, siteId]);

  return (
    <section className="panel config-editor" aria-labelledby="component-title">
      <div className="page__header">
        <h2 id="component-title">{t('componentsUx.editor.title', { name })}</h2>
        <Button
          variant="danger"
          size="sm"
          disabled={!canDelete}
          disabledReason={deleteDeniedReason}
          onClick={onDelete}
        >
          {t('componentsUx.editor.delete')}
        </Button>
      </div>
      <ConfigLifecycle actor={actor} kind={KIND} copy={copy} onSave={binding.save} />
      {copy === 'integration' && (
        <ConfigDraft
          actor={actor}
          siteId={siteId}
          kind={KIND}
          configKey={String(componentId)}
          onRestore={binding.load}
        />
      )}
      {!binding.ready ? (
        <Spinner label={t('ui.spinner.loading')} />
      ) : (
        <div className="config-editor__body">
          <Form<ComponentForm, ComponentValues>
            form={form}
            aria-labelledby="component-title"
            onSubmit={binding.submit}
          >
            <Tabs
              label={t('componentsUx.editor.tabs')}
              tabs={TABS.map((id) => ({ value: id, label: t(`componentsUx.editor.${id}`) }))}
              value={tab}
              onChange={setTab}
            >
              {/* The settings stay mounted (hidden) so every field keeps validating. */}
              <TabPanel value="settings" keepMounted>
                <ComponentSettings disabled={!canEdit} />
              </TabPanel>
              <TabPanel value="template">
                <ComponentTemplate
                  part={part}
                  defaults={defaults.data?.components ?? {}}
                  readOnly={!canEdit}
                  readOnlyReason={denied?.reason}
                />
              </TabPanel>
              <TabPanel value="styles">
                <ComponentStyles readOnly={!canEdit} diagnostics={compiled.diagnostics} />
              </TabPanel>
              <TabPanel value="versions">
                <ConfigVersions
                  actor={actor}
                  siteId={siteId}
                  kind={KIND}
                  configKey={componentId}
                  canRestore={copy === 'integration' && permissions.canSave}
                  onRestore={(config) =>
                    binding.load({ ...(config as GlobalComponent), componentId })
                  }
                />
              </TabPanel>
            </Tabs>
          </Form>
          <ConfigPreview
            siteId={siteId}
            widget={widget}
            settings={previewSettings(values)}
            templates={values.template?.html ? { [part]: values.template.html } : {}}
            css={compiled.css}
          />
        </div>
      )}
    </section>
  );
}
