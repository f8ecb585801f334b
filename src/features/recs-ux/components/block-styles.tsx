import { useTranslation } from 'react-i18next';
import { ScriptField } from './form-bits.tsx';

/** The block's SCSS, compiled with the design tokens when the bundle is built. */
export function BlockStyles({ disabled }: { disabled?: boolean }) {
  const { t } = useTranslation();
  return (
    <fieldset disabled={disabled} className="config-section">
      <ScriptField name="css" label={t('recsUx.editor.scss')} />
    </fieldset>
  );
}
