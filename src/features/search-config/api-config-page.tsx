/** /site/api-config: the public search API parameters of the site. */
import { useTranslation } from 'react-i18next';
import type { FieldPath } from 'react-hook-form';
import { useFormContext } from 'react-hook-form';
import {
  apiParams,
  CONTENT_QUANTITY,
  THRESHOLD_RANGES,
  type ApiParams,
} from '#contract/entities/search-config.ts';
import { Form } from '#src/ui/form/form.tsx';
import { FormCheckboxField, FormField } from '#src/ui/form/form-field.tsx';
import { useSetting, useValueForm, SaveBar } from './settings-parts.tsx';

const FLAGS = [
  'showUnavailable',
  'withCorrection',
  'useCategoryPrediction',
  'treeFacets',
  'withSku',
] as const;

/** A number with its allowed range beside the label; an emptied field is refused, not zero. */
function NumberField({
  name,
  label,
  range,
  step,
  disabled,
}: {
  name: FieldPath<ApiParams>;
  label: string;
  range: { min: number; max: number };
  step: number;
  disabled: boolean;
}) {
  const { register } = useFormContext<ApiParams>();
  return (
    <FormField<ApiParams>
      name={name}
      className="search-config__field"
      label={
        <>
          {label}{' '}
          <span className="search-config__muted">
            ({range.min} – {range.max})
          </span>
        </>
      }
    >
      {(control) => (
        <input
          type="number"
          min={range.min}
          max={range.max}
          step={step}
          disabled={disabled}
          {...control}
          {...register(name, { valueAsNumber: true })}
        />
      )}
    </FormField>
  );
}

function ApiParamsForm({ value }: { value: ApiParams }) {
  const { t } = useTranslation();
  const { query, canWrite, save, reset } = useSetting('api-params');
  const form = useValueForm(apiParams, value);
  const disabled = !canWrite;
  return (
    <Form className="search-config__form" form={form} onSubmit={(v) => save.mutate(v)}>
      <section className="panel" aria-labelledby="api-defaults">
        <h2 id="api-defaults">{t('searchConfig.api.defaults')}</h2>
        <div className="form-grid">
          <NumberField
            name="size"
            label={t('searchConfig.api.size')}
            range={{ min: 1, max: 200 }}
            step={1}
            disabled={disabled}
          />
          <NumberField
            name="unavailableMultiplier"
            label={t('searchConfig.api.unavailableMultiplier')}
            range={{ min: 0, max: 1 }}
            step={0.05}
            disabled={disabled}
          />
          <NumberField
            name="autocompleteContentQuantity"
            label={t('searchConfig.api.contentQuantity')}
            range={CONTENT_QUANTITY}
            step={1}
            disabled={disabled}
          />
        </div>
        <div className="search-config__flags">
          {FLAGS.map((flag) => (
            <FormCheckboxField<ApiParams>
              key={flag}
              name={flag}
              label={t(`searchConfig.api.${flag}`)}
              disabled={disabled}
            />
          ))}
        </div>
      </section>
      <section className="panel" aria-labelledby="api-thresholds">
        <h2 id="api-thresholds">{t('searchConfig.api.thresholds')}</h2>
        <div className="form-grid">
          {(Object.keys(THRESHOLD_RANGES) as (keyof typeof THRESHOLD_RANGES)[]).map((name) => (
            <NumberField
              key={name}
              name={`thresholds.${name}`}
              label={t(`searchConfig.api.threshold.${name}`)}
              range={THRESHOLD_RANGES[name]}
              step={0.01}
              disabled={disabled}
            />
          ))}
        </div>
      </section>
      <SaveBar
        canWrite={canWrite}
        custom={query.data?.custom ?? false}
        onReset={() => reset.mutate()}
      />
    </Form>
  );
}

export function ApiConfigPage() {
  const { t } = useTranslation();
  const { value } = useSetting('api-params');
  if (!value) return <div className="page" />;
  return (
    <div className="page">
      <h1>{t('routes.apiConfig')}</h1>
      <p className="page__lead">{t('searchConfig.api.lead')}</p>
      <ApiParamsForm value={value} />
    </div>
  );
}
