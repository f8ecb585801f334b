import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { AlternativeAttribute } from '#contract/entities/dolyame.ts';
import { DOLYAME_FIELDS } from '#contract/public/dolyame.ts';
import { useResource } from '#src/lib/resource.ts';
import { useSiteStore } from '#src/stores/site-store.ts';
import { Button } from '#src/ui/button/button.tsx';
import { ResourceDeleteDialog } from '#src/ui/resource/resource-delete.tsx';
import { ResourceTable } from '#src/ui/resource/resource-table.tsx';
import { Spinner } from '#src/ui/spinner/spinner.tsx';
import { alternativeAttributes } from './api/resources.ts';
import { AttributeFormModal } from './components/attribute-form.tsx';

/**
 * /dolyame/alternative-attributes: the feed attributes that stand for Dolyame's fields (the price
 * the payments are computed from, the mark of the products instalments apply to); the widget's
 * public read and the storefront script act on them.
 */
export default function AlternativeAttributesPage() {
  const { t } = useTranslation();
  const siteId = useSiteStore((state) => state.siteId);
  const attributes = useResource(alternativeAttributes, siteId ?? 0, null, {
    enabled: siteId !== null,
  });
  const list = attributes.list;
  const [editing, setEditing] = useState<AlternativeAttribute | 'new' | null>(null);
  const [deleting, setDeleting] = useState<AlternativeAttribute | null>(null);
  if (siteId === null) return <p className="page">{t('dolyame.noSite')}</p>;
  return (
    <div className="page">
      <div className="page__header">
        <h1>{t('routes.dolyameAttributes')}</h1>
        {attributes.canCreate && (
          <Button
            variant="primary"
            onClick={() => setEditing('new')}
            disabled={(list.data?.length ?? 0) >= DOLYAME_FIELDS.length}
            disabledReason={t('dolyame.attributes.allMapped')}
          >
            {t('dolyame.attributes.create')}
          </Button>
        )}
      </div>
      <p className="page__lead">{t('dolyame.attributes.lead')}</p>
      {list.data ? (
        <ResourceTable
          caption={t('routes.dolyameAttributes')}
          rows={list.data}
          rowKey={(row) => row.id}
          emptyText={t('dolyame.attributes.empty')}
          sortable
          columns={[
            { key: 'id', header: 'ID', sortValue: (row) => row.id, cell: (row) => row.id },
            {
              key: 'alternative',
              header: t('dolyame.attributes.alternative'),
              sortValue: (row) => row.alternative,
              cell: (row) => (
                <>
                  {t(`dolyame.attributes.fields.${row.alternative}`)} <code>{row.alternative}</code>
                </>
              ),
            },
            {
              key: 'attribute',
              header: t('dolyame.attributes.attribute'),
              sortValue: (row) => row.attribute,
              cell: (row) => row.attribute,
            },
          ]}
          actions={{
            name: (row) => row.attribute,
            onEdit: attributes.canUpdate ? setEditing : undefined,
            onDelete: attributes.canDelete ? setDeleting : undefined,
          }}
        />
      ) : (
        <Spinner label={t('ui.spinner.loading')} />
      )}
      {editing !== null && (
        <AttributeFormModal
          editing={editing === 'new' ? null : editing}
          existing={list.data ?? []}
          catalogSiteId={siteId}
          save={(input) =>
            attributes.save.mutateAsync({
              id: editing === 'new' ? undefined : editing.id,
              input,
            })
          }
          pending={attributes.save.isPending}
          onClose={() => setEditing(null)}
        />
      )}
      {deleting && (
        <ResourceDeleteDialog
          row={deleting}
          title={t('ui.deleteConfirm.title', { name: deleting.attribute })}
          text={t('ui.deleteConfirm.text')}
          remove={(row) => attributes.remove.mutateAsync(row.id)}
          onClose={() => setDeleting(null)}
        />
      )}
    </div>
  );
}
