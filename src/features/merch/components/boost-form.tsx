import { useCallback, useState } from 'react';
import { useTranslation } from 'react-i18next';
import {
  BOOST_TYPES,
  MULTIPLIER_ADVICE_CEILING,
  type BoostRule,
  type BoostRuleInput,
  type BoostType,
} from '#contract/entities/merchandising.ts';
import { ApiError } from '#contract/client.ts';
import { Checkbox } from '#src/ui/checkbox/checkbox.tsx';
import { Modal } from '#src/ui/modal/modal.tsx';
import { Select } from '#src/ui/select/select.tsx';
import { TextInput } from '#src/ui/text-input/text-input.tsx';
import { lookups, useSaveBoost } from '../api/merch-queries.ts';
import { DateTimeInput, ItemPicker, type PickOption } from './merch-parts.tsx';

interface Draft {
  name: string;
  queries: string;
  fullMatch: boolean;
  boostType: BoostType;
  weight: string;
  socket: string;
  multiplier: string;
  status: boolean;
  startDate: string | null;
  endDate: string | null;
  ranking: boolean;
  autocomplete: boolean;
  attributeName: string;
  filters: string[];
}

const draftOf = (rule: BoostRule | null): Draft => ({
  name: rule?.name ?? '',
  queries: rule?.queries.join('\n') ?? '',
  fullMatch: rule?.fullMatch ?? false,
  boostType: rule?.boostType ?? 'PRODUCTS',
  weight: String(rule?.weight ?? 1),
  socket: rule?.socket === null || rule?.socket === undefined ? '' : String(rule.socket),
  multiplier: String(rule?.multiplier ?? 1),
  status: rule?.status ?? true,
  startDate: rule?.startDate ?? null,
  endDate: rule?.endDate ?? null,
  ranking: rule?.ranking ?? true,
  autocomplete: rule?.autocomplete ?? false,
  attributeName: rule?.attributeName ?? '',
  filters: rule?.filters ?? [],
});

/** The boost rule form (spec part 2 §3 "Boost rule": every field), create or edit. */
export function BoostFormModal({
  siteId,
  rule,
  onClose,
}: {
  siteId: number;
  rule: BoostRule | null;
  onClose: () => void;
}) {
  const { t } = useTranslation();
  const [draft, setDraft] = useState<Draft>(() => draftOf(rule));
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [failure, setFailure] = useState<string | null>(null);
  const save = useSaveBoost(siteId);
  const set = <K extends keyof Draft>(key: K, value: Draft[K]) =>
    setDraft((d) => ({ ...d, [key]: value }));
  const type = draft.boostType;
  const isProducts = type === 'PRODUCTS' || type === 'PRODUCTS_EXCLUDE';
  const isCategories = type.startsWith('CATEGORIES');

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
        return draft.attributeName
          ? (await lookups.attributeValues(siteId, draft.attributeName, text, signal)).map((v) => ({
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
    [siteId, type, draft.attributeName],
  );
  const searchAttributes = useCallback(
    async (text: string, signal: AbortSignal): Promise<PickOption[]> =>
      (await lookups.attributes(siteId, text, signal)).map((a) => ({
        value: a.name,
        label: a.name,
        note: String(a.products),
      })),
    [siteId],
  );

  const submit = () => {
    const missing: Record<string, string> = {};
    const queries = draft.queries
      .split('\n')
      .map((q) => q.trim())
      .filter(Boolean);
    if (!draft.name.trim()) missing['name'] = t('merch.form.required');
    if (!queries.length) missing['queries'] = t('merch.form.required');
    if (!draft.filters.length) missing['filters'] = t('merch.form.required');
    if (type === 'ATTRIBUTES' && !draft.attributeName.trim())
      missing['attributeName'] = t('merch.form.required');
    setErrors(missing);
    if (Object.keys(missing).length) {
      setFailure(t('merch.form.fillEmpty'));
      return;
    }
    const body: BoostRuleInput = {
      name: draft.name.trim(),
      queries,
      fullMatch: draft.fullMatch,
      boostType: type,
      weight: Number(draft.weight || 1),
      socket: type === 'PRODUCTS' && draft.socket ? Number(draft.socket) : null,
      multiplier: Number(draft.multiplier || 1),
      status: draft.status,
      startDate: draft.startDate,
      endDate: draft.endDate,
      ranking: draft.ranking,
      autocomplete: draft.autocomplete,
      attributeName: type === 'ATTRIBUTES' ? draft.attributeName.trim() : null,
      filters: draft.filters,
    };
    setFailure(null);
    save.mutate(
      { ...(rule && { id: rule.id }), body },
      {
        onSuccess: onClose,
        onError: (error) => setFailure(error instanceof ApiError ? error.message : String(error)),
      },
    );
  };

  const multiplier = Number(draft.multiplier);
  return (
    <Modal
      open
      mode={rule ? 'EDIT' : 'CREATE'}
      title={rule ? t('merch.form.editTitle') : t('merch.form.createTitle')}
      onClose={onClose}
      onConfirm={submit}
      confirmLoading={save.isPending}
      width={720}
    >
      <div className="merch-form">
        <TextInput
          label={t('merch.form.name')}
          value={draft.name}
          onChange={(v) => set('name', v)}
          error={errors['name']}
          required
        />
        <div className="ui-field">
          <label className="ui-field__label" htmlFor="merch-queries">
            {t('merch.form.queries')}
          </label>
          <textarea
            id="merch-queries"
            className="ui-input merch-textarea"
            rows={3}
            value={draft.queries}
            aria-invalid={errors['queries'] ? true : undefined}
            onChange={(event) => set('queries', event.target.value)}
          />
          <div className="ui-field__hint">{t('merch.form.queriesHint')}</div>
          {errors['queries'] && (
            <div className="ui-field__error" role="alert">
              {errors['queries']}
            </div>
          )}
        </div>
        <Checkbox
          label={t('merch.form.fullMatch')}
          checked={draft.fullMatch}
          onCheckedChange={(v) => set('fullMatch', v)}
        />
        <Select
          label={t('merch.form.type')}
          options={BOOST_TYPES.map((value) => ({ value, label: t(`merch.types.${value}`) }))}
          value={type}
          onChange={(value) => setDraft((d) => ({ ...d, boostType: value, filters: [] }))}
        />
        {type === 'ATTRIBUTES' && (
          <ItemPicker
            label={t('merch.form.attribute')}
            values={draft.attributeName ? [draft.attributeName] : []}
            onChange={(values) =>
              setDraft((d) => ({ ...d, attributeName: values.at(-1) ?? '', filters: [] }))
            }
            search={searchAttributes}
            error={errors['attributeName']}
          />
        )}
        <ItemPicker
          key={`${type}-${draft.attributeName}`}
          label={
            isProducts
              ? t('merch.form.products')
              : type === 'BRANDS'
                ? t('merch.form.brands')
                : isCategories
                  ? t('merch.form.categories')
                  : t('merch.form.values')
          }
          values={draft.filters}
          onChange={(values) => set('filters', values)}
          search={searchItems}
          error={errors['filters']}
        />
        <div className="merch-form__row">
          <TextInput
            label={t('merch.form.weight')}
            type="number"
            value={draft.weight}
            onChange={(v) => set('weight', v)}
          />
          <TextInput
            label={t('merch.form.multiplier')}
            type="number"
            value={draft.multiplier}
            onChange={(v) => set('multiplier', v)}
            hint={
              multiplier > MULTIPLIER_ADVICE_CEILING ? (
                <span className="merch-advice" role="status">
                  {t('merch.form.multiplierAdvice')}
                </span>
              ) : undefined
            }
          />
          {type === 'PRODUCTS' && (
            <TextInput
              label={t('merch.form.socket')}
              type="number"
              value={draft.socket}
              onChange={(v) => set('socket', v)}
              hint={t('merch.form.socketHint')}
            />
          )}
        </div>
        <div className="merch-form__row">
          <DateTimeInput
            label={t('merch.form.start')}
            value={draft.startDate}
            onChange={(v) => set('startDate', v)}
          />
          <DateTimeInput
            label={t('merch.form.end')}
            value={draft.endDate}
            onChange={(v) => set('endDate', v)}
          />
        </div>
        <div className="merch-form__row">
          <Checkbox
            label={t('merch.form.status')}
            checked={draft.status}
            onCheckedChange={(v) => set('status', v)}
          />
          <Checkbox
            label={t('merch.form.ranking')}
            checked={draft.ranking}
            onCheckedChange={(v) => set('ranking', v)}
          />
          <Checkbox
            label={t('merch.form.autocomplete')}
            checked={draft.autocomplete}
            onCheckedChange={(v) => set('autocomplete', v)}
          />
        </div>
        {failure && (
          <p className="merch-error" role="alert">
            {failure}
          </p>
        )}
      </div>
    </Modal>
  );
}
