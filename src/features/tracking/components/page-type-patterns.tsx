import { useTranslation } from 'react-i18next';
import { useFieldArray, useFormContext } from 'react-hook-form';
import { PAGE_TYPES } from '#contract/entities/config.ts';
import { Button } from '#src/ui/button/button.tsx';
import { DeleteButton } from '#src/ui/button/delete-button.tsx';
import { FormTextField } from '#src/ui/form/form-field.tsx';
import { FormSelectField } from '#src/ui/form/form-select-field.tsx';
import type { TrackingFormIn } from '../tracking-form.ts';

/** Which page type an address is: a URL pattern per page type. */
export function PageTypePatterns() {
  const { t } = useTranslation();
  const { control } = useFormContext<TrackingFormIn>();
  const { fields, append, remove } = useFieldArray({ control, name: 'pageTypes' });
  return (
    <fieldset className="config-section">
      <legend>{t('tracking.pageTypes')}</legend>
      {fields.length === 0 && <p className="muted">{t('tracking.pageTypesEmpty')}</p>}
      {fields.map((field, index) => (
        <div
          key={field.id}
          role="group"
          aria-label={t('tracking.pageTypeRow', { number: index + 1 })}
          className="tracking-row"
        >
          <FormSelectField<TrackingFormIn, string>
            name={`pageTypes.${index}.pageType`}
            label={t('tracking.fields.pageType')}
            options={PAGE_TYPES.map((value) => ({ value, label: t(`fields.pageTypes.${value}`) }))}
          />
          <FormTextField<TrackingFormIn>
            name={`pageTypes.${index}.urlPattern`}
            label={t('tracking.fields.urlPattern')}
            hint={t('tracking.fields.urlPatternHint')}
          />
          <DeleteButton
            name={t('tracking.pageTypeName', { number: index + 1 })}
            aria-label={t('tracking.removePageType', { number: index + 1 })}
            onDelete={() => remove(index)}
          />
        </div>
      ))}
      <div>
        <Button onClick={() => append({ pageType: 'PRODUCT', urlPattern: '' })}>
          {t('tracking.addPageType')}
        </Button>
      </div>
    </fieldset>
  );
}
