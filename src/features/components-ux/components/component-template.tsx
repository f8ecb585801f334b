import { useTranslation } from 'react-i18next';
import { useFormContext, useWatch } from 'react-hook-form';
import { CodeEditor, type EditorDiagnostic } from '#studio/editors/code-editor.tsx';
import { TemplateTabs } from '#studio/editors/template-tabs.tsx';
import type { ComponentForm } from './component-form.ts';

/** The component's Handlebars template (empty = the storefront's default) and its script. */
export function ComponentTemplate({
  part,
  defaults,
  readOnly,
  readOnlyReason,
}: {
  /** The widget's part name (storefront/README.md "Parts"), e.g. productCard. */
  part: string;
  defaults: Record<string, string>;
  readOnly: boolean;
  /** Why the user may not change the templates (their roles), on the disabled reset button. */
  readOnlyReason?: string | undefined;
}) {
  const { t } = useTranslation();
  const { control, setValue } = useFormContext<ComponentForm>();
  const template = useWatch({ control, name: 'template' });
  return (
    <div className="template-parts">
      <TemplateTabs
        parts={[part]}
        values={{ [part]: template?.html ?? '' }}
        defaults={defaults}
        onChange={(_, value) => setValue('template.html', value, { shouldDirty: true })}
        ariaLabel={t('componentsUx.editor.html')}
        readOnly={readOnly}
        readOnlyReason={readOnlyReason}
      />
      <CodeEditor
        language="javascript"
        ariaLabel={t('componentsUx.editor.script')}
        value={template?.script ?? ''}
        onChange={(value) => setValue('template.script', value, { shouldDirty: true })}
        readOnly={readOnly}
      />
    </div>
  );
}

export function ComponentStyles({
  readOnly,
  diagnostics,
}: {
  readOnly: boolean;
  diagnostics: readonly EditorDiagnostic[];
}) {
  const { t } = useTranslation();
  const { control, setValue } = useFormContext<ComponentForm>();
  const css = useWatch({ control, name: 'css' }) ?? '';
  return (
    <CodeEditor
      language="scss"
      ariaLabel={t('componentsUx.editor.scss')}
      value={css}
      diagnostics={diagnostics}
      onChange={(value) => setValue('css', value, { shouldDirty: true })}
      readOnly={readOnly}
    />
  );
}
