import { readdirSync } from "node:fs";
import { describe, expect, it } from "vitest";
import { getDatabase } from "@/lib/db";
import { applyMigrations, migrationsAreCurrent, pendingMigrations, type AppliedMigration } from "@/lib/db/migrate";

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

  it("are seen to be current from _prisma_migrations alone, so a start skips the engine", async () => {
    const rows = await getDatabase().prisma.$queryRaw<AppliedMigration[]>`
      SELECT migration_name, checksum, finished_at, rolled_back_at FROM _prisma_migrations`;
    // The checksums Prisma recorded are the ones computed here from the files.
    expect(await migrationsAreCurrent(rows)).toBe(true);

    const [first, ...rest] = rows;
    expect(await migrationsAreCurrent(rest), "one missing").toBe(false);
    expect(await migrationsAreCurrent([{ ...first!, checksum: "0".repeat(64) }, ...rest]), "one edited").toBe(false);
    const failed = { ...first!, migration_name: "20990101000000_failed", finished_at: null };
    expect(await migrationsAreCurrent([...rows, failed]), "one failed").toBe(false);
    const rolledBack = { ...failed, rolled_back_at: new Date() };
    expect(await migrationsAreCurrent([...rows, rolledBack]), "a failure rolled back").toBe(true);
  });
});
