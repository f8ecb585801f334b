import {
  flexRender,
  getCoreRowModel,
  getSortedRowModel,
  useReactTable,
} from '@tanstack/react-table';
import type { ColumnDef, Header, RowData, SortingState } from '@tanstack/react-table';
import { useMemo, useState } from 'react';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { cx } from '../cx.ts';

declare module '@tanstack/react-table' {
  // Column options the console's table understands; generic names must match TanStack's.
  // eslint-disable-next-line @typescript-eslint/no-unused-vars
  interface ColumnMeta<TData extends RowData, TValue> {
    /** Right-aligned, tabular digits, no wrapping. */
    numeric?: boolean;
    /** Narrow, right-aligned, never sortable. */
    actions?: boolean;
  }
}

/** The id of the row-actions column; `actionsColumn()` builds it. */
export const ACTIONS_COLUMN_ID = 'actions';

/**
 * A column of row actions (edit, delete…): not sortable (spec §2), header 'Actions'
 * unless given.
 */
export function actionsColumn<T>(
  cell: (row: T) => ReactNode,
  header?: string,
): ColumnDef<T, unknown> {
  return {
    id: ACTIONS_COLUMN_ID,
    header: header ?? (() => <ActionsHeader />),
    cell: ({ row }) => cell(row.original),
    enableSorting: false,
    meta: { actions: true },
  };
}

function ActionsHeader() {
  const { t } = useTranslation();
  return <>{t('ui.table.actions')}</>;
}

export interface DataTableProps<T> {
  // TanStack's ColumnDef needs the value type erased for mixed columns.
  columns: ReadonlyArray<ColumnDef<T, never>>;
  data: ReadonlyArray<T>;
  /** Accessible name (caption) of the table. */
  caption: string;
  /** Show the caption visibly. @default false */
  showCaption?: boolean;
  initialSorting?: SortingState;
  /** Controlled sorting (e.g. kept in the URL). */
  sorting?: SortingState;
  onSortingChange?: (sorting: SortingState) => void;
  getRowId?: (row: T, index: number) => string;
  /** Text for an empty table; 'No data' by default. */
  emptyText?: ReactNode;
  className?: string;
}

function SortableHeader<T>({ header }: { header: Header<T, unknown> }) {
  const { t } = useTranslation();
  const content = flexRender(header.column.columnDef.header, header.getContext());
  if (!header.column.getCanSort()) return <>{content}</>;
  const direction = header.column.getIsSorted();
  const title =
    typeof header.column.columnDef.header === 'string'
      ? header.column.columnDef.header
      : header.column.id;
  return (
    <button
      type="button"
      className="ui-table__sort"
      onClick={header.column.getToggleSortingHandler()}
      title={t('ui.table.sortBy', { column: title })}
    >
      {content}
      <span className="ui-table__sort-icon" aria-hidden="true">
        {direction === 'asc' ? '▲' : direction === 'desc' ? '▼' : '↕'}
      </span>
    </button>
  );
}

/**
 * A client-side sortable table on TanStack Table. A click on a header sorts ascending, the
 * next descending, and so on; only one column at a time.
 */
export function DataTable<T>({
  columns,
  data,
  caption,
  showCaption = false,
  initialSorting = [],
  sorting: controlled,
  onSortingChange,
  getRowId,
  emptyText,
  className,
}: DataTableProps<T>) {
  const { t } = useTranslation();
  const [own, setOwn] = useState<SortingState>(initialSorting);
  const sorting = controlled ?? own;
  const safeColumns = useMemo(
    () =>
      (columns as ColumnDef<T, unknown>[]).map((column) =>
        column.id === ACTIONS_COLUMN_ID
          ? { ...column, enableSorting: false, meta: { ...column.meta, actions: true } }
          : column,
      ),
    [columns],
  );
  // eslint-disable-next-line react-hooks/incompatible-library -- TanStack Table returns fresh functions by design
  const table = useReactTable<T>({
    data: data as T[],
    columns: safeColumns,
    state: { sorting },
    onSortingChange: (updater) => {
      const next = typeof updater === 'function' ? updater(sorting) : updater;
      if (!controlled) setOwn(next);
      onSortingChange?.(next);
    },
    getRowId,
    getCoreRowModel: getCoreRowModel(),
    getSortedRowModel: getSortedRowModel(),
    enableSortingRemoval: false,
    enableMultiSort: false,
    sortDescFirst: false,
  });

  const rows = table.getRowModel().rows;
  const columnCount = table.getVisibleLeafColumns().length;

  const cellClass = (meta: { numeric?: boolean; actions?: boolean } | undefined) =>
    cx(meta?.numeric && 'ui-table__cell--numeric', meta?.actions && 'ui-table__cell--actions');

  return (
    <div className={cx('ui-table-wrap', className)}>
      <table className="ui-table">
        <caption className={showCaption ? undefined : 'ui-visually-hidden'}>{caption}</caption>
        <thead>
          {table.getHeaderGroups().map((group) => (
            <tr key={group.id}>
              {group.headers.map((header) => {
                const direction = header.column.getIsSorted();
                return (
                  <th
                    key={header.id}
                    scope="col"
                    colSpan={header.colSpan}
                    className={cellClass(header.column.columnDef.meta)}
                    aria-sort={
                      direction === 'asc'
                        ? 'ascending'
                        : direction === 'desc'
                          ? 'descending'
                          : undefined
                    }
                  >
                    {header.isPlaceholder ? null : <SortableHeader header={header} />}
                  </th>
                );
              })}
            </tr>
          ))}
        </thead>
        <tbody>
          {rows.length === 0 ? (
            <tr>
              <td className="ui-table__empty" colSpan={columnCount}>
                {emptyText ?? t('ui.table.empty')}
              </td>
            </tr>
          ) : (
            rows.map((row) => (
              <tr key={row.id}>
                {row.getVisibleCells().map((cell) => (
                  <td key={cell.id} className={cellClass(cell.column.columnDef.meta)}>
                    {flexRender(cell.column.columnDef.cell, cell.getContext())}
                  </td>
                ))}
              </tr>
            ))
          )}
        </tbody>
      </table>
    </div>
  );
}
