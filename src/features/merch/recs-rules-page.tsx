import { useState } from 'react';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import {
  RECS_RULES_PAGE_SIZE,
  type RecsRule,
  type RecsRuleFilter,
} from '#contract/entities/merchandising.ts';
import { importRecsRulesRoute } from '#contract/routes/merchandising.ts';
import { useResource } from '#src/lib/resource.ts';
import { useSiteStore } from '#src/stores/site-store.ts';
import { ResourceDeleteDialog } from '#src/ui/resource/resource-delete.tsx';
import { ResourceTable, ResourceToolbar } from '#src/ui/resource/resource-table.tsx';
import { ResourceUploads } from '#src/ui/resource/resource-uploads.tsx';
import { Select } from '#src/ui/select/select.tsx';
import { TextInput } from '#src/ui/text-input/text-input.tsx';
import { recsContextQuery } from './api/merch-queries.ts';
import { recsRules } from './api/resources.ts';
import { Pager, Period, RuleStatus } from './components/merch-parts.tsx';
import { RecsFormModal } from './components/recs-form.tsx';
import { RecsPreview } from './components/recs-preview.tsx';
import './merch.css';

/** /merch-rules/recommendations: recommendation rules, their import and a slot preview. */
export default function RecsRulesPage() {
  const { t } = useTranslation();
  const siteId = useSiteStore((s) => s.siteId);
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
  const rules = useResource(
    recsRules,
    siteId ?? 0,
    { offset, filter },
    { enabled: siteId !== null },
  );
  const context = useQuery({ ...recsContextQuery(siteId ?? 0), enabled: siteId !== null });
  if (siteId === null) return null;
  const placements = context.data?.placements ?? [];
  const placementName = (id: string) => placements.find((p) => p.id === id)?.name ?? id;

  return (
    <div className="page merch-page">
      <h1>{t('routes.merchRecs')}</h1>
      <ResourceToolbar
        createLabel={t('merch.actions.create')}
        onCreate={rules.canCreate ? () => setEditing('new') : undefined}
      >
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
      </ResourceToolbar>
      <ResourceTable
        caption={t('routes.merchRecs')}
        rows={rules.list.data?.items ?? []}
        rowKey={(rule) => rule.id}
        loading={rules.list.isLoading}
        emptyText={t('merch.empty')}
        columns={[
          {
            key: 'status',
            header: t('merch.columns.status'),
            cell: (rule: RecsRule) => <RuleStatus live={rule.live} issues={rule.issues} />,
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
        actions={
          rules.canEdit
            ? { name: (rule) => rule.name, onEdit: setEditing, onDelete: setDeleting }
            : undefined
        }
      />
      <Pager
        offset={offset}
        limit={RECS_RULES_PAGE_SIZE}
        total={rules.list.data?.total ?? 0}
        onOffset={setOffset}
      />
      {rules.canCreate && (
        <ResourceUploads
          slots={[
            {
              key: 'recs',
              label: t('merch.upload.recs'),
              hint: t('merch.upload.recsHint'),
              upload: rules.uploadTo(importRecsRulesRoute, { query: { siteId } }),
            },
          ]}
        />
      )}
      <RecsPreview siteId={siteId} placements={placements} />
      {editing && (
        <RecsFormModal
          siteId={siteId}
          rule={editing === 'new' ? null : editing}
          save={(input) =>
            rules.save.mutateAsync({ id: editing === 'new' ? undefined : editing.id, input })
          }
          pending={rules.save.isPending}
          onClose={() => setEditing(null)}
        />
      )}
      {deleting && (
        <ResourceDeleteDialog
          row={deleting}
          title={t('merch.actions.deleteTitle')}
          text={t('merch.actions.deleteText', { name: deleting.name })}
          remove={(rule) => rules.remove.mutateAsync(rule.id)}
          onClose={() => setDeleting(null)}
        />
      )}
    </div>
  );
}
