import { useMemo, useState } from 'react';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import type { ColumnDef } from '@tanstack/react-table';
import type { AlternativeAttribute } from '#contract/entities/dolyame.ts';
import { DOLYAME_FIELDS } from '#contract/public/dolyame.ts';
import { hasAccess } from '#contract/roles.ts';
import { createAlternativeAttributeRoute } from '#contract/routes/dolyame.ts';
import { useAuthStore } from '#src/stores/auth-store.ts';
import { useSiteStore } from '#src/stores/site-store.ts';
import { Button } from '#src/ui/button/button.tsx';
import { DeleteButton } from '#src/ui/button/delete-button.tsx';
import { actionsColumn, DataTable } from '#src/ui/data-table/data-table.tsx';
import { Spinner } from '#src/ui/spinner/spinner.tsx';
import { alternativeAttributesQueryOptions } from './api/dolyame-queries.ts';
import { useDeleteAttributeMutation } from './api/dolyame-mutations.ts';
import { AttributeFormModal } from './components/attribute-form.tsx';

/**
 * /dolyame/alternative-attributes: the feed attributes that stand for Dolyame's fields (the price
 * the payments are computed from, the mark of the products instalments apply to); the widget's
 * public read and the storefront script act on them.
 */
export default function AlternativeAttributesPage() {
  const { t } = useTranslation();
  const siteId = useSiteStore((state) => state.siteId);
  const roles = useAuthStore((state) => state.me?.roles ?? []);
  const canEdit = hasAccess(roles, createAlternativeAttributeRoute.roles);
  const list = useQuery({
    ...alternativeAttributesQueryOptions(siteId ?? 0),
    enabled: siteId !== null,
  });
  const remove = useDeleteAttributeMutation(siteId ?? 0);
  const [editing, setEditing] = useState<AlternativeAttribute | 'new' | null>(null);
  const columns = useMemo<ColumnDef<AlternativeAttribute, never>[]>(
    () => [
      { accessorKey: 'id', header: 'ID' },
      {
        accessorKey: 'alternative',
        header: t('dolyame.attributes.alternative'),
        cell: ({ row }) => (
          <>
            {t(`dolyame.attributes.fields.${row.original.alternative}`)}{' '}
            <code>{row.original.alternative}</code>
          </>
        ),
      },
      { accessorKey: 'attribute', header: t('dolyame.attributes.attribute') },
      ...(canEdit
        ? [
            actionsColumn<AlternativeAttribute>((row) => (
              <div className="table-actions">
                <Button size="sm" variant="secondary" onClick={() => setEditing(row)}>
                  {t('actions.edit')}
                </Button>
                <DeleteButton
                  name={row.attribute}
                  onDelete={async () => {
                    await remove.mutateAsync(row.id);
                  }}
                />
              </div>
            )) as ColumnDef<AlternativeAttribute, never>,
          ]
        : []),
    ],
    [t, canEdit, remove],
  );
  if (siteId === null) return <p className="page">{t('dolyame.noSite')}</p>;
  return (
    <div className="page">
      <div className="page__header">
        <h1>{t('routes.dolyameAttributes')}</h1>
        {canEdit && (
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
        <DataTable
          caption={t('routes.dolyameAttributes')}
          columns={columns}
          data={list.data}
          getRowId={(row) => String(row.id)}
          emptyText={t('dolyame.attributes.empty')}
        />
      ) : (
        <Spinner label={t('ui.spinner.loading')} />
      )}
      {editing !== null && (
        <AttributeFormModal
          siteId={siteId}
          editing={editing === 'new' ? null : editing}
          existing={list.data ?? []}
          onClose={() => setEditing(null)}
        />
      )}
    </div>
  );
}
