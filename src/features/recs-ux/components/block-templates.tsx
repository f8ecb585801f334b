import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useFormContext, useWatch } from 'react-hook-form';
import {
  RECS_TEMPLATE_PARTS,
  type RecsTemplatePart,
  type RecommendationsBlock,
} from '#contract/entities/config.ts';
import { CodeEditor } from '#studio/editors/code-editor.tsx';
import { TemplateTabs } from '#studio/editors/template-tabs.tsx';
import type { BlockForm } from './block-form.ts';

/**
 * One tab per template part (spec §3: common, swiper, infinityList, infinityListModal,
 * productItem): its Handlebars source (empty = the storefront's default) and its script.
 */
export function BlockTemplates({
  defaults,
  readOnly,
  readOnlyReason,
}: {
  defaults: Record<string, string>;
  readOnly: boolean;
  /** Why the user may not change the templates (their roles), on the disabled reset button. */
  readOnlyReason?: string | undefined;
}) {
  const { t } = useTranslation();
  const { control, setValue } = useFormContext<BlockForm>();
  const templates = (useWatch({ control, name: 'htmlTemplate' }) ??
    {}) as RecommendationsBlock['htmlTemplate'];
  const [part, setPart] = useState<RecsTemplatePart>('common');
  const values = Object.fromEntries(
    RECS_TEMPLATE_PARTS.map((name) => [name, templates[name]?.html ?? '']),
  );
  const set = (name: string, field: 'html' | 'script', value: string) =>
    setValue(`htmlTemplate.${name as RecsTemplatePart}.${field}`, value, { shouldDirty: true });
  return (
    <div className="template-parts">
      <TemplateTabs
        parts={RECS_TEMPLATE_PARTS}
        values={values}
        defaults={defaults}
        active={part}
        onActiveChange={(name) => setPart(name as RecsTemplatePart)}
        onChange={(name, value) => set(name, 'html', value)}
        partLabel={(name) => t(`recsUx.parts.${name as RecsTemplatePart}`)}
        ariaLabel={t('recsUx.editor.templates')}
        readOnly={readOnly}
        readOnlyReason={readOnlyReason}
      />
      <CodeEditor
        key={part}
        language="javascript"
        ariaLabel={t('recsUx.editor.script', { part: t(`recsUx.parts.${part}`) })}
        value={templates[part]?.script ?? ''}
        onChange={(value) => set(part, 'script', value)}
        readOnly={readOnly}
      />
    </div>
  );
}
