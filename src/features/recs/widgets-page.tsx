import { useState } from 'react';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import type * as z from 'zod';
import { RECS_WIDGET_TYPES, recsWidgetInput, type RecsWidget } from '#contract/entities/recs.ts';
import { applyServerIssues } from '#src/lib/api.ts';
import { useResource } from '#src/lib/resource.ts';
import { Button } from '#src/ui/button/button.tsx';
import { FormTextField } from '#src/ui/form/form-field.tsx';
import { FormSelectField } from '#src/ui/form/form-select-field.tsx';
import { Form, useZodForm } from '#src/ui/form/form.tsx';
import { ResourceDeleteDialog } from '#src/ui/resource/resource-delete.tsx';
import { ResourceTable } from '#src/ui/resource/resource-table.tsx';
import { Select } from '#src/ui/select/select.tsx';
import { useSiteStore } from '#src/stores/site-store.ts';
import { strategiesQuery } from './api/recs-api.ts';
import { widgets as widgetsFamily } from './api/resources.ts';
import { PlacementPicker } from './components/placement-picker.tsx';
import { WidgetPreview, useWidgetPreview } from './components/widget-preview.tsx';
import './recs.css';

type WidgetType = (typeof RECS_WIDGET_TYPES)[number];
type WidgetInput = z.input<typeof recsWidgetInput>;
const EMPTY: WidgetInput = {
  widgetId: '',
  name: '',
  type: 'SLIDER',
  placements: [],
  strategyHash: null,
};
const toInput = (w: RecsWidget): WidgetInput => ({
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
  const { t } = useTranslation();
  const siteId = useSiteStore((state) => state.siteId) ?? 0;
  const widgets = useResource(widgetsFamily, siteId, null, { enabled: siteId > 0 });
  const strategies = useQuery({ ...strategiesQuery(siteId), enabled: siteId > 0 });
  // The form: a new widget (null) or the one edited; closed when undefined.
  const [editing, setEditing] = useState<RecsWidget | null | undefined>(undefined);
  const [deleting, setDeleting] = useState<RecsWidget | null>(null);
  if (siteId === 0) return <div className="page">{t('recs.noSite')}</div>;
  const strategyName = (hash: string | null) =>
    hash === null
      ? t('recs.widgets.noStrategy')
      : (strategies.data?.find((s) => s.hash === hash)?.name ?? hash);
  const text = (w: RecsWidget) => ({
    type: t(`recs.widgets.types.${w.type}`),
    placements: w.placements.join(', ') || '—',
    strategy: strategyName(w.strategyHash),
  });
  return (
    <div className="page recs-page">
      <h1>{t('routes.recsWidgets')}</h1>
      <p className="recs-muted">{t('recs.widgets.intro')}</p>
      {widgets.canCreate && editing === undefined && (
        <div className="recs-actions">
          <Button variant="primary" onClick={() => setEditing(null)}>
            {t('recs.widgets.create')}
          </Button>
        </div>
      )}
      {editing !== undefined && (
        <WidgetForm
          key={editing?.widgetId ?? ''}
          siteId={siteId}
          widget={editing}
          strategyName={strategyName}
          strategyOptions={[
            { value: '', label: t('recs.widgets.noStrategy') },
            ...(strategies.data ?? []).map((s) => ({
              value: s.hash,
              label: `${s.name} (${s.modelName})`,
            })),
          ]}
          save={(input) =>
            widgets.save.mutateAsync({ id: editing ? editing.widgetId : undefined, input })
          }
          pending={widgets.save.isPending}
          onClose={() => setEditing(undefined)}
        />
      )}
      <ResourceTable<RecsWidget>
        caption={t('recs.widgets.list')}
        showCaption
        stackOnNarrow
        sortable
        className="recs-table"
        columns={[
          {
            key: 'name',
            header: t('recs.widgets.widgetId'),
            rowHeader: true,
            sortValue: (w) => w.name,
            cell: (w) => (
              <>
                {w.name} <span className="recs-muted">{w.widgetId}</span>
              </>
            ),
          },
          {
            key: 'type',
            header: t('recs.widgets.type'),
            sortValue: (w) => text(w).type,
            cell: (w) => text(w).type,
          },
          {
            key: 'placements',
            header: t('recs.widgets.placements'),
            sortValue: (w) => text(w).placements,
            cell: (w) => text(w).placements,
          },
          {
            key: 'strategy',
            header: t('recs.widgets.strategy'),
            sortValue: (w) => text(w).strategy,
            cell: (w) => text(w).strategy,
          },
        ]}
        rows={widgets.list.data ?? []}
        loading={widgets.list.isPending}
        rowKey={(w) => w.widgetId}
        emptyText={t('recs.widgets.empty')}
        actions={
          widgets.canEdit
            ? {
                name: (w) => w.name,
                onEdit: widgets.canUpdate ? setEditing : undefined,
                onDelete: widgets.canDelete ? setDeleting : undefined,
              }
            : undefined
        }
      />
      {deleting && (
        <ResourceDeleteDialog
          row={deleting}
          title={t('recs.widgets.confirmDelete', { name: deleting.name })}
          text={t('recs.widgets.confirmDeleteText')}
          remove={(w) => widgets.remove.mutateAsync(w.widgetId)}
          onClose={() => setDeleting(null)}
        />
      )}
    </div>
  );
}

/**
 * A widget's form on the contract's schema, with its preview: the save is refused while the
 * strategy cannot serve one of the widget's pages.
 */
function WidgetForm({
  siteId,
  widget,
  strategyName,
  strategyOptions,
  save,
  pending,
  onClose,
}: {
  siteId: number;
  /** The widget edited; null for a new one. */
  widget: RecsWidget | null;
  strategyName: (hash: string | null) => string;
  strategyOptions: ReadonlyArray<{ value: string; label: string }>;
  save: (input: z.output<typeof recsWidgetInput>) => Promise<unknown>;
  pending: boolean;
  onClose: () => void;
}) {
  const { t } = useTranslation();
  const form = useZodForm(recsWidgetInput, {
    defaultValues: widget ? toInput(widget) : EMPTY,
  });
  const [widgetId, placements = [], strategyHash = null] = form.watch([
    'widgetId',
    'placements',
    'strategyHash',
  ]);
  const preview = useWidgetPreview(siteId, strategyHash, placements);
  const title = widget ? t('recs.widgets.edit') : t('recs.widgets.create');
  return (
    <Form
      form={form}
      className="recs-card"
      aria-label={title}
      onSubmit={async (input) => {
        try {
          await save(input);
          onClose();
        } catch (error) {
          // The call's toast says what went wrong; the server's field issues go on the fields.
          applyServerIssues(error, form.setError);
        }
      }}
    >
      <div className="recs-form">
        <FormTextField<WidgetInput>
          name="widgetId"
          label={t('recs.widgets.widgetId')}
          hint={t('recs.widgets.widgetIdHint')}
          disabled={widget !== null}
          required
        />
        <FormTextField<WidgetInput> name="name" label={t('recs.widgets.name')} required />
        <FormSelectField<WidgetInput, WidgetType>
          name="type"
          label={t('recs.widgets.type')}
          options={RECS_WIDGET_TYPES.map((value) => ({
            value,
            label: t(`recs.widgets.types.${value}`),
          }))}
        />
        <PlacementPicker
          siteId={siteId}
          widgetId={widgetId}
          value={placements}
          onChange={(next) => form.setValue('placements', next, { shouldDirty: true })}
        />
        <Select<string>
          label={t('recs.widgets.strategy')}
          options={strategyOptions}
          value={strategyHash ?? ''}
          onChange={(hash) => form.setValue('strategyHash', hash || null, { shouldDirty: true })}
        />
      </div>
      <WidgetPreview preview={preview} strategyName={strategyName(strategyHash)} />
      <div className="recs-actions">
        <Button
          type="submit"
          variant="primary"
          loading={pending}
          disabled={preview.refused.length > 0}
        >
          {t('recs.widgets.save')}
        </Button>
        <Button variant="secondary" onClick={onClose}>
          {t('recs.widgets.cancel')}
        </Button>
      </div>
    </Form>
  );
}
