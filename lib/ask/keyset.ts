import type { Prisma } from "@/lib/generated/prisma/client";
import { encodeCursor } from "@/lib/http/paging";

// Keyset paging over todos: a list's order is a few sort keys ending in the
// unique id, and a page starts strictly after the previous page's last row in
// that order. The cursor (schemas.ts) holds that row's sort key, so a row that
// changed or disappeared since does not shift the next page.

type SortField = "priority" | "createdAt" | "updatedAt" | "snoozeUntil" | "id";
export type SortOrder = readonly (readonly [field: SortField, direction: "asc" | "desc"])[];

type SortRow = { [field in SortField]: field extends "priority" | "id" ? number : Date | null };

const TIME_FIELDS: ReadonlySet<SortField> = new Set(["createdAt", "updatedAt", "snoozeUntil"]);

export function orderByOf(order: SortOrder): Prisma.TodoOrderByWithRelationInput[] {
  return order.map(([field, direction]) => ({ [field]: direction }));
}

/** Rows after `cursor` in `order`: the first key past it, or equal and the second past it, and so on. */
export function afterCursor(order: SortOrder, cursor: readonly number[]): Prisma.TodoWhereInput {
  const values = order.map(([field], index) => (TIME_FIELDS.has(field) ? new Date(cursor[index]!) : cursor[index]!));
  return {
    OR: order.map(([field, direction], index) => ({
      ...Object.fromEntries(order.slice(0, index).map(([equal], j) => [equal, values[j]])),
      [field]: { [direction === "asc" ? "gt" : "lt"]: values[index] },
    })),
  };
}

export function cursorOf(order: SortOrder, row: SortRow): string {
  return encodeCursor(
    order.map(([field]) => {
      const value = row[field];
      // Lists by snoozeUntil hold only rows that have one.
      if (value === null) throw new Error(`cannot page by ${field}: the row has none`);
      return value instanceof Date ? value.getTime() : value;
    }),
  );
}

/** The same order in memory, for lists merged from several queries. */
export function compareBy(order: SortOrder): (a: SortRow, b: SortRow) => number {
  return (a, b) => {
    for (const [field, direction] of order) {
      const difference = Number(a[field]) - Number(b[field]);
      if (difference) return direction === "asc" ? difference : -difference;
    }
    return 0;
  };
}

/**
 * A page from rows read with `take: limit + 1`: the extra row only tells
 * whether there is more, and the cursor is the last row shown.
 */
export function pageOf<Row extends SortRow>(
  order: SortOrder,
  rows: Row[],
  limit: number,
): { rows: Row[]; next: string | null } {
  if (rows.length <= limit) return { rows, next: null };
  const shown = rows.slice(0, limit);
  return { rows: shown, next: shown.length ? cursorOf(order, shown.at(-1)!) : null };
}
