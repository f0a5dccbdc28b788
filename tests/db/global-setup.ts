import type { TestProject } from "vitest/node";
import { closeDatabase, getDatabase } from "@/lib/db";
import { applyMigrations } from "@/lib/db/migrate";
import { createTestDatabase } from "@/tests/support/postgres";

declare module "vitest" {
  export interface ProvidedContext {
    databaseUrl: string | null;
  }
}

// With TEST_DATABASE_URL the unit suites share one fresh, migrated PostgreSQL
// database; without it every test file migrates its own PGlite in memory
// (tests/db/setup.ts).
export default async function setup(project: TestProject) {
  const base = process.env.TEST_DATABASE_URL;
  if (!base) {
    project.provide("databaseUrl", null);
    return;
  }
  const database = await createTestDatabase(base, "unit");
  process.env.DATABASE_URL = database.url;
  await applyMigrations(getDatabase().migrationAdapter());
  await closeDatabase();
  project.provide("databaseUrl", database.url);
  return database.drop;
}
