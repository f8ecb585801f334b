import type { ReactNode } from 'react';
import { cx } from '../cx.ts';

export interface InputGridProps<Row extends string, Column extends string> {
  /** Names the grid; read by screen readers, shown when `showCaption`. */
  caption: string;
  showCaption?: boolean;
  /** The header of the row-name column. */
  corner: ReactNode;
  rows: readonly Row[];
  columns: readonly Column[];
  rowHeader: (row: Row) => ReactNode;
  columnHeader: (column: Column) => ReactNode;
  cell: (row: Row, column: Column) => ReactNode;
  className?: string;
}

/**
 * A fixed matrix of fields (a setting per row and column, e.g. a slider's numbers per device
 * class) drawn as a compact table with row and column headers. Not a list of records: no sorting,
 * no loading or empty line, so no TanStack Table (DataTable) in the routes that only need this.
 */
export function InputGrid<Row extends string, Column extends string>({
  caption,
  showCaption = false,
  corner,
  rows,
  columns,
  rowHeader,
  columnHeader,
  cell,
  className,
}: InputGridProps<Row, Column>) {
  return (
    <div className={cx('ui-table-wrap', className)}>
      <table className="ui-table ui-table--compact">
        <caption className={showCaption ? 'ui-table__caption' : 'ui-visually-hidden'}>
          {caption}
        </caption>
        <thead>
          <tr>
            <th scope="col">{corner}</th>
            {columns.map((column) => (
              <th key={column} scope="col">
                {columnHeader(column)}
              </th>
            ))}
          </tr>
        </thead>
        <tbody>
          {rows.map((row) => (
            <tr key={row}>
              <th scope="row">{rowHeader(row)}</th>
              {columns.map((column) => (
                <td key={column}>{cell(row, column)}</td>
              ))}
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}
