import { useTranslation } from 'react-i18next';
import { useFormContext, useWatch } from 'react-hook-form';
import { CodeEditor, type EditorDiagnostic } from '#studio/editors/code-editor.tsx';
import type { BlockForm } from './block-form.ts';

/** The block's SCSS, compiled with the design tokens when the bundle is built. */
export function BlockStyles({
  readOnly,
  diagnostics,
}: {
  readOnly: boolean;
  diagnostics: readonly EditorDiagnostic[];
}) {
  const { t } = useTranslation();
  const { control, setValue } = useFormContext<BlockForm>();
  const css = useWatch({ control, name: 'css' }) ?? '';
  return (
    <CodeEditor
      language="scss"
      ariaLabel={t('recsUx.editor.scss')}
      value={css}
      diagnostics={diagnostics}
      onChange={(value) => setValue('css', value, { shouldDirty: true })}
      readOnly={readOnly}
    />
  );
}
