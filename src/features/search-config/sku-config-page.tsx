/** /anyquery/search/sku-config: how SKUs of a product are chosen and shown. */
import { useEffect } from 'react';
import { useWatch } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import {
  REPRESENTATIVE_STRATEGIES,
  SETTING_SCHEMAS,
  SKU_TYPES,
  type SkuConfig,
  type SkuRepresentativeConfig,
} from '#contract/entities/search-config.ts';
import { Form } from '#src/ui/form/form.tsx';
import { FormSelectField } from '#src/ui/form/form-select-field.tsx';
import { FormAttributeField, RebuildPanel } from './parts.tsx';
import { useSetting, useValueForm, SaveBar, LiveBadge } from './settings-parts.tsx';

function SkuForm({ value }: { value: SkuConfig }) {
  const { t } = useTranslation();
  const sku = useSetting('sku');
  const form = useValueForm(SETTING_SCHEMAS.sku, value);
  const type = useWatch({ control: form.control, name: 'type' });
  // A product's own id needs no attribute: switching to it clears the one picked.
  useEffect(() => {
    if (type === 'EXTERNAL_ID') form.setValue('attribute', null);
  }, [type, form]);
  return (
    <Form className="search-config__form" form={form} onSubmit={(v) => sku.save.mutate(v)}>
      <div className="form-grid">
        <FormSelectField<SkuConfig, SkuConfig['type']>
          name="type"
          label={t('searchConfig.sku.type')}
          options={SKU_TYPES.map((v) => ({ value: v, label: t(`searchConfig.sku.types.${v}`) }))}
          searchable={false}
          disabled={!sku.canWrite}
        />
        {type === 'ATTRIBUTE' && (
          <FormAttributeField<SkuConfig>
            name="attribute"
            label={t('searchConfig.sku.attribute')}
            withBuiltins={false}
            disabled={!sku.canWrite}
          />
        )}
      </div>
      <SaveBar
        canWrite={sku.canWrite}
        custom={sku.query.data?.custom ?? false}
        onReset={() => sku.reset.mutate()}
      />
    </Form>
  );
}

function RepresentativeForm({ value }: { value: SkuRepresentativeConfig }) {
  const { t } = useTranslation();
  const representative = useSetting('skuRepresentativeConfig');
  const form = useValueForm(SETTING_SCHEMAS.skuRepresentativeConfig, value);
  return (
    <Form
      className="search-config__form"
      form={form}
      onSubmit={(v) => representative.save.mutate(v)}
    >
      <FormSelectField<SkuRepresentativeConfig, SkuRepresentativeConfig['strategy']>
        name="strategy"
        label={t('searchConfig.representative.strategy')}
        options={REPRESENTATIVE_STRATEGIES.map((v) => ({
          value: v,
          label: t(`searchConfig.representative.strategies.${v}`),
        }))}
        searchable={false}
        disabled={!representative.canWrite}
      />
      <SaveBar
        canWrite={representative.canWrite}
        custom={representative.query.data?.custom ?? false}
        onReset={() => representative.reset.mutate()}
      />
    </Form>
  );
}

export function SkuConfigPage() {
  const { t } = useTranslation();
  const sku = useSetting('sku');
  const representative = useSetting('skuRepresentativeConfig');
  if (!sku.value || !representative.value) return <div className="page" />;
  return (
    <div className="page">
      <h1>{t('routes.skuConfig')}</h1>
      <section className="panel" aria-labelledby="sku-title">
        <h2 id="sku-title">{t('searchConfig.sku.title')}</h2>
        <p className="page__lead">{t('searchConfig.sku.lead')}</p>
        <LiveBadge live={sku.query.data?.live} />
        <SkuForm value={sku.value} />
      </section>
      <section className="panel" aria-labelledby="rep-title">
        <h2 id="rep-title">{t('searchConfig.representative.title')}</h2>
        <LiveBadge live={representative.query.data?.live} />
        <RepresentativeForm value={representative.value} />
      </section>
      <RebuildPanel />
    </div>
  );
}
