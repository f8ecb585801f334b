import type { ReactNode } from 'react';
import type { ColumnDef } from '@tanstack/react-table';
import { useTranslation } from 'react-i18next';
import { ConfirmDialog } from '#src/ui/confirm-dialog/confirm-dialog.tsx';
import { Button } from '#src/ui/button/button.tsx';
import { DataTable, actionsColumn } from '#src/ui/data-table/data-table.tsx';

/** One column of a rules table: its header and what a row shows in it. */
export interface RuleColumn<T> {
  key: string;
  header: string;
  cell: (row: T) => ReactNode;
  /** The column that names the row (a row header, `<th scope="row">`). */
  rowHeader?: boolean;
  className?: string;
}

/**
 * The rules tables of the merchandising pages (boosts, redirects, recommendation rules, a custom
 * model's queries) on DataTable: the columns, an empty or loading line across them, and with
 * `actions` the edit and delete buttons of each row, named after the row. Their order is the
 * server's (newest first), so the headers do not sort.
 */
export function RuleTable<T>({
  caption,
  columns,
  rows,
  rowKey,
  loading = false,
  actions,
}: {
  caption: string;
  columns: RuleColumn<T>[];
  rows: readonly T[];
  rowKey: (row: T) => string | number;
  loading?: boolean;
  actions?:
    { name: (row: T) => string; onEdit: (row: T) => void; onDelete: (row: T) => void } | undefined;
}) {
  const { t } = useTranslation();
  const defs: ColumnDef<T, never>[] = columns.map((column) => ({
    id: column.key,
    header: column.header,
    cell: ({ row }) => column.cell(row.original),
    meta: { rowHeader: column.rowHeader, className: column.className },
  }));
  if (actions)
    defs.push(
      actionsColumn<T>((row) => (
        <EditDeleteButtons
          name={actions.name(row)}
          onEdit={() => actions.onEdit(row)}
          onDelete={() => actions.onDelete(row)}
        />
      )),
    );
  return (
    <DataTable<T>
      caption={caption}
      columns={defs}
      data={rows}
      getRowId={(row) => String(rowKey(row))}
      sortable={false}
      loading={loading}
      emptyText={t('merch.empty')}
    />
  );
}

/** Edit and delete buttons of one rule or model, their accessible names ending in its name. */
export function EditDeleteButtons({
  name,
  onEdit,
  onDelete,
}: {
  name: string;
  onEdit: () => void;
  onDelete: () => void;
}) {
  const { t } = useTranslation();
  return (
    <>
      <Button size="sm" aria-label={`${t('merch.actions.edit')} ${name}`} onClick={onEdit}>
        {t('merch.actions.edit')}
      </Button>{' '}
      <Button
        size="sm"
        variant="danger"
        aria-label={`${t('merch.actions.delete')} ${name}`}
        onClick={onDelete}
      >
        {t('merch.actions.delete')}
      </Button>
    </>
  );
}

/** The delete confirmation of a rule or model. */
export function DeleteConfirm<Id>({
  title,
  text,
  id,
  remove,
  onClose,
}: {
  title: string;
  text: string;
  /** What is deleted: `remove` is called with it, and the dialog closes once it succeeds. */
  id: Id;
  remove: { isPending: boolean; mutate: (id: Id, options: { onSuccess: () => void }) => void };
  onClose: () => void;
}) {
  const { t } = useTranslation();
  return (
    <ConfirmDialog
      title={title}
      onClose={onClose}
      confirmLabel={t('merch.actions.delete')}
      busy={remove.isPending}
      onConfirm={() => remove.mutate(id, { onSuccess: onClose })}
    >
      <p>{text}</p>
    </ConfirmDialog>
  );
}
