import { useTranslation } from 'react-i18next';
import { ScriptField } from './form-bits.tsx';

/** The component's Handlebars template with its script, and its SCSS. */
export function ComponentTemplate({ disabled }: { disabled?: boolean }) {
  const { t } = useTranslation();
  return (
    <fieldset disabled={disabled} className="config-section">
      <ScriptField name="template.html" label={t('componentsUx.editor.html')} />
      <ScriptField name="template.script" label={t('componentsUx.editor.script')} />
    </fieldset>
  );
}

export function ComponentStyles({ disabled }: { disabled?: boolean }) {
  const { t } = useTranslation();
  return (
    <fieldset disabled={disabled} className="config-section">
      <ScriptField name="css" label={t('componentsUx.editor.scss')} />
    </fieldset>
  );
}
