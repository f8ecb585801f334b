import { useState } from 'react';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import {
  BOOST_TYPES,
  type BoostRule,
  type BoostType,
  type RedirectRule,
} from '#contract/entities/merchandising.ts';
import { ApiError } from '#contract/client.ts';
import { hasAccess } from '#contract/roles.ts';
import { uploadBoostRulesRoute, uploadRedirectsRoute } from '#contract/routes/merchandising.ts';
import { uploadFile } from '#src/lib/upload.ts';
import { useAuthStore } from '#src/stores/auth-store.ts';
import { useSiteStore } from '#src/stores/site-store.ts';
import { Button } from '#src/ui/button/button.tsx';
import { Modal } from '#src/ui/modal/modal.tsx';
import { Select } from '#src/ui/select/select.tsx';
import { TabPanel, Tabs } from '#src/ui/tabs/tabs.tsx';
import { TextInput } from '#src/ui/text-input/text-input.tsx';
import { UploadField } from '#src/ui/upload/upload-field.tsx';
import {
  boostsQuery,
  redirectsQuery,
  useDeleteBoost,
  useDeleteRedirect,
  useSaveRedirect,
} from './api/merch-queries.ts';
import { merchKeys } from './api/keys.ts';
import { BoostFormModal } from './components/boost-form.tsx';
import { Pager, Period, RuleStatus } from './components/merch-parts.tsx';
import { DeleteConfirm, RuleTable } from './components/rule-list.tsx';
import { SearchPreview } from './components/search-preview.tsx';
import { useQueryClient } from '@tanstack/react-query';
import './merch.css';

const PAGE = 20;

const TABS = ['boost', 'redirect'] as const;
type Tab = (typeof TABS)[number];

/** /merch-rules/search: boost and redirect rules, their uploads and the before/after preview. */
export default function SearchRulesPage() {
  const { t } = useTranslation();
  const siteId = useSiteStore((s) => s.siteId);
  const roles = useAuthStore((s) => s.me?.roles ?? []);
  const [tab, setTab] = useState<Tab>('boost');
  if (siteId === null) return null;
  const canBoost = hasAccess(roles, ['ROLE_MERCHANDISING_BOOSTING_CONFIG']);
  const canRedirect = hasAccess(roles, ['ROLE_MERCHANDISING_REDIRECT_CONFIG']);
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
          <BoostTab siteId={siteId} canEdit={canBoost} />
        </TabPanel>
        <TabPanel value="redirect">
          <RedirectTab siteId={siteId} canEdit={canRedirect} />
        </TabPanel>
      </Tabs>
      <SearchPreview siteId={siteId} canEdit={canBoost} />
    </div>
  );
}

function BoostTab({ siteId, canEdit }: { siteId: number; canEdit: boolean }) {
  const { t } = useTranslation();
  const client = useQueryClient();
  const [query, setQuery] = useState('');
  const [type, setType] = useState<BoostType | 'ANY'>('ANY');
  const [status, setStatus] = useState<'ANY' | 'ON' | 'OFF'>('ANY');
  const [product, setProduct] = useState('');
  const [offset, setOffset] = useState(0);
  const [editing, setEditing] = useState<BoostRule | 'new' | null>(null);
  const [deleting, setDeleting] = useState<BoostRule | null>(null);
  const remove = useDeleteBoost(siteId);
  const list = useQuery(
    boostsQuery(siteId, {
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
    }),
  );
  const rules = list.data?.items ?? [];
  const refresh = () => client.invalidateQueries({ queryKey: merchKeys.all(siteId) });

  return (
    <>
      <div className="merch-filters">
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
        {canEdit && (
          <Button variant="primary" onClick={() => setEditing('new')}>
            {t('merch.actions.create')}
          </Button>
        )}
      </div>
      <RuleTable
        caption={t('merch.tabs.boost')}
        rows={rules}
        rowKey={(rule) => rule.id}
        loading={list.isLoading}
        columns={[
          {
            key: 'status',
            header: t('merch.columns.status'),
            cell: (rule) => (
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
      <Pager offset={offset} limit={PAGE} total={list.data?.total ?? 0} onOffset={setOffset} />
      {canEdit && (
        <div className="merch-uploads">
          <UploadField
            label={t('merch.upload.boostProducts')}
            hint={t('merch.upload.boostProductsHint')}
            upload={(file, onProgress, signal) =>
              uploadFile(uploadBoostRulesRoute, {
                query: { siteId, layout: 'PRODUCTS' },
                file,
                onProgress,
                signal,
              })
            }
            onUploaded={refresh}
          />
          <UploadField
            label={t('merch.upload.boostAttributes')}
            hint={t('merch.upload.boostAttributesHint')}
            upload={(file, onProgress, signal) =>
              uploadFile(uploadBoostRulesRoute, {
                query: { siteId, layout: 'ATTRIBUTES' },
                file,
                onProgress,
                signal,
              })
            }
            onUploaded={refresh}
          />
        </div>
      )}
      {editing && (
        <BoostFormModal
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
    </>
  );
}

function RedirectTab({ siteId, canEdit }: { siteId: number; canEdit: boolean }) {
  const { t } = useTranslation();
  const client = useQueryClient();
  const [text, setText] = useState('');
  const [offset, setOffset] = useState(0);
  const [editing, setEditing] = useState<RedirectRule | 'new' | null>(null);
  const [deleting, setDeleting] = useState<RedirectRule | null>(null);
  const remove = useDeleteRedirect(siteId);
  const list = useQuery(redirectsQuery(siteId, { offset, limit: PAGE, text }));
  const rules = list.data?.items ?? [];
  return (
    <>
      <div className="merch-filters">
        <TextInput
          label={t('merch.filter.text')}
          value={text}
          onChange={(v) => {
            setText(v);
            setOffset(0);
          }}
        />
        {canEdit && (
          <Button variant="primary" onClick={() => setEditing('new')}>
            {t('merch.actions.createRedirect')}
          </Button>
        )}
      </div>
      <RuleTable
        caption={t('merch.tabs.redirect')}
        rows={rules}
        rowKey={(rule) => rule.id}
        loading={list.isLoading}
        columns={[
          {
            key: 'query',
            header: t('merch.columns.query'),
            rowHeader: true,
            cell: (rule) => rule.query,
          },
          {
            key: 'url',
            header: t('merch.columns.url'),
            className: 'merch-items',
            cell: (rule) => rule.url,
          },
          {
            key: 'mobileUrl',
            header: t('merch.columns.mobileUrl'),
            className: 'merch-items',
            cell: (rule) => rule.mobileUrl ?? '—',
          },
          { key: 'name', header: t('merch.columns.name'), cell: (rule) => rule.name ?? '—' },
        ]}
        actions={
          canEdit
            ? { name: (rule) => rule.query, onEdit: setEditing, onDelete: setDeleting }
            : undefined
        }
      />
      <Pager offset={offset} limit={PAGE} total={list.data?.total ?? 0} onOffset={setOffset} />
      {canEdit && (
        <div className="merch-uploads">
          <UploadField
            label={t('merch.upload.redirects')}
            hint={t('merch.upload.redirectsHint')}
            upload={(file, onProgress, signal) =>
              uploadFile(uploadRedirectsRoute, { query: { siteId }, file, onProgress, signal })
            }
            onUploaded={() => client.invalidateQueries({ queryKey: merchKeys.all(siteId) })}
          />
        </div>
      )}
      {editing && (
        <RedirectModal
          siteId={siteId}
          rule={editing === 'new' ? null : editing}
          onClose={() => setEditing(null)}
        />
      )}
      {deleting && (
        <DeleteConfirm
          title={t('merch.actions.deleteTitle')}
          text={t('merch.actions.deleteText', { name: deleting.name ?? deleting.query })}
          id={deleting.id}
          remove={remove}
          onClose={() => setDeleting(null)}
        />
      )}
    </>
  );
}

/** The redirect modal: query and url are required ('Fill empty fields'). */
function RedirectModal({
  siteId,
  rule,
  onClose,
}: {
  siteId: number;
  rule: RedirectRule | null;
  onClose: () => void;
}) {
  const { t } = useTranslation();
  const save = useSaveRedirect(siteId);
  const [query, setQuery] = useState(rule?.query ?? '');
  const [url, setUrl] = useState(rule?.url ?? '');
  const [mobileUrl, setMobileUrl] = useState(rule?.mobileUrl ?? '');
  const [name, setName] = useState(rule?.name ?? '');
  const [failure, setFailure] = useState<string | null>(null);
  const [tried, setTried] = useState(false);
  const submit = () => {
    setTried(true);
    if (!query.trim() || !url.trim()) {
      setFailure(t('merch.form.fillEmpty'));
      return;
    }
    setFailure(null);
    save.mutate(
      {
        ...(rule && { id: rule.id }),
        body: {
          query: query.trim(),
          url: url.trim(),
          mobileUrl: mobileUrl.trim() || null,
          name: name.trim() || null,
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
      title={rule ? t('merch.redirect.editTitle') : t('merch.redirect.createTitle')}
      onClose={onClose}
      onConfirm={submit}
      confirmLoading={save.isPending}
    >
      <div className="merch-form">
        <TextInput
          label={t('merch.redirect.query')}
          value={query}
          onChange={setQuery}
          required
          error={tried && !query.trim() ? t('merch.form.required') : undefined}
        />
        <TextInput
          label={t('merch.redirect.url')}
          value={url}
          onChange={setUrl}
          required
          hint={t('merch.redirect.urlHint')}
          error={tried && !url.trim() ? t('merch.form.required') : undefined}
        />
        <TextInput
          label={t('merch.redirect.mobileUrl')}
          value={mobileUrl}
          onChange={setMobileUrl}
        />
        <TextInput label={t('merch.redirect.name')} value={name} onChange={setName} />
        {failure && (
          <p className="merch-error" role="alert">
            {failure}
          </p>
        )}
      </div>
    </Modal>
  );
}
