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
import { TextInput } from '#src/ui/text-input/text-input.tsx';
import { UploadField } from '#src/ui/upload/upload-field.tsx';
import {
  boostsQuery,
  redirectsQuery,
  useDeleteBoost,
  useDeleteRedirect,
  useSaveRedirect,
} from './api/merch-queries.ts';
import { BoostFormModal } from './components/boost-form.tsx';
import { Pager, Period, RuleStatus } from './components/merch-parts.tsx';
import { SearchPreview } from './components/search-preview.tsx';
import { useQueryClient } from '@tanstack/react-query';
import './merch.css';

const PAGE = 20;

type Tab = 'boost' | 'redirect';

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
      <div role="tablist" aria-label={t('merch.tabs.label')} className="merch-tabs">
        {(['boost', 'redirect'] as const).map((name) => (
          <button
            key={name}
            type="button"
            role="tab"
            id={`merch-tab-${name}`}
            aria-selected={tab === name}
            aria-controls={`merch-panel-${name}`}
            className="merch-tabs__tab"
            onClick={() => setTab(name)}
          >
            {t(`merch.tabs.${name}`)}
          </button>
        ))}
      </div>
      <div role="tabpanel" id={`merch-panel-${tab}`} aria-labelledby={`merch-tab-${tab}`}>
        {tab === 'boost' ? (
          <BoostTab siteId={siteId} canEdit={canBoost} />
        ) : (
          <RedirectTab siteId={siteId} canEdit={canRedirect} />
        )}
      </div>
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
  const refresh = () => client.invalidateQueries({ queryKey: ['merch', siteId] });

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
      <div className="merch-table-wrap">
        <table className="ui-table merch-table">
          <caption className="ui-visually-hidden">{t('merch.tabs.boost')}</caption>
          <thead>
            <tr>
              <th scope="col">{t('merch.columns.status')}</th>
              <th scope="col">{t('merch.columns.name')}</th>
              <th scope="col">{t('merch.columns.queries')}</th>
              <th scope="col">{t('merch.columns.type')}</th>
              <th scope="col">{t('merch.columns.items')}</th>
              <th scope="col">{t('merch.columns.weight')}</th>
              <th scope="col">{t('merch.columns.period')}</th>
              {canEdit && <th scope="col">{t('ui.table.actions')}</th>}
            </tr>
          </thead>
          <tbody>
            {rules.length === 0 ? (
              <tr>
                <td colSpan={8} className="ui-table__empty">
                  {list.isLoading ? t('ui.spinner.loading') : t('merch.empty')}
                </td>
              </tr>
            ) : (
              rules.map((rule) => (
                <tr key={rule.id}>
                  <td>
                    <RuleStatus
                      live={rule.live}
                      search={rule.ranking}
                      autocomplete={rule.autocomplete}
                      error={rule.error}
                    />
                  </td>
                  <th scope="row">{rule.name}</th>
                  <td>
                    {rule.queries.join(', ')}
                    {rule.fullMatch && ' (=)'}
                  </td>
                  <td>{t(`merch.types.${rule.boostType}`)}</td>
                  <td className="merch-items">
                    {rule.attributeName && `${rule.attributeName}: `}
                    {rule.filters.join(', ')}
                    {rule.socket !== null && ` → ${rule.socket}`}
                  </td>
                  <td>
                    {rule.weight} × {rule.multiplier}
                  </td>
                  <td>
                    <Period start={rule.startDate} end={rule.endDate} />
                  </td>
                  {canEdit && (
                    <td className="ui-table__cell--actions">
                      <Button
                        size="sm"
                        aria-label={`${t('merch.actions.edit')} ${rule.name}`}
                        onClick={() => setEditing(rule)}
                      >
                        {t('merch.actions.edit')}
                      </Button>{' '}
                      <Button
                        size="sm"
                        variant="danger"
                        aria-label={`${t('merch.actions.delete')} ${rule.name}`}
                        onClick={() => setDeleting(rule)}
                      >
                        {t('merch.actions.delete')}
                      </Button>
                    </td>
                  )}
                </tr>
              ))
            )}
          </tbody>
        </table>
      </div>
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
        <Modal
          open
          mode="EDIT"
          title={t('merch.actions.deleteTitle')}
          onClose={() => setDeleting(null)}
          confirmLabel={t('merch.actions.delete')}
          confirmVariant="danger"
          confirmLoading={remove.isPending}
          onConfirm={() => remove.mutate(deleting.id, { onSuccess: () => setDeleting(null) })}
        >
          <p>{t('merch.actions.deleteText', { name: deleting.name })}</p>
        </Modal>
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
      <div className="merch-table-wrap">
        <table className="ui-table merch-table">
          <caption className="ui-visually-hidden">{t('merch.tabs.redirect')}</caption>
          <thead>
            <tr>
              <th scope="col">{t('merch.columns.query')}</th>
              <th scope="col">{t('merch.columns.url')}</th>
              <th scope="col">{t('merch.columns.mobileUrl')}</th>
              <th scope="col">{t('merch.columns.name')}</th>
              {canEdit && <th scope="col">{t('ui.table.actions')}</th>}
            </tr>
          </thead>
          <tbody>
            {rules.length === 0 ? (
              <tr>
                <td colSpan={5} className="ui-table__empty">
                  {list.isLoading ? t('ui.spinner.loading') : t('merch.empty')}
                </td>
              </tr>
            ) : (
              rules.map((rule) => (
                <tr key={rule.id}>
                  <th scope="row">{rule.query}</th>
                  <td className="merch-items">{rule.url}</td>
                  <td className="merch-items">{rule.mobileUrl ?? '—'}</td>
                  <td>{rule.name ?? '—'}</td>
                  {canEdit && (
                    <td className="ui-table__cell--actions">
                      <Button
                        size="sm"
                        aria-label={`${t('merch.actions.edit')} ${rule.query}`}
                        onClick={() => setEditing(rule)}
                      >
                        {t('merch.actions.edit')}
                      </Button>{' '}
                      <Button
                        size="sm"
                        variant="danger"
                        aria-label={`${t('merch.actions.delete')} ${rule.query}`}
                        onClick={() => setDeleting(rule)}
                      >
                        {t('merch.actions.delete')}
                      </Button>
                    </td>
                  )}
                </tr>
              ))
            )}
          </tbody>
        </table>
      </div>
      <Pager offset={offset} limit={PAGE} total={list.data?.total ?? 0} onOffset={setOffset} />
      {canEdit && (
        <div className="merch-uploads">
          <UploadField
            label={t('merch.upload.redirects')}
            hint={t('merch.upload.redirectsHint')}
            upload={(file, onProgress, signal) =>
              uploadFile(uploadRedirectsRoute, { query: { siteId }, file, onProgress, signal })
            }
            onUploaded={() => client.invalidateQueries({ queryKey: ['merch', siteId] })}
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
        <Modal
          open
          mode="EDIT"
          title={t('merch.actions.deleteTitle')}
          onClose={() => setDeleting(null)}
          confirmLabel={t('merch.actions.delete')}
          confirmVariant="danger"
          confirmLoading={remove.isPending}
          onConfirm={() => remove.mutate(deleting.id, { onSuccess: () => setDeleting(null) })}
        >
          <p>{t('merch.actions.deleteText', { name: deleting.name ?? deleting.query })}</p>
        </Modal>
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
