import { useCallback } from 'react';
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
import { FormTextField } from '#src/ui/form/form-field.tsx';
import { FormSelectField } from '#src/ui/form/form-select-field.tsx';
import { ResourceFormModal } from '#src/ui/resource/resource-form-modal.tsx';
import { lookups, recsContextQuery } from '../api/merch-queries.ts';
import { FormDateTimeField, FormItemPicker, numberOrDefault } from './merch-fields.tsx';
import type { PickOption } from './merch-parts.tsx';

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
  const searchProducts = useCallback(
    async (text: string, signal: AbortSignal): Promise<PickOption[]> =>
      (await lookups.products(siteId, text, signal)).map((p) => ({
        value: p.id,
        label: `${p.name} (${p.id})`,
        picture: p.picture,
      })),
    [siteId],
  );
  const searchCategories = useCallback(
    async (text: string, signal: AbortSignal): Promise<PickOption[]> => {
      const needle = text.toLowerCase();
      return (await lookups.categories(siteId, signal))
        .filter((c) => !needle || c.path.join(' / ').toLowerCase().includes(needle))
        .map((c) => ({ value: c.id, label: c.path.join(' / ') }));
    },
    [siteId],
  );
  const fromList = (items: readonly { id: string; name: string }[]) => async (text: string) =>
    items
      .filter((item) => item.name.toLowerCase().includes(text.toLowerCase()))
      .map((item) => ({ value: item.id, label: item.name }));
  const ctx = context.data;

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
        <FormItemPicker<RecsFields>
          name="productIds"
          label={t('merch.recs.products')}
          search={searchProducts}
        />
        <FormItemPicker<RecsFields>
          name="categories"
          label={t('merch.recs.categories')}
          search={searchCategories}
        />
        <FormItemPicker<RecsFields>
          name="placements"
          label={t('merch.recs.placements')}
          hint={t('merch.recs.allHint')}
          search={fromList(ctx?.placements ?? [])}
          labels={Object.fromEntries((ctx?.placements ?? []).map((p) => [p.id, p.name]))}
        />
        <FormItemPicker<RecsFields>
          name="strategies"
          label={t('merch.recs.strategies')}
          hint={t('merch.recs.allHint')}
          search={fromList((ctx?.strategies ?? []).map((s) => ({ id: s, name: s })))}
        />
        <FormItemPicker<RecsFields>
          name="regionIds"
          label={t('merch.recs.regions')}
          hint={t('merch.recs.allHint')}
          search={fromList((ctx?.regions ?? []).map((r) => ({ id: r, name: r })))}
        />
      </div>
    </ResourceFormModal>
  );
}
