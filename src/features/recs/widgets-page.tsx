import { useDeferredValue, useState } from 'react';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { createColumnHelper } from '@tanstack/react-table';
import { useTranslation } from 'react-i18next';
import { RECS_WIDGET_TYPES, type RecsWidget } from '#contract/entities/recs.ts';
import {
  createWidgetRoute,
  deleteWidgetRoute,
  listWidgetsRoute,
  previewWidgetRoute,
  updateWidgetRoute,
} from '#contract/routes/recs.ts';
import { hasAccess } from '#contract/roles.ts';
import { api } from '#src/lib/api.ts';
import { Button } from '#src/ui/button/button.tsx';
import { ConfirmDialog } from '#src/ui/confirm-dialog/confirm-dialog.tsx';
import { DataTable, actionsColumn } from '#src/ui/data-table/data-table.tsx';
import { Select } from '#src/ui/select/select.tsx';
import { TextInput } from '#src/ui/text-input/text-input.tsx';
import { useAuthStore } from '#src/stores/auth-store.ts';
import { useSiteStore } from '#src/stores/site-store.ts';
import { recsKeys } from './api/keys.ts';
import { PlacementPicker } from './components/placement-picker.tsx';
import { strategiesQuery } from './api/recs-api.ts';
import './recs.css';

type WidgetType = (typeof RECS_WIDGET_TYPES)[number];
interface Draft {
  widgetId: string;
  name: string;
  type: WidgetType;
  placements: string[];
  strategyHash: string | null;
}
const widget = createColumnHelper<RecsWidget>();
const EMPTY: Draft = { widgetId: '', name: '', type: 'SLIDER', placements: [], strategyHash: null };
const toDraft = (w: RecsWidget): Draft => ({
  widgetId: w.widgetId,
  name: w.name,
  type: w.type,
  placements: w.placements,
  strategyHash: w.strategyHash,
});

/**
 * /recs-configuration/widget: the site's recommendation widgets (spec part 2 §3 "Widget"): id,
 * type, placements and the strategy that fills them; /public/recommendations answers a widget
 * or one of its placements with that strategy.
 */
export default function WidgetsPage() {
  const { t, i18n } = useTranslation();
  const siteId = useSiteStore((state) => state.siteId) ?? 0;
  const roles = useAuthStore((state) => state.me?.roles ?? []);
  const canEdit = hasAccess(roles, createWidgetRoute.roles);
  const client = useQueryClient();
  const at = { params: { site: siteId }, query: { siteId } };
  const widgets = useQuery({
    queryKey: recsKeys.widgets(siteId),
    queryFn: ({ signal }) => api(listWidgetsRoute, { ...at, signal }, { overlay: false }),
    enabled: siteId > 0,
  });
  const strategies = useQuery({ ...strategiesQuery(siteId), enabled: siteId > 0 });
  const [draft, setDraft] = useState<Draft | null>(null);
  const [editing, setEditing] = useState(false);
  const [deleting, setDeleting] = useState<RecsWidget | null>(null);
  const refresh = () => client.invalidateQueries({ queryKey: recsKeys.all(siteId) });
  const save = useMutation({
    mutationFn: (d: Draft) =>
      api(editing ? updateWidgetRoute : createWidgetRoute, {
        ...at,
        body: {
          widgetId: d.widgetId,
          name: d.name,
          type: d.type,
          placements: d.placements,
          strategyHash: d.strategyHash,
        },
      }),
    onSuccess: () => setDraft(null),
    onSettled: refresh,
  });
  const remove = useMutation({
    mutationFn: (widgetId: string) =>
      api(deleteWidgetRoute, { params: { site: siteId }, query: { siteId, widgetId } }),
    onSettled: refresh,
  });
  // The widget as drafted, tried on the site's own products and pages before it is saved.
  const tried = useDeferredValue(
    draft?.strategyHash
      ? { strategyHash: draft.strategyHash, placements: draft.placements.join(',') }
      : null,
  );
  const preview = useQuery({
    queryKey: recsKeys.widgetPreview(siteId, tried),
    queryFn: ({ signal }) =>
      api(
        previewWidgetRoute,
        { params: { site: siteId }, query: { siteId, ...tried! }, signal },
        { overlay: false },
      ),
    enabled: siteId > 0 && tried !== null,
    staleTime: 10_000,
  });
  const refused = draft?.strategyHash && preview.data ? preview.data.refused : [];
  if (siteId === 0) return <div className="page">{t('recs.noSite')}</div>;
  const strategyName = (hash: string | null) =>
    hash === null
      ? t('recs.widgets.noStrategy')
      : (strategies.data?.find((s) => s.hash === hash)?.name ?? hash);
  const strategyOptions = [
    { value: '', label: t('recs.widgets.noStrategy') },
    ...(strategies.data ?? []).map((s) => ({
      value: s.hash,
      label: `${s.name} (${s.modelName})`,
    })),
  ];
  return (
    <div className="page recs-page">
      <h1>{t('routes.recsWidgets')}</h1>
      <p className="recs-muted">{t('recs.widgets.intro')}</p>
      {canEdit && draft === null && (
        <div className="recs-actions">
          <Button
            variant="primary"
            onClick={() => {
              setEditing(false);
              setDraft(EMPTY);
            }}
          >
            {t('recs.widgets.create')}
          </Button>
        </div>
      )}
      {draft && (
        <form
          className="recs-card"
          aria-label={editing ? t('recs.widgets.edit') : t('recs.widgets.create')}
          onSubmit={(event) => {
            event.preventDefault();
            save.mutate(draft);
          }}
        >
          <div className="recs-form">
            <TextInput
              label={t('recs.widgets.widgetId')}
              hint={t('recs.widgets.widgetIdHint')}
              value={draft.widgetId}
              disabled={editing}
              required
              onChange={(widgetId) => setDraft({ ...draft, widgetId })}
            />
            <TextInput
              label={t('recs.widgets.name')}
              value={draft.name}
              required
              onChange={(name) => setDraft({ ...draft, name })}
            />
            <Select<string>
              label={t('recs.widgets.type')}
              options={RECS_WIDGET_TYPES.map((value) => ({
                value,
                label: t(`recs.widgets.types.${value}`),
              }))}
              value={draft.type}
              onChange={(type) => setDraft({ ...draft, type: type as WidgetType })}
            />
            <PlacementPicker
              siteId={siteId}
              widgetId={draft.widgetId}
              value={draft.placements}
              onChange={(placements) => setDraft({ ...draft, placements })}
            />
            <Select<string>
              label={t('recs.widgets.strategy')}
              options={strategyOptions}
              value={draft.strategyHash ?? ''}
              onChange={(hash) => setDraft({ ...draft, strategyHash: hash || null })}
            />
          </div>
          {draft.strategyHash && preview.data && (
            <section className="recs-widget-preview" aria-label={t('recs.widgets.preview.title')}>
              {refused.length > 0 && (
                <div role="alert" className="recs-widget-preview__refused">
                  <p>
                    {t('recs.widgets.preview.refused', {
                      strategy: strategyName(draft.strategyHash),
                    })}
                  </p>
                  <ul>
                    {refused.map((page) => (
                      <li key={`${page.block}|${page.placement}|${page.pageType}`}>
                        {t('recs.widgets.preview.page', page)}
                      </li>
                    ))}
                  </ul>
                </div>
              )}
              <h2 className="recs-widget-preview__title">{t('recs.widgets.preview.title')}</h2>
              {preview.data.forProduct && (
                <p className="recs-muted">
                  {t('recs.widgets.preview.forProduct', { name: preview.data.forProduct.name })}
                </p>
              )}
              {preview.data.products.length === 0 ? (
                <p className="recs-muted">{t('recs.widgets.preview.empty')}</p>
              ) : (
                <ul className="recs-widget-preview__list">
                  {preview.data.products.map((product) => (
                    <li key={product.id} className="recs-widget-preview__item">
                      {product.image_url && <img src={product.image_url} alt="" />}
                      <span className="recs-widget-preview__name">{product.name}</span>
                      <span className="recs-muted">
                        {Number(product.price).toLocaleString(i18n.language)} {product.currency}
                      </span>
                    </li>
                  ))}
                </ul>
              )}
            </section>
          )}
          <div className="recs-actions">
            <Button
              type="submit"
              variant="primary"
              loading={save.isPending}
              disabled={refused.length > 0}
            >
              {t('recs.widgets.save')}
            </Button>
            <Button variant="secondary" onClick={() => setDraft(null)}>
              {t('recs.widgets.cancel')}
            </Button>
          </div>
        </form>
      )}
      <DataTable<RecsWidget>
        caption={t('recs.widgets.list')}
        showCaption
        stackOnNarrow
        className="recs-table"
        columns={[
          widget.accessor('name', {
            header: t('recs.widgets.widgetId'),
            meta: { rowHeader: true },
            cell: ({ row: { original: w } }) => (
              <>
                {w.name} <span className="recs-muted">{w.widgetId}</span>
              </>
            ),
          }),
          widget.accessor((w) => t(`recs.widgets.types.${w.type}`), {
            id: 'type',
            header: t('recs.widgets.type'),
          }),
          widget.accessor((w) => w.placements.join(', ') || '—', {
            id: 'placements',
            header: t('recs.widgets.placements'),
          }),
          widget.accessor((w) => strategyName(w.strategyHash), {
            id: 'strategy',
            header: t('recs.widgets.strategy'),
          }),
          ...(canEdit
            ? [
                actionsColumn<RecsWidget>(
                  (w) => (
                    <>
                      <Button
                        variant="secondary"
                        aria-label={t('recs.widgets.editOne', { name: w.name })}
                        onClick={() => {
                          setEditing(true);
                          setDraft(toDraft(w));
                        }}
                      >
                        {t('recs.widgets.edit')}
                      </Button>{' '}
                      <Button
                        variant="danger"
                        aria-label={t('recs.widgets.deleteOne', { name: w.name })}
                        disabled={remove.isPending}
                        onClick={() => setDeleting(w)}
                      >
                        {t('recs.widgets.delete')}
                      </Button>
                    </>
                  ),
                  t('recs.widgets.actions'),
                ),
              ]
            : []),
        ]}
        data={widgets.data ?? []}
        loading={widgets.isPending}
        getRowId={(w) => w.widgetId}
        emptyText={t('recs.widgets.empty')}
      />
      {deleting && (
        <ConfirmDialog
          title={t('recs.widgets.confirmDelete', { name: deleting.name })}
          onClose={() => setDeleting(null)}
          onConfirm={() => remove.mutateAsync(deleting.widgetId)}
        >
          <p>{t('recs.widgets.confirmDeleteText')}</p>
        </ConfirmDialog>
      )}
    </div>
  );
}
