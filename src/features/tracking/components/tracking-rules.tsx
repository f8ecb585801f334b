import { useTranslation } from 'react-i18next';
import { useFieldArray, useFormContext, useWatch } from 'react-hook-form';
import { PAGE_TYPES, TRIGGER_TYPES } from '#contract/entities/config.ts';
import { Button } from '#src/ui/button/button.tsx';
import { DeleteButton } from '#src/ui/button/delete-button.tsx';
import { FormCheckboxField, FormField, FormTextField } from '#src/ui/form/form-field.tsx';
import { FormSelectField } from '#src/ui/form/form-select-field.tsx';
import type { TrackingFormIn } from '../tracking-form.ts';

function RuleDetails({ index }: { index: number }) {
  const { t } = useTranslation();
  const { control, register } = useFormContext<TrackingFormIn>();
  const trigger = useWatch({ control, name: `rules.${index}.trigger` });
  return (
    <>
      {trigger !== 'PAGE_VIEW' && (
        <FormTextField<TrackingFormIn>
          name={`rules.${index}.selector`}
          label={t('tracking.fields.selector')}
        />
      )}
      {trigger === 'CONDITIONAL_VIEW' && (
        <FormField<TrackingFormIn>
          name={`rules.${index}.condition`}
          label={t('tracking.fields.condition')}
        >
          {(controlProps) => (
            <textarea
              className="ui-input code-field__input"
              rows={3}
              spellCheck={false}
              {...controlProps}
              {...register(`rules.${index}.condition`)}
            />
          )}
        </FormField>
      )}
    </>
  );
}

/** Rules: page type, trigger (PAGE_VIEW, CLICK, CONDITIONAL_VIEW), selector, condition. */
export function TrackingRules() {
  const { t } = useTranslation();
  const { control } = useFormContext<TrackingFormIn>();
  const { fields, append, remove } = useFieldArray({ control, name: 'rules' });
  const rules = useWatch({ control, name: 'rules' }) ?? [];
  return (
    <fieldset className="config-section">
      <legend>{t('tracking.rules')}</legend>
      {fields.length === 0 && <p className="muted">{t('tracking.rulesEmpty')}</p>}
      {fields.map((field, index) => (
        <fieldset key={field.id} className="config-section">
          <legend>{t('tracking.rule', { number: index + 1 })}</legend>
          <div className="form-grid">
            <FormTextField<TrackingFormIn>
              name={`rules.${index}.name`}
              label={t('tracking.fields.name')}
              required
            />
            <FormSelectField<TrackingFormIn, string>
              name={`rules.${index}.pageType`}
              label={t('tracking.fields.pageType')}
              options={PAGE_TYPES.map((value) => ({
                value,
                label: t(`fields.pageTypes.${value}`),
              }))}
            />
            <FormSelectField<TrackingFormIn, string>
              name={`rules.${index}.trigger`}
              label={t('tracking.fields.trigger')}
              options={TRIGGER_TYPES.map((value) => ({
                value,
                label: t(`tracking.triggers.${value}`),
              }))}
            />
            <RuleDetails index={index} />
          </div>
          <FormCheckboxField<TrackingFormIn>
            name={`rules.${index}.enabled`}
            label={t('tracking.fields.ruleEnabled')}
          />
          <div>
            <DeleteButton
              name={rules[index]?.name || t('tracking.rule', { number: index + 1 })}
              aria-label={t('tracking.removeRule', {
                name: rules[index]?.name || t('tracking.rule', { number: index + 1 }),
              })}
              onDelete={() => remove(index)}
            />
          </div>
        </fieldset>
      ))}
      <div>
        <Button
          onClick={() =>
            append({
              name: '',
              pageType: 'PRODUCT',
              trigger: 'CLICK',
              selector: '',
              condition: '',
              enabled: true,
            })
          }
        >
          {t('tracking.addRule')}
        </Button>
      </div>
    </fieldset>
  );
}
