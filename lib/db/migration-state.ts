import "server-only";
import { readdir } from "node:fs/promises";
import path from "node:path";
import { db } from "@/lib/db";

export type MigrationState = { applied: string[]; pending: string[]; failed: string[] };

/**
 * Which migrations of prisma/migrations this database has applied, by
 * Prisma's own `_prisma_migrations` table. Without that table (nothing
 * applied yet) every migration is pending.
 */
export async function readMigrationState(): Promise<MigrationState> {
  const entries = await readdir(path.join(process.cwd(), "prisma", "migrations"), { withFileTypes: true });
  const folders = entries
    .filter((entry) => entry.isDirectory())
    .map((entry) => entry.name)
    .sort();
  const rows = await db().$queryRaw<
    { migration_name: string; finished_at: Date | null; rolled_back_at: Date | null }[]
  >`
      SELECT migration_name, finished_at, rolled_back_at FROM _prisma_migrations`.catch((error: unknown) => {
    if (isMissingTable(error)) return [];
    throw error;
  });
  const applied = new Set(
    rows.filter((row) => row.finished_at && !row.rolled_back_at).map((row) => row.migration_name),
  );
  const failed = rows.filter((row) => !row.finished_at && !row.rolled_back_at).map((row) => row.migration_name);
  return {
    applied: folders.filter((folder) => applied.has(folder)),
    pending: folders.filter((folder) => !applied.has(folder) && !failed.includes(folder)),
    failed: failed.sort(),
  };
}

function isMissingTable(error: unknown): boolean {
  return /_prisma_migrations.*does not exist|relation "_prisma_migrations" does not exist|42P01/.test(String(error));
}
