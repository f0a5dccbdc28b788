import { readdirSync } from "node:fs";
import { describe, expect, it } from "vitest";
import { getDatabase } from "@/lib/db";
import { applyMigrations, pendingMigrations } from "@/lib/db/migrate";

describe("migrations", () => {
  it("are all applied once and then up to date", async () => {
    const adapter = getDatabase().migrationAdapter();
    expect(await applyMigrations(adapter)).toEqual([]);
    expect(await pendingMigrations(adapter)).toEqual([]);
  });

  it("are recorded in Prisma's own _prisma_migrations table", async () => {
    const rows = await getDatabase().prisma.$queryRaw<{ migration_name: string; finished_at: Date | null }[]>`
      SELECT migration_name, finished_at FROM _prisma_migrations ORDER BY migration_name`;
    const folders = readdirSync("prisma/migrations", { withFileTypes: true })
      .filter((entry) => entry.isDirectory())
      .map((entry) => entry.name)
      .sort();
    expect(rows.map((row) => row.migration_name)).toEqual(folders);
    expect(rows.every((row) => row.finished_at !== null)).toBe(true);
  });
});
