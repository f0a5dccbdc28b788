import type { ReactNode } from "react";

// A table of rows a page lists (the admin page's keys and usage log): the
// header in small muted type, one line between rows, sideways scrolling of
// its own on a narrow phone, and a line that says so when there are no rows.

export type Column = {
  header: ReactNode;
  /** `end` for numbers and row actions. */
  align?: "start" | "end";
  /** Named for screen readers only (a column of buttons). */
  hidden?: boolean;
};

/** The classes of a table's body row. */
export const ROW_CLASS = "border-t border-line align-top";

export function DataTable({
  label,
  columns,
  empty,
  className = "",
  children,
}: {
  label: string;
  columns: Column[];
  /** Shown across the table instead of rows, when there are none. */
  empty: ReactNode | null;
  className?: string;
  children: ReactNode;
}) {
  return (
    <div className={`relative overflow-x-auto ${className}`.trim()}>
      <table className="w-full text-left text-sm" aria-label={label}>
        <thead className="text-xs text-muted">
          <tr>
            {columns.map((column, index) => (
              <th key={index} className={`py-1 font-semibold ${column.align === "end" ? "text-right" : "pr-2"}`}>
                {column.hidden ? <span className="sr-only">{column.header}</span> : column.header}
              </th>
            ))}
          </tr>
        </thead>
        <tbody>
          {empty !== null ? (
            <tr>
              <td colSpan={columns.length} className="py-2 text-muted">
                {empty}
              </td>
            </tr>
          ) : null}
          {children}
        </tbody>
      </table>
    </div>
  );
}
