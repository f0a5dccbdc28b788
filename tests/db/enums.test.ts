import { describe, expect, it } from "vitest";
import { db } from "@/lib/db";
import { SOURCES, TODO_STATUSES } from "@/lib/ask/schemas";
import { AVAILABILITIES, CONDITIONS } from "@/lib/research/schemas";
import { BARCODE_FORMATS } from "@/lib/scan/barcode-format";
import { SCAN_KINDS } from "@/lib/scan/classify-code";
import { SENTIMENTS } from "@/lib/scan/schemas";

// A column that holds one of a few values is a PostgreSQL enum
// (docs/decisions/036-enum-columns.md); the wire's lists in lib/ are the same
// values, in the same order, so a value added on one side only fails here.
const ENUMS = {
  scan_kind: SCAN_KINDS,
  barcode_format: BARCODE_FORMATS,
  sentiment: SENTIMENTS,
  todo_source: SOURCES,
  todo_status: TODO_STATUSES,
  condition: CONDITIONS,
  availability: AVAILABILITIES,
};

/** Every column of this schema typed by an enum, as `table.column` → the enum's name. */
async function enumColumns(): Promise<Record<string, string>> {
  const rows = await db().$queryRaw<{ column: string; type: string }[]>`
    SELECT c.table_name || '.' || c.column_name AS column, c.udt_name AS type
    FROM information_schema.columns c JOIN pg_type t ON t.typname = c.udt_name AND t.typtype = 'e'
    WHERE c.table_schema = current_schema()
    ORDER BY 1`;
  return Object.fromEntries(rows.map(({ column, type }) => [column, type]));
}

describe("enum columns", () => {
  it("hold the values the wire's lists name, in their order", async () => {
    for (const [type, values] of Object.entries(ENUMS)) {
      const [row] = await db().$queryRawUnsafe<{ labels: string[] }[]>(
        `SELECT enum_range(NULL::${type})::text[] AS labels`,
      );
      expect(row?.labels, type).toEqual([...values]);
    }
  });

  it("type each column that is one", async () => {
    expect(await enumColumns()).toEqual({
      "observation.availability": "availability",
      "observation.condition": "condition",
      "preference.sentiment": "sentiment",
      "scan.format": "barcode_format",
      "scan.kind": "scan_kind",
      "todo.source": "todo_source",
      "todo.status": "todo_status",
    });
  });

  it("refuse a value that is not one of them, in the database itself", async () => {
    await expect(
      db().$executeRaw`INSERT INTO todo (text, source, updated_at) VALUES ('enum test', 'ask_quick', now())`,
    ).rejects.toThrow(/invalid input value for enum todo_source/);
    await expect(db().$executeRaw`UPDATE preference SET sentiment = 'meh' WHERE false`).rejects.toThrow(
      /invalid input value for enum sentiment/,
    );
  });
});
