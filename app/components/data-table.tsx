// A table of records in its scrolling box (TableWrap): a header row of column names, a row per record, and one
// row that says so when there are none.
import type { ReactNode } from "react";
import { TableWrap } from "./table-wrap";

export function DataTable<Row>({
  label,
  columns,
  rows,
  empty,
  className,
  stacked = false,
  children,
}: {
  /** Names the scrolling box for screen readers. */
  label: string;
  columns: readonly string[];
  rows: readonly Row[];
  /** Shown across the table when there are no rows. */
  empty: ReactNode;
  className?: string;
  /**
   * On a phone, each row a card of labelled lines (the stack-table style): for a table whose first column is
   * narrow (a number), whose other cells carry their column's name as data-label.
   */
  stacked?: boolean;
  /** A record's <tr>, with its key. */
  children: (row: Row, index: number) => ReactNode;
}) {
  return (
    <TableWrap label={label} className={className}>
      <table className={stacked ? "data-table stack-table" : "data-table"}>
        <thead>
          <tr>
            {columns.map((column) => (
              <th key={column} scope="col">
                {column}
              </th>
            ))}
          </tr>
        </thead>
        <tbody>
          {rows.length === 0 ? (
            <tr>
              <td colSpan={columns.length}>{empty}</td>
            </tr>
          ) : (
            rows.map((row, index) => children(row, index))
          )}
        </tbody>
      </table>
    </TableWrap>
  );
}
