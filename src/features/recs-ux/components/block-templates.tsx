import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { RECS_TEMPLATE_PARTS, type RecsTemplatePart } from '#contract/entities/config.ts';
import { ScriptField } from './form-bits.tsx';

/** One tab per template part (spec §3: common, swiper, infinityList, infinityListModal, productItem), each with its script. */
export function BlockTemplates({ disabled }: { disabled?: boolean }) {
  const { t } = useTranslation();
  const [part, setPart] = useState<RecsTemplatePart>('common');
  const partLabel = t(`recsUx.parts.${part}`);
  return (
    <div className="template-parts">
      <div role="tablist" aria-label={t('recsUx.editor.templates')} className="tabs">
        {RECS_TEMPLATE_PARTS.map((name) => (
          <button
            key={name}
            type="button"
            role="tab"
            id={`recs-part-${name}`}
            aria-selected={name === part}
            aria-controls="recs-part-panel"
            className="tabs__tab"
            onClick={() => setPart(name)}
          >
            {t(`recsUx.parts.${name}`)}
          </button>
        ))}
      </div>
      <fieldset
        role="tabpanel"
        id="recs-part-panel"
        aria-labelledby={`recs-part-${part}`}
        disabled={disabled}
        className="template-parts__panel"
      >
        <ScriptField
          key={`${part}-html`}
          name={`htmlTemplate.${part}.html`}
          label={t('recsUx.editor.html', { part: partLabel })}
        />
        <ScriptField
          key={`${part}-script`}
          name={`htmlTemplate.${part}.script`}
          label={t('recsUx.editor.script', { part: partLabel })}
        />
      </fieldset>
    </div>
  );
}
