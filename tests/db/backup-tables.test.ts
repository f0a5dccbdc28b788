import { describe, expect, it } from "vitest";
import { db } from "@/lib/db";
import { BACKUP_TABLES, NOT_BACKED_UP } from "@/lib/platform/backup-tables";
import { schemaTables } from "@/lib/platform/table-catalog";

// A new table must be a decision: in the backup, or left out for a reason
// (docs/backup-and-restore.md). Read from the migrated database itself.
describe("the backup's tables", () => {
  it("name every table of the schema, backed up or left out, and nothing else", async () => {
    const tables = await schemaTables(db());
    const named = new Set<string>([...BACKUP_TABLES, ...Object.keys(NOT_BACKED_UP)]);
    expect(tables.filter((table) => !named.has(table))).toEqual([]);
    expect([...named].filter((table) => !tables.includes(table))).toEqual([]);
  });
});
