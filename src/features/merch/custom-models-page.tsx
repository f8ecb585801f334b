import { useState } from 'react';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import type { CustomModel } from '#contract/entities/merchandising.ts';
import { uploadCustomModelRoute } from '#contract/routes/merchandising.ts';
import { uploadFile } from '#src/lib/upload.ts';
import { useSiteStore } from '#src/stores/site-store.ts';
import { ConfirmDialog } from '#src/ui/confirm-dialog/confirm-dialog.tsx';
import { Button } from '#src/ui/button/button.tsx';
import { Checkbox } from '#src/ui/checkbox/checkbox.tsx';
import { Modal } from '#src/ui/modal/modal.tsx';
import { TextInput } from '#src/ui/text-input/text-input.tsx';
import { UploadField } from '#src/ui/upload/upload-field.tsx';
import {
  modelsQuery,
  useDeleteModel,
  useDeleteModelEntry,
  useSaveModel,
} from './api/merch-queries.ts';
import { merchKeys } from './api/keys.ts';
import { DeleteConfirm, EditDeleteButtons, RuleTable } from './components/rule-list.tsx';
import './merch.css';

/**
 * /merch-rules/custom-models: custom models, each a set of query → product lists that override
 * the search ranking for those queries; lists come from a file, queries and products are deleted
 * one by one.
 */
export default function CustomModelsPage() {
  const { t } = useTranslation();
  const siteId = useSiteStore((s) => s.siteId);
  const models = useQuery({ ...modelsQuery(siteId ?? 0), enabled: siteId !== null });
  const [editing, setEditing] = useState<CustomModel | 'new' | null>(null);
  const [deleting, setDeleting] = useState<CustomModel | null>(null);
  const remove = useDeleteModel(siteId ?? 0);
  if (siteId === null) return null;
  const list = models.data ?? [];
  return (
    <div className="page merch-page">
      <h1>{t('routes.merchModels')}</h1>
      <div className="merch-filters">
        <Button variant="primary" onClick={() => setEditing('new')}>
          {t('merch.models.create')}
        </Button>
      </div>
      {list.length === 0 && !models.isLoading && <p>{t('merch.empty')}</p>}
      <div className="merch-models">
        {list.map((model) => (
          <ModelCard
            key={model.id}
            siteId={siteId}
            model={model}
            onEdit={() => setEditing(model)}
            onDelete={() => setDeleting(model)}
          />
        ))}
      </div>
      {editing && (
        <ModelModal
          siteId={siteId}
          model={editing === 'new' ? null : editing}
          onClose={() => setEditing(null)}
        />
      )}
      {deleting && (
        <DeleteConfirm
          title={t('merch.models.deleteTitle')}
          text={t('merch.models.deleteText', { name: deleting.name })}
          id={deleting.id}
          remove={remove}
          onClose={() => setDeleting(null)}
        />
      )}
    </div>
  );
}

function ModelCard({
  siteId,
  model,
  onEdit,
  onDelete,
}: {
  siteId: number;
  model: CustomModel;
  onEdit: () => void;
  onDelete: () => void;
}) {
  const { t } = useTranslation();
  const client = useQueryClient();
  const entry = useDeleteModelEntry(siteId);
  const [dropping, setDropping] = useState<string | null>(null);
  return (
    <section className="merch-model" aria-label={model.name}>
      <div className="merch-model__head">
        <h2>
          {model.name}
          {!model.enabled && <span className="merch-muted"> · {t('merch.filter.off')}</span>}
        </h2>
        <span>
          <EditDeleteButtons name={model.name} onEdit={onEdit} onDelete={onDelete} />
        </span>
      </div>
      <UploadField
        label={t('merch.upload.model')}
        hint={t('merch.upload.modelHint')}
        upload={(file, onProgress, signal) =>
          uploadFile(uploadCustomModelRoute, {
            query: { siteId },
            fields: { modelId: model.id },
            file,
            onProgress,
            signal,
          })
        }
        onUploaded={() => client.invalidateQueries({ queryKey: merchKeys.all(siteId) })}
      />
      <h3>{t('merch.models.queries')}</h3>
      {model.queries.length === 0 ? (
        <p>{t('merch.models.noQueries')}</p>
      ) : (
        <RuleTable
          caption={t('merch.models.queries')}
          rows={model.queries}
          rowKey={(list) => list.query}
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
        <ConfirmDialog
          title={t('merch.models.deleteQueryTitle', { query: dropping })}
          confirmLabel={t('merch.actions.delete')}
          onClose={() => setDropping(null)}
          onConfirm={() => entry.mutateAsync({ modelId: model.id, query: dropping })}
        >
          <p>{t('merch.models.deleteQueryText', { name: model.name })}</p>
        </ConfirmDialog>
      )}
    </section>
  );
}

function ModelModal({
  siteId,
  model,
  onClose,
}: {
  siteId: number;
  model: CustomModel | null;
  onClose: () => void;
}) {
  const { t } = useTranslation();
  const save = useSaveModel(siteId);
  const [name, setName] = useState(model?.name ?? '');
  const [enabled, setEnabled] = useState(model?.enabled ?? true);
  const [tried, setTried] = useState(false);
  return (
    <Modal
      open
      mode={model ? 'EDIT' : 'CREATE'}
      title={model ? t('merch.models.editTitle') : t('merch.models.createTitle')}
      onClose={onClose}
      confirmLoading={save.isPending}
      onConfirm={() => {
        setTried(true);
        if (!name.trim()) return;
        save.mutate(
          { ...(model && { id: model.id }), name: name.trim(), enabled },
          { onSuccess: onClose },
        );
      }}
    >
      <div className="merch-form">
        <TextInput
          label={t('merch.models.name')}
          value={name}
          onChange={setName}
          required
          error={tried && !name.trim() ? t('merch.form.fillEmpty') : undefined}
        />
        <Checkbox
          label={t('merch.models.enabled')}
          checked={enabled}
          onCheckedChange={setEnabled}
        />
      </div>
    </Modal>
  );
}
