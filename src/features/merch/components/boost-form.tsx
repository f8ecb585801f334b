import { useCallback } from 'react';
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
import { FormCheckboxField, FormTextField } from '#src/ui/form/form-field.tsx';
import { useShownField } from '#src/ui/form/form.tsx';
import { ResourceFormModal } from '#src/ui/resource/resource-form-modal.tsx';
import { Select } from '#src/ui/select/select.tsx';
import { lookups } from '../api/merch-queries.ts';
import {
  FormDateTimeField,
  FormItemPicker,
  FormLinesField,
  numberOrDefault,
  numberOrNull,
} from './merch-fields.tsx';
import { ItemPicker, type PickOption } from './merch-parts.tsx';

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
  const [type = 'PRODUCTS', attributeName = null, multiplier] = form.watch([
    'boostType',
    'attributeName',
    'multiplier',
  ]);
  const isProducts = type === 'PRODUCTS' || type === 'PRODUCTS_EXCLUDE';
  const isCategories = type.startsWith('CATEGORIES');
  const setType = (value: BoostType) => {
    form.setValue('boostType', value, { shouldDirty: true });
    // The items are of the new type; a socket and an attribute only of their own types.
    form.setValue('filters', []);
    if (value !== 'PRODUCTS') form.setValue('socket', null);
    if (value !== 'ATTRIBUTES') form.setValue('attributeName', null);
  };

  const searchItems = useCallback(
    async (text: string, signal: AbortSignal): Promise<PickOption[]> => {
      if (type === 'PRODUCTS' || type === 'PRODUCTS_EXCLUDE')
        return (await lookups.products(siteId, text, signal)).map((p) => ({
          value: p.id,
          label: `${p.name} (${p.id})`,
          picture: p.picture,
        }));
      if (type === 'BRANDS')
        return (await lookups.brands(siteId, text, signal)).map((b) => ({
          value: b.name,
          label: b.name,
          note: String(b.products),
        }));
      if (type === 'ATTRIBUTES')
        return attributeName
          ? (await lookups.attributeValues(siteId, attributeName, text, signal)).map((v) => ({
              value: v.value,
              label: v.value,
              note: String(v.products),
            }))
          : [];
      const all = await lookups.categories(siteId, signal);
      const needle = text.toLowerCase();
      return all
        .filter((c) => !needle || c.path.join(' / ').toLowerCase().includes(needle))
        .map((c) => ({ value: c.id, label: c.path.join(' / '), note: String(c.products) }));
    },
    [siteId, type, attributeName],
  );

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
      {type === 'ATTRIBUTES' && <AttributeField siteId={siteId} />}
      <FormItemPicker<BoostFields>
        key={`${type}-${attributeName ?? ''}`}
        name="filters"
        label={
          isProducts
            ? t('merch.form.products')
            : type === 'BRANDS'
              ? t('merch.form.brands')
              : isCategories
                ? t('merch.form.categories')
                : t('merch.form.values')
        }
        search={searchItems}
      />
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

/** ATTRIBUTES: the one attribute whose values the rule lists (a new one clears the values). */
function AttributeField({ siteId }: { siteId: number }) {
  const { t } = useTranslation();
  const { control, setValue } = useFormContext<BoostFields>();
  const { field, fieldState } = useController({ control, name: 'attributeName' });
  useShownField('attributeName');
  const searchAttributes = useCallback(
    async (text: string, signal: AbortSignal): Promise<PickOption[]> =>
      (await lookups.attributes(siteId, text, signal)).map((a) => ({
        value: a.name,
        label: a.name,
        note: String(a.products),
      })),
    [siteId],
  );
  return (
    <ItemPicker
      label={t('merch.form.attribute')}
      values={field.value ? [field.value] : []}
      onChange={(values) => {
        field.onChange(values.at(-1) ?? null);
        setValue('filters', []);
      }}
      search={searchAttributes}
      error={fieldState.error?.message}
    />
  );
}
