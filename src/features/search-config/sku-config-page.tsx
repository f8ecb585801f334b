/** /anyquery/search/sku-config: how SKUs of a product are chosen and shown. */
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import {
  REPRESENTATIVE_STRATEGIES,
  SETTING_SCHEMAS,
  SKU_TYPES,
  type SkuConfig,
  type SkuRepresentativeConfig,
} from '#contract/entities/search-config.ts';
import { Select } from '#src/ui/select/select.tsx';
import { AttributePicker, Issues, issuesOf, RebuildPanel } from './parts.tsx';
import { useDraft, useSetting, SaveBar, LiveBadge } from './settings-parts.tsx';

export function SkuConfigPage() {
  const { t } = useTranslation();
  const sku = useSetting('sku');
  const representative = useSetting('skuRepresentativeConfig');
  const [draft, setDraft] = useDraft(sku.query.data?.value as SkuConfig | undefined);
  const [strategy, setStrategy] = useDraft(
    (representative.query.data?.value as SkuRepresentativeConfig | undefined)?.strategy,
  );
  const [issues, setIssues] = useState<string[]>([]);
  if (!draft || !strategy) return <div className="page" />;
  return (
    <div className="page">
      <h1>{t('routes.skuConfig')}</h1>
      <section className="panel" aria-labelledby="sku-title">
        <h2 id="sku-title">{t('searchConfig.sku.title')}</h2>
        <p className="page__lead">{t('searchConfig.sku.lead')}</p>
        <LiveBadge live={sku.query.data?.live} />
        <div className="form-grid">
          <Select
            label={t('searchConfig.sku.type')}
            options={SKU_TYPES.map((v) => ({ value: v, label: t(`searchConfig.sku.types.${v}`) }))}
            value={draft.type}
            searchable={false}
            disabled={!sku.canWrite}
            onChange={(type) =>
              setDraft({ type, attribute: type === 'EXTERNAL_ID' ? null : draft.attribute })
            }
          />
          {draft.type === 'ATTRIBUTE' && (
            <AttributePicker
              label={t('searchConfig.sku.attribute')}
              value={draft.attribute}
              withBuiltins={false}
              disabled={!sku.canWrite}
              onChange={(attribute) => setDraft({ ...draft, attribute })}
            />
          )}
        </div>
        <Issues list={issues} />
        <SaveBar
          canWrite={sku.canWrite}
          custom={sku.query.data?.custom ?? false}
          onSave={() => {
            const parsed = SETTING_SCHEMAS.sku.safeParse(draft);
            if (!parsed.success) return setIssues(issuesOf(parsed.error));
            setIssues([]);
            void sku.save(parsed.data).catch(() => {});
          }}
          onReset={() => void sku.reset().catch(() => {})}
        />
      </section>
      <section className="panel" aria-labelledby="rep-title">
        <h2 id="rep-title">{t('searchConfig.representative.title')}</h2>
        <LiveBadge live={representative.query.data?.live} />
        <Select
          label={t('searchConfig.representative.strategy')}
          options={REPRESENTATIVE_STRATEGIES.map((v) => ({
            value: v,
            label: t(`searchConfig.representative.strategies.${v}`),
          }))}
          value={strategy}
          searchable={false}
          disabled={!representative.canWrite}
          onChange={setStrategy}
        />
        <SaveBar
          canWrite={representative.canWrite}
          custom={representative.query.data?.custom ?? false}
          onSave={() => void representative.save({ strategy }).catch(() => {})}
          onReset={() => void representative.reset().catch(() => {})}
        />
      </section>
      <RebuildPanel />
    </div>
  );
}
