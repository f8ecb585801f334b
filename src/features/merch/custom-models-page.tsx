import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import * as z from 'zod';
import { customModelInput, type CustomModel } from '#contract/entities/merchandising.ts';
import { uploadCustomModelRoute } from '#contract/routes/merchandising.ts';
import { useResource } from '#src/lib/resource.ts';
import { useSiteStore } from '#src/stores/site-store.ts';
import { Button } from '#src/ui/button/button.tsx';
import { FormCheckboxField, FormTextField } from '#src/ui/form/form-field.tsx';
import { ResourceDeleteDialog } from '#src/ui/resource/resource-delete.tsx';
import { ResourceFormModal } from '#src/ui/resource/resource-form-modal.tsx';
import { ResourceRowButtons, ResourceTable } from '#src/ui/resource/resource-table.tsx';
import { UploadField } from '#src/ui/upload/upload-field.tsx';
import { useDeleteModelEntry } from './api/merch-queries.ts';
import { customModels } from './api/resources.ts';
import './merch.css';

type Models = ReturnType<typeof useResource<number, null, CustomModel[], ModelInput, number>>;
/** What a model form saves (the create and update calls' body). */
type ModelInput = z.input<typeof customModelInput>;

/**
 * /merch-rules/custom-models: custom models, each a set of query → product lists that override
 * the search ranking for those queries; lists come from a file, queries and products are deleted
 * one by one.
 */
export default function CustomModelsPage() {
  const { t } = useTranslation();
  const siteId = useSiteStore((s) => s.siteId);
  const models = useResource(customModels, siteId ?? 0, null, { enabled: siteId !== null });
  const [editing, setEditing] = useState<CustomModel | 'new' | null>(null);
  const [deleting, setDeleting] = useState<CustomModel | null>(null);
  if (siteId === null) return null;
  const list = models.list.data ?? [];
  return (
    <div className="page merch-page">
      <h1>{t('routes.merchModels')}</h1>
      {models.canCreate && (
        <div className="merch-filters">
          <Button variant="primary" onClick={() => setEditing('new')}>
            {t('merch.models.create')}
          </Button>
        </div>
      )}
      {list.length === 0 && !models.list.isLoading && <p>{t('merch.empty')}</p>}
      <div className="merch-models">
        {list.map((model) => (
          <ModelCard
            key={model.id}
            siteId={siteId}
            model={model}
            models={models}
            onEdit={models.canUpdate ? setEditing : undefined}
            onDelete={models.canDelete ? setDeleting : undefined}
          />
        ))}
      </div>
      {editing && (
        <ModelModal
          model={editing === 'new' ? null : editing}
          models={models}
          onClose={() => setEditing(null)}
        />
      )}
      {deleting && (
        <ResourceDeleteDialog
          row={deleting}
          title={t('merch.models.deleteTitle')}
          text={t('merch.models.deleteText', { name: deleting.name })}
          confirmLabel={t('merch.actions.delete')}
          remove={(row) => models.remove.mutateAsync(row.id)}
          onClose={() => setDeleting(null)}
        />
      )}
    </div>
  );
}

function ModelCard({
  siteId,
  model,
  models,
  onEdit,
  onDelete,
}: {
  siteId: number;
  model: CustomModel;
  models: Models;
  onEdit: ((model: CustomModel) => void) | undefined;
  onDelete: ((model: CustomModel) => void) | undefined;
}) {
  const { t } = useTranslation();
  const entry = useDeleteModelEntry(siteId);
  const [dropping, setDropping] = useState<string | null>(null);
  return (
    <section className="merch-model" aria-label={model.name}>
      <div className="merch-model__head">
        <h2>
          {model.name}
          {!model.enabled && <span className="merch-muted"> · {t('merch.filter.off')}</span>}
        </h2>
        <ResourceRowButtons
          row={model}
          actions={{
            name: (row) => row.name,
            onEdit,
            onDelete,
            editLabel: t('merch.actions.edit'),
            deleteLabel: t('merch.actions.delete'),
          }}
        />
      </div>
      <UploadField
        label={t('merch.upload.model')}
        hint={t('merch.upload.modelHint')}
        upload={models.uploadTo(uploadCustomModelRoute, {
          query: { siteId },
          fields: { modelId: model.id },
        })}
      />
      <h3>{t('merch.models.queries')}</h3>
      {model.queries.length === 0 ? (
        <p>{t('merch.models.noQueries')}</p>
      ) : (
        <ResourceTable
          caption={t('merch.models.queries')}
          rows={model.queries}
          rowKey={(list) => list.query}
          emptyText={t('merch.empty')}
          columns={[
            {
              key: 'query',
              header: t('merch.columns.query'),
              rowHeader: true,
              cell: (list) => list.query,
            },
            {
              key: 'products',
              header: t('merch.models.products'),
              cell: (list) => (
                <ol className="merch-chips">
                  {list.productIds.map((id) => (
                    <li key={id} className="merch-chip">
                      <span>{id}</span>
                      <button
                        type="button"
                        className="merch-chip__remove"
                        aria-label={t('merch.models.deleteProduct', { id })}
                        onClick={() =>
                          entry.mutate({ modelId: model.id, query: list.query, productId: id })
                        }
                      >
                        ×
                      </button>
                    </li>
                  ))}
                </ol>
              ),
            },
            {
              key: 'actions',
              header: t('ui.table.actions'),
              className: 'ui-table__cell--actions',
              cell: (list) => (
                <Button
                  size="sm"
                  variant="danger"
                  aria-label={t('merch.models.deleteQuery', { query: list.query })}
                  onClick={() => setDropping(list.query)}
                >
                  {t('merch.actions.delete')}
                </Button>
              ),
            },
          ]}
        />
      )}
      {dropping !== null && (
        <ResourceDeleteDialog
          row={dropping}
          title={t('merch.models.deleteQueryTitle', { query: dropping })}
          text={t('merch.models.deleteQueryText', { name: model.name })}
          confirmLabel={t('merch.actions.delete')}
          remove={(query) => entry.mutateAsync({ modelId: model.id, query })}
          onClose={() => setDropping(null)}
        />
      )}
    </section>
  );
}

function ModelModal({
  model,
  models,
  onClose,
}: {
  model: CustomModel | null;
  models: Models;
  onClose: () => void;
}) {
  const { t } = useTranslation();
  // The contract's input, an empty name said in the merchandising forms' words.
  const schema = useMemo(
    () =>
      customModelInput.extend({
        name: z.string().trim().min(1, t('merch.form.fillEmpty')).max(200),
      }),
    [t],
  );
  return (
    <ResourceFormModal
      formId="merch-custom-model"
      mode={model ? 'EDIT' : 'CREATE'}
      title={model ? t('merch.models.editTitle') : t('merch.models.createTitle')}
      schema={schema}
      defaultValues={{ name: model?.name ?? '', enabled: model?.enabled ?? true }}
      save={(input) => models.save.mutateAsync({ id: model?.id, input })}
      pending={models.save.isPending}
      onClose={onClose}
    >
      <div className="merch-form">
        <FormTextField name="name" label={t('merch.models.name')} required />
        <FormCheckboxField name="enabled" label={t('merch.models.enabled')} />
      </div>
    </ResourceFormModal>
  );
}
