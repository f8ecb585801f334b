import { useController, useFormContext, type UseFormReturn } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import type * as z from 'zod';
import {
  BOOST_TYPES,
  MULTIPLIER_ADVICE_CEILING,
  boostRuleInput,
  type BoostRule,
  type BoostType,
} from '#contract/entities/merchandising.ts';
import { showSaveError } from '#src/lib/api.ts';
import {
  CatalogAttributePicker,
  CatalogBrandPicker,
  CatalogCategorySearchPicker,
  CatalogProductPicker,
} from '#src/lib/catalog-pickers.tsx';
import { FormCheckboxField, FormTextField } from '#src/ui/form/form-field.tsx';
import { useShownField } from '#src/ui/form/form.tsx';
import { ResourceFormModal } from '#src/ui/resource/resource-form-modal.tsx';
import { Select } from '#src/ui/select/select.tsx';
import {
  FormDateTimeField,
  FormLinesField,
  FormList,
  numberOrDefault,
  numberOrNull,
} from './merch-fields.tsx';

type BoostFields = z.input<typeof boostRuleInput>;
type BoostForm = UseFormReturn<BoostFields, unknown, z.output<typeof boostRuleInput>>;

const fieldsOf = (rule: BoostRule | null): BoostFields => ({
  name: rule?.name ?? '',
  queries: rule?.queries ?? [],
  fullMatch: rule?.fullMatch ?? false,
  boostType: rule?.boostType ?? 'PRODUCTS',
  weight: rule?.weight ?? 1,
  socket: rule?.socket ?? null,
  multiplier: rule?.multiplier ?? 1,
  status: rule?.status ?? true,
  startDate: rule?.startDate ?? null,
  endDate: rule?.endDate ?? null,
  ranking: rule?.ranking ?? true,
  autocomplete: rule?.autocomplete ?? false,
  attributeName: rule?.attributeName ?? null,
  filters: rule?.filters ?? [],
});

/** The boost rule form (spec part 2 §3 "Boost rule": every field), create or edit. */
export function BoostFormModal({
  siteId,
  rule,
  save,
  pending,
  onClose,
}: {
  siteId: number;
  rule: BoostRule | null;
  save: (input: z.output<typeof boostRuleInput>) => Promise<unknown>;
  pending: boolean;
  onClose: () => void;
}) {
  const { t } = useTranslation();
  return (
    <ResourceFormModal
      formId="merch-boost"
      mode={rule ? 'EDIT' : 'CREATE'}
      title={rule ? t('merch.form.editTitle') : t('merch.form.createTitle')}
      schema={boostRuleInput}
      defaultValues={fieldsOf(rule)}
      save={(input) =>
        save({
          ...input,
          // A socket belongs to PRODUCTS and an attribute to ATTRIBUTES; other types send none.
          socket: input.boostType === 'PRODUCTS' ? input.socket : null,
          attributeName: input.boostType === 'ATTRIBUTES' ? input.attributeName : null,
        })
      }
      pending={pending}
      onClose={onClose}
      onError={(error, form) => showSaveError(error, form.setError)}
      invalidText={t('merch.form.fillEmpty')}
      width={720}
    >
      {(form) => <BoostRuleFields siteId={siteId} form={form} />}
    </ResourceFormModal>
  );
}

function BoostRuleFields({ siteId, form }: { siteId: number; form: BoostForm }) {
  const { t } = useTranslation();
  const [type = 'PRODUCTS', multiplier] = form.watch(['boostType', 'multiplier']);
  const setType = (value: BoostType) => {
    form.setValue('boostType', value, { shouldDirty: true });
    // The items are of the new type; a socket and an attribute only of their own types.
    form.setValue('filters', []);
    if (value !== 'PRODUCTS') form.setValue('socket', null);
    if (value !== 'ATTRIBUTES') form.setValue('attributeName', null);
  };

  return (
    <div className="merch-form">
      <FormTextField<BoostFields> name="name" label={t('merch.form.name')} required />
      <FormLinesField<BoostFields>
        name="queries"
        label={t('merch.form.queries')}
        hint={t('merch.form.queriesHint')}
        className="merch-textarea"
      />
      <FormCheckboxField<BoostFields> name="fullMatch" label={t('merch.form.fullMatch')} />
      <Select
        label={t('merch.form.type')}
        options={BOOST_TYPES.map((value) => ({ value, label: t(`merch.types.${value}`) }))}
        value={type}
        onChange={setType}
      />
      {/* A new type starts a new search. */}
      <FilterPicker key={type} siteId={siteId} type={type} />
      <div className="merch-form__row">
        <FormTextField<BoostFields>
          name="weight"
          label={t('merch.form.weight')}
          type="number"
          setValueAs={numberOrDefault}
        />
        <FormTextField<BoostFields>
          name="multiplier"
          label={t('merch.form.multiplier')}
          type="number"
          setValueAs={numberOrDefault}
          hint={
            Number(multiplier) > MULTIPLIER_ADVICE_CEILING ? (
              <span className="merch-advice" role="status">
                {t('merch.form.multiplierAdvice')}
              </span>
            ) : undefined
          }
        />
        {type === 'PRODUCTS' && (
          <FormTextField<BoostFields>
            name="socket"
            label={t('merch.form.socket')}
            type="number"
            setValueAs={numberOrNull}
            hint={t('merch.form.socketHint')}
          />
        )}
      </div>
      <div className="merch-form__row">
        <FormDateTimeField<BoostFields> name="startDate" label={t('merch.form.start')} />
        <FormDateTimeField<BoostFields> name="endDate" label={t('merch.form.end')} />
      </div>
      <div className="merch-form__row">
        <FormCheckboxField<BoostFields> name="status" label={t('merch.form.status')} />
        <FormCheckboxField<BoostFields> name="ranking" label={t('merch.form.ranking')} />
        <FormCheckboxField<BoostFields> name="autocomplete" label={t('merch.form.autocomplete')} />
      </div>
    </div>
  );
}

/**
 * The rule's items, of its type: products (by name, id or vendor code), brands, values of one
 * attribute (a new attribute clears them) or categories (by their path). An id the lookup does
 * not list may be typed and added with Enter.
 */
function FilterPicker({ siteId, type }: { siteId: number; type: BoostType }) {
  const { t } = useTranslation();
  const placeholder = t('merch.form.pickSearch');
  if (type === 'ATTRIBUTES') return <AttributeFilter siteId={siteId} placeholder={placeholder} />;
  return (
    <FormList<BoostFields> name="filters">
      {(bound) =>
        type === 'PRODUCTS' || type === 'PRODUCTS_EXCLUDE' ? (
          <CatalogProductPicker
            {...bound}
            siteId={siteId}
            label={t('merch.form.products')}
            placeholder={placeholder}
            addTyped
          />
        ) : type === 'BRANDS' ? (
          <CatalogBrandPicker
            {...bound}
            siteId={siteId}
            label={t('merch.form.brands')}
            placeholder={placeholder}
            addTyped
          />
        ) : (
          <CatalogCategorySearchPicker
            {...bound}
            siteId={siteId}
            label={t('merch.form.categories')}
            placeholder={placeholder}
            addTyped
          />
        )
      }
    </FormList>
  );
}

/** ATTRIBUTES: the one attribute whose values the rule lists, and those values. */
function AttributeFilter({ siteId, placeholder }: { siteId: number; placeholder: string }) {
  const { t } = useTranslation();
  const { control } = useFormContext<BoostFields>();
  const name = useController({ control, name: 'attributeName' });
  const values = useController({ control, name: 'filters' });
  useShownField('attributeName');
  useShownField('filters');
  const attribute = name.field.value ?? null;
  return (
    <CatalogAttributePicker
      siteId={siteId}
      attributeLabel={t('merch.form.attribute')}
      valuesLabel={t('merch.form.values')}
      placeholder={placeholder}
      addTyped
      value={attribute ? { name: attribute, values: values.field.value ?? [] } : null}
      onChange={(picked) => {
        name.field.onChange(picked?.name ?? null);
        values.field.onChange(picked?.values ?? []);
      }}
      errors={{
        attribute: name.fieldState.error?.message,
        values: values.fieldState.error?.message,
      }}
    />
  );
}
