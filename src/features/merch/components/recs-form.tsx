import { useCallback, useState } from 'react';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import {
  RECS_BOOST_TYPES,
  type RecsBoostType,
  type RecsRule,
} from '#contract/entities/merchandising.ts';
import { ApiError } from '#contract/client.ts';
import { Modal } from '#src/ui/modal/modal.tsx';
import { Select } from '#src/ui/select/select.tsx';
import { TextInput } from '#src/ui/text-input/text-input.tsx';
import { lookups, recsContextQuery, useSaveRecs } from '../api/merch-queries.ts';
import { DateTimeInput, ItemPicker, type PickOption } from './merch-parts.tsx';

const today = () => {
  const d = new Date();
  const pad = (n: number) => String(n).padStart(2, '0');
  return `${d.getFullYear()}-${pad(d.getMonth() + 1)}-${pad(d.getDate())}T00:00`;
};

/** Create or edit one recommendation rule. */
export function RecsFormModal({
  siteId,
  rule,
  onClose,
}: {
  siteId: number;
  rule: RecsRule | null;
  onClose: () => void;
}) {
  const { t } = useTranslation();
  const save = useSaveRecs(siteId);
  const context = useQuery(recsContextQuery(siteId));
  const [name, setName] = useState(rule?.name ?? '');
  const [priority, setPriority] = useState(String(rule?.priority ?? 0));
  const [boostType, setBoostType] = useState<RecsBoostType>(rule?.boostType ?? 'HARD');
  const [startDate, setStartDate] = useState<string | null>(rule?.startDate ?? today());
  const [endDate, setEndDate] = useState<string | null>(rule?.endDate ?? null);
  const [regionIds, setRegionIds] = useState(rule?.regionIds ?? []);
  const [productIds, setProductIds] = useState(rule?.productIds ?? []);
  const [categories, setCategories] = useState(rule?.categories ?? []);
  const [placements, setPlacements] = useState(rule?.placements ?? []);
  const [strategies, setStrategies] = useState(rule?.strategies ?? []);
  const [failure, setFailure] = useState<string | null>(null);
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

  const submit = () => {
    if (!name.trim() || !startDate || (!productIds.length && !categories.length)) {
      setFailure(t('merch.form.fillEmpty'));
      return;
    }
    setFailure(null);
    save.mutate(
      {
        ...(rule && { id: rule.id }),
        body: {
          name: name.trim(),
          priority: Number(priority || 0),
          boostType,
          startDate,
          endDate,
          regionIds,
          productIds,
          categories,
          placements,
          strategies,
        },
      },
      {
        onSuccess: onClose,
        onError: (error) => setFailure(error instanceof ApiError ? error.message : String(error)),
      },
    );
  };
  return (
    <Modal
      open
      mode={rule ? 'EDIT' : 'CREATE'}
      title={rule ? t('merch.recs.editTitle') : t('merch.recs.createTitle')}
      onClose={onClose}
      onConfirm={submit}
      confirmLoading={save.isPending}
      width={720}
    >
      <div className="merch-form">
        <TextInput label={t('merch.recs.name')} value={name} onChange={setName} required />
        <div className="merch-form__row">
          <TextInput
            label={t('merch.recs.priority')}
            type="number"
            value={priority}
            onChange={setPriority}
            hint={t('merch.recs.priorityHint')}
          />
          <Select
            label={t('merch.recs.type')}
            options={RECS_BOOST_TYPES.map((value) => ({ value, label: t(`merch.types.${value}`) }))}
            value={boostType}
            onChange={setBoostType}
          />
        </div>
        <div className="merch-form__row">
          <DateTimeInput label={t('merch.recs.start')} value={startDate} onChange={setStartDate} />
          <DateTimeInput label={t('merch.recs.end')} value={endDate} onChange={setEndDate} />
        </div>
        <ItemPicker
          label={t('merch.recs.products')}
          values={productIds}
          onChange={setProductIds}
          search={searchProducts}
        />
        <ItemPicker
          label={t('merch.recs.categories')}
          values={categories}
          onChange={setCategories}
          search={searchCategories}
        />
        <ItemPicker
          label={t('merch.recs.placements')}
          hint={t('merch.recs.allHint')}
          values={placements}
          onChange={setPlacements}
          search={fromList(ctx?.placements ?? [])}
          labels={Object.fromEntries((ctx?.placements ?? []).map((p) => [p.id, p.name]))}
        />
        <ItemPicker
          label={t('merch.recs.strategies')}
          hint={t('merch.recs.allHint')}
          values={strategies}
          onChange={setStrategies}
          search={fromList((ctx?.strategies ?? []).map((s) => ({ id: s, name: s })))}
        />
        <ItemPicker
          label={t('merch.recs.regions')}
          hint={t('merch.recs.allHint')}
          values={regionIds}
          onChange={setRegionIds}
          search={fromList((ctx?.regions ?? []).map((r) => ({ id: r, name: r })))}
        />
        {failure && (
          <p className="merch-error" role="alert">
            {failure}
          </p>
        )}
      </div>
    </Modal>
  );
}
