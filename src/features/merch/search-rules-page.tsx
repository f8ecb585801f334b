import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { BOOST_TYPES, type BoostRule, type BoostType } from '#contract/entities/merchandising.ts';
import { createBoostRuleRoute, uploadBoostRulesRoute } from '#contract/routes/merchandising.ts';
import { useMayCall, useResource } from '#src/lib/resource.ts';
import { useSiteStore } from '#src/stores/site-store.ts';
import { ResourceDeleteDialog } from '#src/ui/resource/resource-delete.tsx';
import { ResourceTable, ResourceToolbar } from '#src/ui/resource/resource-table.tsx';
import { ResourceUploads } from '#src/ui/resource/resource-uploads.tsx';
import { Select } from '#src/ui/select/select.tsx';
import { TabPanel, Tabs } from '#src/ui/tabs/tabs.tsx';
import { TextInput } from '#src/ui/text-input/text-input.tsx';
import { boostRules } from './api/resources.ts';
import { BoostFormModal } from './components/boost-form.tsx';
import { Pager, Period, RuleStatus } from './components/merch-parts.tsx';
import { RedirectTab } from './components/redirect-tab.tsx';
import { SearchPreview } from './components/search-preview.tsx';
import './merch.css';

const PAGE = 20;

const TABS = ['boost', 'redirect'] as const;
type Tab = (typeof TABS)[number];

/** /merch-rules/search: boost and redirect rules, their uploads and the before/after preview. */
export default function SearchRulesPage() {
  const { t } = useTranslation();
  const siteId = useSiteStore((s) => s.siteId);
  const [tab, setTab] = useState<Tab>('boost');
  const canBoost = useMayCall(createBoostRuleRoute);
  if (siteId === null) return null;
  return (
    <div className="page merch-page">
      <h1>{t('routes.merchSearch')}</h1>
      <Tabs
        label={t('merch.tabs.label')}
        tabs={TABS.map((name) => ({ value: name, label: t(`merch.tabs.${name}`) }))}
        value={tab}
        onChange={setTab}
      >
        <TabPanel value="boost">
          <BoostTab siteId={siteId} />
        </TabPanel>
        <TabPanel value="redirect">
          <RedirectTab siteId={siteId} />
        </TabPanel>
      </Tabs>
      <SearchPreview siteId={siteId} canEdit={canBoost} />
    </div>
  );
}

function BoostTab({ siteId }: { siteId: number }) {
  const { t } = useTranslation();
  const [query, setQuery] = useState('');
  const [type, setType] = useState<BoostType | 'ANY'>('ANY');
  const [status, setStatus] = useState<'ANY' | 'ON' | 'OFF'>('ANY');
  const [product, setProduct] = useState('');
  const [offset, setOffset] = useState(0);
  const [editing, setEditing] = useState<BoostRule | 'new' | null>(null);
  const [deleting, setDeleting] = useState<BoostRule | null>(null);
  const boosts = useResource(boostRules, siteId, {
    offset,
    limit: PAGE,
    query,
    body: {
      filters: {
        ...(type !== 'ANY' && { boostType: type }),
        ...(status !== 'ANY' && { status: status === 'ON' }),
      },
      ...(product.trim() && { productExternalId: product.trim() }),
    },
  });
  const canEdit = boosts.canEdit;

  return (
    <>
      <ResourceToolbar
        createLabel={t('merch.actions.create')}
        onCreate={canEdit ? () => setEditing('new') : undefined}
      >
        <TextInput
          label={t('merch.filter.query')}
          value={query}
          onChange={(v) => {
            setQuery(v);
            setOffset(0);
          }}
        />
        <Select
          label={t('merch.filter.type')}
          options={[
            { value: 'ANY', label: t('merch.filter.any') },
            ...BOOST_TYPES.map((value) => ({ value, label: t(`merch.types.${value}`) })),
          ]}
          value={type}
          onChange={(v) => {
            setType(v as BoostType | 'ANY');
            setOffset(0);
          }}
        />
        <Select
          label={t('merch.filter.status')}
          options={[
            { value: 'ANY', label: t('merch.filter.any') },
            { value: 'ON', label: t('merch.filter.on') },
            { value: 'OFF', label: t('merch.filter.off') },
          ]}
          value={status}
          onChange={(v) => {
            setStatus(v as 'ANY' | 'ON' | 'OFF');
            setOffset(0);
          }}
        />
        <TextInput
          label={t('merch.filter.product')}
          value={product}
          onChange={(v) => {
            setProduct(v);
            setOffset(0);
          }}
        />
      </ResourceToolbar>
      <ResourceTable
        caption={t('merch.tabs.boost')}
        rows={boosts.list.data?.items ?? []}
        rowKey={(rule) => rule.id}
        loading={boosts.list.isLoading}
        emptyText={t('merch.empty')}
        columns={[
          {
            key: 'status',
            header: t('merch.columns.status'),
            cell: (rule: BoostRule) => (
              <RuleStatus
                live={rule.live}
                search={rule.ranking}
                autocomplete={rule.autocomplete}
                issues={rule.issues}
              />
            ),
          },
          {
            key: 'name',
            header: t('merch.columns.name'),
            rowHeader: true,
            cell: (rule) => rule.name,
          },
          {
            key: 'queries',
            header: t('merch.columns.queries'),
            cell: (rule) => `${rule.queries.join(', ')}${rule.fullMatch ? ' (=)' : ''}`,
          },
          {
            key: 'type',
            header: t('merch.columns.type'),
            cell: (rule) => t(`merch.types.${rule.boostType}`),
          },
          {
            key: 'items',
            header: t('merch.columns.items'),
            className: 'merch-items',
            cell: (rule) =>
              `${rule.attributeName ? `${rule.attributeName}: ` : ''}${rule.filters.join(', ')}${rule.socket !== null ? ` → ${rule.socket}` : ''}`,
          },
          {
            key: 'weight',
            header: t('merch.columns.weight'),
            cell: (rule) => `${rule.weight} × ${rule.multiplier}`,
          },
          {
            key: 'period',
            header: t('merch.columns.period'),
            cell: (rule) => <Period start={rule.startDate} end={rule.endDate} />,
          },
        ]}
        actions={
          canEdit
            ? { name: (rule) => rule.name, onEdit: setEditing, onDelete: setDeleting }
            : undefined
        }
      />
      <Pager
        offset={offset}
        limit={PAGE}
        total={boosts.list.data?.total ?? 0}
        onOffset={setOffset}
      />
      {canEdit && (
        <ResourceUploads
          slots={[
            {
              key: 'products',
              label: t('merch.upload.boostProducts'),
              hint: t('merch.upload.boostProductsHint'),
              upload: boosts.uploadTo(uploadBoostRulesRoute, {
                query: { siteId, layout: 'PRODUCTS' },
              }),
            },
            {
              key: 'attributes',
              label: t('merch.upload.boostAttributes'),
              hint: t('merch.upload.boostAttributesHint'),
              upload: boosts.uploadTo(uploadBoostRulesRoute, {
                query: { siteId, layout: 'ATTRIBUTES' },
              }),
            },
          ]}
        />
      )}
      {editing && (
        <BoostFormModal
          siteId={siteId}
          rule={editing === 'new' ? null : editing}
          save={(input) =>
            boosts.save.mutateAsync({ id: editing === 'new' ? undefined : editing.id, input })
          }
          pending={boosts.save.isPending}
          onClose={() => setEditing(null)}
        />
      )}
      {deleting && (
        <ResourceDeleteDialog
          row={deleting}
          title={t('merch.actions.deleteTitle')}
          text={t('merch.actions.deleteText', { name: deleting.name })}
          remove={(rule) => boosts.remove.mutateAsync(rule.id)}
          onClose={() => setDeleting(null)}
        />
      )}
    </>
  );
}
