import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import type * as z from 'zod';
import {
  RECS_BOOST_TYPES,
  recsRuleInput,
  type RecsBoostType,
  type RecsRule,
} from '#contract/entities/merchandising.ts';
import { showSaveError } from '#src/lib/api.ts';
import { CatalogCategorySearchPicker, CatalogProductPicker } from '#src/lib/catalog-pickers.tsx';
import { FormTextField } from '#src/ui/form/form-field.tsx';
import { FormSelectField } from '#src/ui/form/form-select-field.tsx';
import { MultiPicker } from '#src/ui/picker/multi-picker.tsx';
import { ResourceFormModal } from '#src/ui/resource/resource-form-modal.tsx';
import { recsContextQuery } from '../api/merch-queries.ts';
import { FormDateTimeField, FormList, numberOrDefault, type BoundList } from './merch-fields.tsx';

type RecsFields = z.input<typeof recsRuleInput>;

const today = () => {
  const d = new Date();
  const pad = (n: number) => String(n).padStart(2, '0');
  return `${d.getFullYear()}-${pad(d.getMonth() + 1)}-${pad(d.getDate())}T00:00`;
};

const fieldsOf = (rule: RecsRule | null): RecsFields => ({
  name: rule?.name ?? '',
  priority: rule?.priority ?? 0,
  boostType: rule?.boostType ?? 'HARD',
  // A new rule starts today; the date input may be cleared, and the schema then asks for one.
  startDate: rule?.startDate ?? today(),
  endDate: rule?.endDate ?? null,
  regionIds: rule?.regionIds ?? [],
  productIds: rule?.productIds ?? [],
  categories: rule?.categories ?? [],
  placements: rule?.placements ?? [],
  strategies: rule?.strategies ?? [],
});

/** Create or edit one recommendation rule. */
export function RecsFormModal({
  siteId,
  rule,
  save,
  pending,
  onClose,
}: {
  siteId: number;
  rule: RecsRule | null;
  save: (input: z.output<typeof recsRuleInput>) => Promise<unknown>;
  pending: boolean;
  onClose: () => void;
}) {
  const { t } = useTranslation();
  const context = useQuery(recsContextQuery(siteId));
  const ctx = context.data;
  const placeholder = t('merch.form.pickSearch');

  return (
    <ResourceFormModal
      formId="merch-recs-rule"
      mode={rule ? 'EDIT' : 'CREATE'}
      title={rule ? t('merch.recs.editTitle') : t('merch.recs.createTitle')}
      schema={recsRuleInput}
      defaultValues={fieldsOf(rule)}
      save={save}
      pending={pending}
      onClose={onClose}
      onError={(error, form) => showSaveError(error, form.setError)}
      invalidText={t('merch.form.fillEmpty')}
      width={720}
    >
      <div className="merch-form">
        <FormTextField<RecsFields> name="name" label={t('merch.recs.name')} required />
        <div className="merch-form__row">
          <FormTextField<RecsFields>
            name="priority"
            label={t('merch.recs.priority')}
            type="number"
            setValueAs={numberOrDefault}
            hint={t('merch.recs.priorityHint')}
          />
          <FormSelectField<RecsFields, RecsBoostType>
            name="boostType"
            label={t('merch.recs.type')}
            options={RECS_BOOST_TYPES.map((value) => ({ value, label: t(`merch.types.${value}`) }))}
          />
        </div>
        <div className="merch-form__row">
          <FormDateTimeField<RecsFields> name="startDate" label={t('merch.recs.start')} />
          <FormDateTimeField<RecsFields> name="endDate" label={t('merch.recs.end')} />
        </div>
        <FormList<RecsFields> name="productIds">
          {(bound) => (
            <CatalogProductPicker
              {...bound}
              siteId={siteId}
              label={t('merch.recs.products')}
              placeholder={placeholder}
              addTyped
            />
          )}
        </FormList>
        <FormList<RecsFields> name="categories">
          {(bound) => (
            <CatalogCategorySearchPicker
              {...bound}
              siteId={siteId}
              label={t('merch.recs.categories')}
              placeholder={placeholder}
              addTyped
            />
          )}
        </FormList>
        {/* The context's lists: a picker searches them once they are read. */}
        <FormList<RecsFields> name="placements">
          {(bound) => (
            <ListPicker
              key={String(ctx !== undefined)}
              {...bound}
              label={t('merch.recs.placements')}
              hint={t('merch.recs.allHint')}
              items={ctx?.placements ?? []}
            />
          )}
        </FormList>
        <FormList<RecsFields> name="strategies">
          {(bound) => (
            <ListPicker
              key={String(ctx !== undefined)}
              {...bound}
              label={t('merch.recs.strategies')}
              hint={t('merch.recs.allHint')}
              items={(ctx?.strategies ?? []).map((id) => ({ id, name: id }))}
            />
          )}
        </FormList>
        <FormList<RecsFields> name="regionIds">
          {(bound) => (
            <ListPicker
              key={String(ctx !== undefined)}
              {...bound}
              label={t('merch.recs.regions')}
              hint={t('merch.recs.allHint')}
              items={(ctx?.regions ?? []).map((id) => ({ id, name: id }))}
            />
          )}
        </FormList>
      </div>
    </ResourceFormModal>
  );
}

interface Named {
  id: string;
  name: string;
}

/** Ids picked from a short list the form already holds (found by name), or typed. */
function ListPicker({
  label,
  hint,
  items,
  value,
  onChange,
  error,
}: BoundList & { label: string; hint: string; items: readonly Named[] }) {
  const { t } = useTranslation();
  return (
    <MultiPicker<Named>
      label={label}
      hint={hint}
      error={error}
      placeholder={t('merch.form.pickSearch')}
      value={value.map((id) => items.find((item) => item.id === id) ?? { id, name: id })}
      onChange={(picked) => onChange(picked.map((item) => item.id))}
      search={async (text) =>
        items.filter((item) => item.name.toLowerCase().includes(text.trim().toLowerCase()))
      }
      getKey={(item) => item.id}
      getLabel={(item) => item.name}
      addTyped={(id) => ({ id, name: id })}
    />
  );
}
