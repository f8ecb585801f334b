import { useCallback, useState } from 'react';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import {
  RECS_BOOST_TYPES,
  RECS_RULES_PAGE_SIZE,
  type RecsBoostType,
  type RecsRule,
  type RecsRuleFilter,
} from '#contract/entities/merchandising.ts';
import { ApiError } from '#contract/client.ts';
import { importRecsRulesRoute } from '#contract/routes/merchandising.ts';
import { uploadFile } from '#src/lib/upload.ts';
import { useSiteStore } from '#src/stores/site-store.ts';
import { Button } from '#src/ui/button/button.tsx';
import { Modal } from '#src/ui/modal/modal.tsx';
import { Select } from '#src/ui/select/select.tsx';
import { TextInput } from '#src/ui/text-input/text-input.tsx';
import { UploadField } from '#src/ui/upload/upload-field.tsx';
import {
  lookups,
  recsContextQuery,
  recsPreviewQuery,
  recsQuery,
  useDeleteRecs,
  useSaveRecs,
} from './api/merch-queries.ts';
import { merchKeys } from './api/keys.ts';
import {
  DateTimeInput,
  ItemPicker,
  Pager,
  Period,
  RuleStatus,
  type PickOption,
} from './components/merch-parts.tsx';
import { DeleteConfirm, RuleTable } from './components/rule-list.tsx';
import { FiredRules, marksOf, ProductRow } from './components/search-preview.tsx';
import './merch.css';

type Strategy = 'popular' | 'same_category' | 'similar_price';

/** /merch-rules/recommendations: recommendation rules, their import and a slot preview. */
export default function RecsRulesPage() {
  const { t } = useTranslation();
  const siteId = useSiteStore((s) => s.siteId);
  const client = useQueryClient();
  const [text, setText] = useState('');
  const [product, setProduct] = useState('');
  const [placement, setPlacement] = useState('');
  const [offset, setOffset] = useState(0);
  const [editing, setEditing] = useState<RecsRule | 'new' | null>(null);
  const [deleting, setDeleting] = useState<RecsRule | null>(null);
  const filter: RecsRuleFilter | null =
    text.trim() || product.trim() || placement
      ? {
          text: text.trim(),
          productIds: product.trim() ? [product.trim()] : [],
          placements: placement ? [placement] : [],
        }
      : null;
  const list = useQuery({
    ...recsQuery(siteId ?? 0, { offset, filter }),
    enabled: siteId !== null,
  });
  const context = useQuery({ ...recsContextQuery(siteId ?? 0), enabled: siteId !== null });
  const remove = useDeleteRecs(siteId ?? 0);
  if (siteId === null) return null;
  const rules = list.data?.items ?? [];
  const placements = context.data?.placements ?? [];
  const placementName = (id: string) => placements.find((p) => p.id === id)?.name ?? id;

  return (
    <div className="page merch-page">
      <h1>{t('routes.merchRecs')}</h1>
      <div className="merch-filters">
        <TextInput
          label={t('merch.filter.text')}
          value={text}
          onChange={(v) => (setText(v), setOffset(0))}
        />
        <TextInput
          label={t('merch.filter.product')}
          value={product}
          onChange={(v) => (setProduct(v), setOffset(0))}
        />
        <Select
          label={t('merch.columns.placements')}
          options={[
            { value: '', label: t('merch.filter.any') },
            ...placements.map((p) => ({ value: p.id, label: p.name })),
          ]}
          value={placement}
          onChange={(v) => (setPlacement(v), setOffset(0))}
        />
        <Button variant="primary" onClick={() => setEditing('new')}>
          {t('merch.actions.create')}
        </Button>
      </div>
      <RuleTable
        caption={t('routes.merchRecs')}
        rows={rules}
        rowKey={(rule) => rule.id}
        loading={list.isLoading}
        columns={[
          {
            key: 'status',
            header: t('merch.columns.status'),
            cell: (rule) => <RuleStatus live={rule.live} issues={rule.issues} />,
          },
          {
            key: 'name',
            header: t('merch.columns.name'),
            rowHeader: true,
            cell: (rule) => rule.name,
          },
          { key: 'priority', header: t('merch.columns.priority'), cell: (rule) => rule.priority },
          {
            key: 'type',
            header: t('merch.columns.type'),
            cell: (rule) => t(`merch.types.${rule.boostType}`),
          },
          {
            key: 'items',
            header: t('merch.columns.items'),
            className: 'merch-items',
            cell: (rule) => [...rule.productIds, ...rule.categories.map((c) => `#${c}`)].join(', '),
          },
          {
            key: 'placements',
            header: t('merch.columns.placements'),
            className: 'merch-items',
            cell: (rule) =>
              [...rule.placements.map(placementName), ...rule.strategies, ...rule.regionIds].join(
                ', ',
              ) || t('merch.filter.any'),
          },
          {
            key: 'period',
            header: t('merch.columns.period'),
            cell: (rule) => <Period start={rule.startDate} end={rule.endDate} />,
          },
        ]}
        actions={{ name: (rule) => rule.name, onEdit: setEditing, onDelete: setDeleting }}
      />
      <Pager
        offset={offset}
        limit={RECS_RULES_PAGE_SIZE}
        total={list.data?.total ?? 0}
        onOffset={setOffset}
      />
      <div className="merch-uploads">
        <UploadField
          label={t('merch.upload.recs')}
          hint={t('merch.upload.recsHint')}
          upload={(file, onProgress, signal) =>
            uploadFile(importRecsRulesRoute, { query: { siteId }, file, onProgress, signal })
          }
          onUploaded={() => client.invalidateQueries({ queryKey: merchKeys.all(siteId) })}
        />
      </div>
      <RecsPreview siteId={siteId} placements={placements} />
      {editing && (
        <RecsFormModal
          siteId={siteId}
          rule={editing === 'new' ? null : editing}
          onClose={() => setEditing(null)}
        />
      )}
      {deleting && (
        <DeleteConfirm
          title={t('merch.actions.deleteTitle')}
          text={t('merch.actions.deleteText', { name: deleting.name })}
          id={deleting.id}
          remove={remove}
          onClose={() => setDeleting(null)}
        />
      )}
    </div>
  );
}

function RecsPreview({
  siteId,
  placements,
}: {
  siteId: number;
  placements: { id: string; name: string }[];
}) {
  const { t } = useTranslation();
  const [strategy, setStrategy] = useState<Strategy>('popular');
  const [placement, setPlacement] = useState('');
  const [product, setProduct] = useState('');
  const preview = useQuery(
    recsPreviewQuery(siteId, { strategy, placement, productId: product.trim() }),
  );
  const data = preview.data;
  const marks = data ? marksOf(data.without, data.with) : new Map();
  return (
    <section className="merch-preview" aria-labelledby="recs-preview-title">
      <h2 id="recs-preview-title">{t('merch.preview.title')}</h2>
      <div className="merch-filters">
        <Select
          label={t('merch.preview.strategy')}
          options={(['popular', 'same_category', 'similar_price'] as const).map((value) => ({
            value,
            label: value,
          }))}
          value={strategy}
          onChange={setStrategy}
        />
        <Select
          label={t('merch.preview.placement')}
          options={[
            { value: '', label: t('merch.preview.anyPlacement') },
            ...placements.map((p) => ({ value: p.id, label: p.name })),
          ]}
          value={placement}
          onChange={setPlacement}
        />
        {strategy !== 'popular' && (
          <TextInput label={t('merch.preview.product')} value={product} onChange={setProduct} />
        )}
      </div>
      {data && (
        <>
          <FiredRules fired={data.fired} />
          <div className="merch-preview__columns">
            {(['with', 'without'] as const).map((side) => (
              <div key={side}>
                <h3>{t(`merch.preview.${side}`, { total: data[side].length })}</h3>
                <ol className="merch-preview__list">
                  {data[side].map((p, i) => (
                    <ProductRow
                      key={p.id}
                      product={p}
                      position={i + 1}
                      mark={side === 'with' ? marks.get(p.id) : undefined}
                    />
                  ))}
                </ol>
              </div>
            ))}
          </div>
        </>
      )}
    </section>
  );
}

const today = () => {
  const d = new Date();
  const pad = (n: number) => String(n).padStart(2, '0');
  return `${d.getFullYear()}-${pad(d.getMonth() + 1)}-${pad(d.getDate())}T00:00`;
};

function RecsFormModal({
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
