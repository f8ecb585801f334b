import { getCoreRowModel, getSortedRowModel, useReactTable } from '@tanstack/react-table';
import type {
  ColumnDef,
  ColumnDefTemplate,
  Header,
  Row,
  RowData,
  SortingState,
} from '@tanstack/react-table';
import { useMemo, useState } from 'react';
import type { HTMLAttributes, ReactNode } from 'react';
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
    /** The column that names its row: its cells are row headers (`<th scope="row">`). */
    rowHeader?: boolean;
    /** A class for the column's header and cells. */
    className?: string;
  }
}

/**
 * Cell and header templates are called as plain functions, not mounted as components: columns
 * built inline give a new function at each render, which React would take for a new component
 * and remount, so an input in a cell would lose its focus at each keystroke. A template that
 * needs hooks returns a component that holds them.
 */
function render<P extends object>(template: ColumnDefTemplate<P> | undefined, props: P): ReactNode {
  return typeof template === 'function' ? (template(props) as ReactNode) : (template ?? null);
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

/** What a row may carry besides its cells: a class, `aria-current`, `data-*` hooks. */
export type DataTableRowProps = Pick<HTMLAttributes<HTMLTableRowElement>, 'className'> & {
  'aria-current'?: boolean | undefined;
  [data: `data-${string}`]: string | undefined;
};

/** Rows that belong together, each run headed by a row across the table (`<tbody>` per group). */
export interface DataTableRowGroups<T> {
  /** The group of a row; groups keep the order in which `data` first names them. */
  of: (row: T) => string;
  label: (group: string) => ReactNode;
}

/** The table is named by its caption, or by an element already on the page (a heading). */
type DataTableName =
  | {
      /** Accessible name (caption) of the table. */
      caption: string;
      labelledBy?: undefined;
    }
  | {
      caption?: undefined;
      /** The id of the element that names the table; no caption is drawn. */
      labelledBy: string;
    };

export type DataTableProps<T> = DataTableName & {
  // TanStack's ColumnDef needs the value type erased for mixed columns.
  columns: ReadonlyArray<ColumnDef<T, never>>;
  data: ReadonlyArray<T>;
  /** Show the caption visibly. @default false */
  showCaption?: boolean;
  /** Headers sort the rows. Off where the order means something (a ranking, a form). @default true */
  sortable?: boolean;
  initialSorting?: SortingState;
  /** Controlled sorting (e.g. kept in the URL). */
  sorting?: SortingState;
  onSortingChange?: (sorting: SortingState) => void;
  getRowId?: (row: T, index: number) => string;
  /** Text for an empty table; 'No data' by default. */
  emptyText?: ReactNode;
  /** The rows are on their way: an empty table says 'Loading…' instead of `emptyText`. */
  loading?: boolean;
  /** A class, `aria-current` or `data-*` attributes of a row. */
  rowProps?: (row: T) => DataTableRowProps;
  /**
   * A row drawn as one cell across every column (a message or a status among the rows) when this
   * returns something for it.
   */
  fullWidthRow?: (row: T) => ReactNode;
  /** Group the rows, each group under a header row; sorting sorts inside the groups. */
  rowGroups?: DataTableRowGroups<T>;
  /**
   * Names the scroll box and makes it a focusable region, so keyboard users can scroll a wide
   * table (axe: scrollable-region-focusable).
   */
  scrollLabel?: string;
  /** Tighter cells, for tables of inputs. @default 'default' */
  density?: 'default' | 'compact';
  /** Below 600 px wide each row becomes a block of its cells, the header row hidden. */
  stackOnNarrow?: boolean;
  /** A class of the scroll box around the table. */
  className?: string;
};

/** Sorted rows cut into their groups, the groups in the order `data` first names them. */
function groupRows<T>(rows: Row<T>[], data: ReadonlyArray<T>, of: (row: T) => string) {
  const groups = new Map<string, Row<T>[]>();
  for (const item of data) if (!groups.has(of(item))) groups.set(of(item), []);
  for (const row of rows) groups.get(of(row.original))?.push(row);
  return [...groups].filter(([, members]) => members.length > 0);
}

function SortableHeader<T>({ header }: { header: Header<T, unknown> }) {
  const { t } = useTranslation();
  const content = render(header.column.columnDef.header, header.getContext());
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
  labelledBy,
  showCaption = false,
  sortable = true,
  initialSorting = [],
  sorting: controlled,
  onSortingChange,
  getRowId,
  emptyText,
  loading = false,
  rowProps,
  fullWidthRow,
  rowGroups,
  scrollLabel,
  density = 'default',
  stackOnNarrow = false,
  className,
}: DataTableProps<T>) {
  const { t } = useTranslation();
  const [own, setOwn] = useState<SortingState>(initialSorting);
  const sorting = controlled ?? own;
  // TanStack caches each row's accessor values until the data changes; columns rebuilt with
  // other state (a translation, a lookup that loaded later) must be read again, so new columns
  // come with a new copy of the data.
  const { safeColumns, rowData } = useMemo(
    () => ({
      safeColumns: (columns as ColumnDef<T, unknown>[]).map((column) =>
        column.id === ACTIONS_COLUMN_ID
          ? { ...column, enableSorting: false, meta: { ...column.meta, actions: true } }
          : column,
      ),
      rowData: [...data],
    }),
    [columns, data],
  );
  // eslint-disable-next-line react-hooks/incompatible-library -- TanStack Table returns fresh functions by design
  const table = useReactTable<T>({
    data: rowData,
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
    enableSorting: sortable,
    enableSortingRemoval: false,
    enableMultiSort: false,
    sortDescFirst: false,
  });

  const rows = table.getRowModel().rows;
  const columnCount = table.getVisibleLeafColumns().length;

  type Meta = { numeric?: boolean; actions?: boolean; className?: string } | undefined;
  const cellClass = (meta: Meta) =>
    cx(
      meta?.numeric && 'ui-table__cell--numeric',
      meta?.actions && 'ui-table__cell--actions',
      meta?.className,
    );

  const bodyRow = (row: Row<T>) => {
    const whole = fullWidthRow?.(row.original);
    const props = rowProps?.(row.original);
    if (whole !== undefined && whole !== null && whole !== false)
      return (
        <tr key={row.id} {...props}>
          <td colSpan={columnCount}>{whole}</td>
        </tr>
      );
    return (
      <tr key={row.id} {...props}>
        {row.getVisibleCells().map((cell) => {
          const meta = cell.column.columnDef.meta;
          const content = render(cell.column.columnDef.cell, cell.getContext());
          return meta?.rowHeader ? (
            <th key={cell.id} scope="row" className={cellClass(meta)}>
              {content}
            </th>
          ) : (
            <td key={cell.id} className={cellClass(meta)}>
              {content}
            </td>
          );
        })}
      </tr>
    );
  };

  const bodies =
    rows.length === 0 ? (
      <tbody>
        <tr>
          <td className="ui-table__empty" colSpan={columnCount}>
            {loading ? t('ui.spinner.loading') : (emptyText ?? t('ui.table.empty'))}
          </td>
        </tr>
      </tbody>
    ) : rowGroups ? (
      groupRows(rows, data, rowGroups.of).map(([group, members]) => (
        <tbody key={group}>
          <tr className="ui-table__group">
            <th scope="rowgroup" colSpan={columnCount}>
              {rowGroups.label(group)}
            </th>
          </tr>
          {members.map(bodyRow)}
        </tbody>
      ))
    ) : (
      <tbody>{rows.map(bodyRow)}</tbody>
    );

  return (
    <div
      className={cx('ui-table-wrap', className)}
      {...(scrollLabel !== undefined && {
        role: 'region',
        'aria-label': scrollLabel,
        tabIndex: 0,
      })}
    >
      <table
        className={cx(
          'ui-table',
          density === 'compact' && 'ui-table--compact',
          stackOnNarrow && 'ui-table--stack',
        )}
        aria-labelledby={labelledBy}
      >
        {caption !== undefined && (
          <caption className={showCaption ? 'ui-table__caption' : 'ui-visually-hidden'}>
            {caption}
          </caption>
        )}
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
        {bodies}
      </table>
    </div>
  );
}
