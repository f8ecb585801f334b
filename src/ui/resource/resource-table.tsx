import type { ReactNode } from 'react';
import './resource.css';
import type { ColumnDef } from '@tanstack/react-table';
import { useTranslation } from 'react-i18next';
import { Button } from '../button/button.tsx';
import { DataTable, actionsColumn, type DataTableRowProps } from '../data-table/data-table.tsx';

/** One column of a resource list: its header and what a row shows in it. */
export interface ResourceColumn<T> {
  key: string;
  header: string;
  cell: (row: T) => ReactNode;
  /** The column that names the row (a row header, `<th scope="row">`). */
  rowHeader?: boolean;
  /** Right-aligned digits. */
  numeric?: boolean;
  className?: string;
  /** What the column sorts by, where the table sorts (`sortable`). */
  sortValue?: (row: T) => string | number;
}

/** The edit and delete buttons of each row; each button's name ends in the row's name. */
export interface ResourceRowActions<T> {
  /** What the row is called («Хиты»): the buttons are «Изменить Хиты», «Удалить Хиты». */
  name: (row: T) => string;
  onEdit?: ((row: T) => void) | undefined;
  onDelete?: ((row: T) => void) | undefined;
  /** Button texts. @default actions.edit, actions.delete */
  editLabel?: string;
  deleteLabel?: string;
  /** More buttons of a row, after edit and before delete. */
  extra?: (row: T) => ReactNode;
}

export interface ResourceTableProps<T> {
  /** The table's accessible name. */
  caption: string;
  showCaption?: boolean;
  columns: ReadonlyArray<ResourceColumn<T>>;
  rows: readonly T[];
  rowKey: (row: T) => string | number;
  /** The rows are on their way: an empty table says so instead of `emptyText`. */
  loading?: boolean;
  /** @default ui.table.empty */
  emptyText?: ReactNode;
  /** Headers sort the rows. Off by default: a resource list keeps the server's order. */
  sortable?: boolean;
  /** Omitted for a user who may only read: no actions column at all. */
  actions?: ResourceRowActions<T> | undefined;
  rowProps?: (row: T) => DataTableRowProps;
}

/**
 * The list of an operator screen's records (rules, widgets, sections…) on DataTable: columns
 * given as plain cells, an empty or loading line, and the row actions, named after the row.
 */
export function ResourceTable<T>({
  caption,
  showCaption = false,
  columns,
  rows,
  rowKey,
  loading = false,
  emptyText,
  sortable = false,
  actions,
  rowProps,
}: ResourceTableProps<T>) {
  const defs: ColumnDef<T, never>[] = columns.map((column) => ({
    id: column.key,
    header: column.header,
    cell: ({ row }) => column.cell(row.original),
    ...(column.sortValue
      ? { accessorFn: (row: T) => column.sortValue!(row) as never }
      : { enableSorting: false }),
    meta: { rowHeader: column.rowHeader, className: column.className, numeric: column.numeric },
  }));
  if (actions && (actions.onEdit || actions.onDelete || actions.extra))
    defs.push(actionsColumn<T>((row) => <ResourceRowButtons row={row} actions={actions} />));
  return (
    <DataTable<T>
      caption={caption}
      showCaption={showCaption}
      columns={defs}
      data={rows}
      getRowId={(row) => String(rowKey(row))}
      sortable={sortable}
      loading={loading}
      {...(emptyText !== undefined && { emptyText })}
      {...(rowProps && { rowProps })}
    />
  );
}

/** The buttons of one row (also for a record shown outside a table). */
export function ResourceRowButtons<T>({
  row,
  actions,
}: {
  row: T;
  actions: ResourceRowActions<T>;
}) {
  const { t } = useTranslation();
  const name = actions.name(row);
  const edit = actions.editLabel ?? t('actions.edit');
  const remove = actions.deleteLabel ?? t('actions.delete');
  return (
    <span className="ui-resource__row-actions">
      {actions.onEdit && (
        <Button size="sm" aria-label={`${edit} ${name}`} onClick={() => actions.onEdit?.(row)}>
          {edit}
        </Button>
      )}
      {actions.extra?.(row)}
      {actions.onDelete && (
        <Button
          size="sm"
          variant="danger"
          aria-label={`${remove} ${name}`}
          onClick={() => actions.onDelete?.(row)}
        >
          {remove}
        </Button>
      )}
    </span>
  );
}

/** The filters above a list and its create button (shown to those who may create). */
export function ResourceToolbar({
  children,
  createLabel,
  onCreate,
}: {
  children?: ReactNode;
  createLabel?: string;
  /** Omitted for a user who may not create. */
  onCreate?: (() => void) | undefined;
}) {
  const { t } = useTranslation();
  return (
    <div className="ui-resource__toolbar">
      {children}
      {onCreate && (
        <Button variant="primary" onClick={onCreate}>
          {createLabel ?? t('actions.create')}
        </Button>
      )}
    </div>
  );
}
