import type { ReactNode } from 'react';
import './resource.css';
import type { ColumnDef } from '@tanstack/react-table';
import { useTranslation } from 'react-i18next';
import { Button } from '../button/button.tsx';
import { Checkbox } from '../checkbox/checkbox.tsx';
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

/**
 * Rows the user ticks for an action on several at once (delete, enable…): a checkbox in each
 * row, named after it, and one in the header for every row shown.
 */
export interface ResourceSelection<T> {
  /** The keys (`rowKey`) of the ticked rows. */
  selected: ReadonlySet<string>;
  onChange: (selected: Set<string>) => void;
  /** The row's name on its checkbox («Выбрать Хиты»). */
  name: (row: T) => string;
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
  /** Ticked rows for actions on several (omitted: no checkboxes). */
  selection?: ResourceSelection<T> | undefined;
  /** Below 600 px wide each row becomes a block of its cells. */
  stackOnNarrow?: boolean;
  /** A class of the table's scroll box. */
  className?: string;
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
  selection,
  stackOnNarrow = false,
  className,
}: ResourceTableProps<T>) {
  const defs: ColumnDef<T, never>[] = [];
  if (selection) defs.push(selectColumn(selection, rows, rowKey));
  defs.push(
    ...columns.map((column): ColumnDef<T, never> => ({
      id: column.key,
      header: column.header,
      cell: ({ row }) => column.cell(row.original),
      ...(column.sortValue
        ? { accessorFn: (row: T) => column.sortValue!(row) as never }
        : { enableSorting: false }),
      meta: { rowHeader: column.rowHeader, className: column.className, numeric: column.numeric },
    })),
  );
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
      stackOnNarrow={stackOnNarrow}
      {...(className !== undefined && { className })}
      {...(emptyText !== undefined && { emptyText })}
      {...(rowProps && { rowProps })}
    />
  );
}

/** The ticks column: a checkbox per row and one for all the rows shown. */
function selectColumn<T>(
  selection: ResourceSelection<T>,
  rows: readonly T[],
  rowKey: (row: T) => string | number,
): ColumnDef<T, never> {
  const keys = rows.map((row) => String(rowKey(row)));
  const all = keys.length > 0 && keys.every((key) => selection.selected.has(key));
  return {
    id: 'select',
    header: () => (
      <SelectAll
        checked={all}
        disabled={keys.length === 0}
        onChange={(checked) => {
          const next = new Set(selection.selected);
          for (const key of keys) {
            if (checked) next.add(key);
            else next.delete(key);
          }
          selection.onChange(next);
        }}
      />
    ),
    cell: ({ row }) => (
      <SelectOne
        name={selection.name(row.original)}
        checked={selection.selected.has(String(rowKey(row.original)))}
        onChange={(checked) => {
          const next = new Set(selection.selected);
          const key = String(rowKey(row.original));
          if (checked) next.add(key);
          else next.delete(key);
          selection.onChange(next);
        }}
      />
    ),
    enableSorting: false,
    meta: { className: 'ui-resource__select' },
  };
}

function SelectAll(props: {
  checked: boolean;
  disabled: boolean;
  onChange: (checked: boolean) => void;
}) {
  const { t } = useTranslation();
  return (
    <Checkbox
      label={<span className="ui-visually-hidden">{t('ui.resource.selectAll')}</span>}
      checked={props.checked}
      disabled={props.disabled}
      onCheckedChange={props.onChange}
    />
  );
}

function SelectOne(props: {
  name: string;
  checked: boolean;
  onChange: (checked: boolean) => void;
}) {
  const { t } = useTranslation();
  return (
    <Checkbox
      label={
        <span className="ui-visually-hidden">{t('ui.resource.select', { name: props.name })}</span>
      }
      checked={props.checked}
      onCheckedChange={props.onChange}
    />
  );
}

/**
 * The actions on the ticked rows of a list (delete, enable, disable…), with how many are
 * ticked and a button that clears the ticks; shown while any row is ticked.
 */
export function ResourceBulkBar({
  count,
  onClear,
  children,
}: {
  count: number;
  onClear: () => void;
  children: ReactNode;
}) {
  const { t } = useTranslation();
  if (count === 0) return null;
  return (
    <div className="ui-resource__bulk" role="group" aria-label={t('ui.resource.bulk')}>
      <span aria-live="polite">{t('ui.resource.selected', { count })}</span>
      {children}
      <Button size="sm" variant="ghost" onClick={onClear}>
        {t('ui.resource.clear')}
      </Button>
    </div>
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
