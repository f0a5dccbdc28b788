import type { TestProject } from "vitest/node";
import { closeDatabase, getDatabase } from "@/lib/db";
import { applyMigrations } from "@/lib/db/migrate";
import { postgresBaseOf } from "@/tests/support/database-kind";
import { createTestDatabase } from "@/tests/support/postgres";

declare module "vitest" {
  export interface ProvidedContext {
    databaseUrl: string | null;
  }
}

// In "db:postgres" the suites share one fresh, migrated PostgreSQL database;
// in "db" every test file gets its own migrated PGlite (tests/db/setup.ts).
export default async function setup(project: TestProject) {
  const base = postgresBaseOf(project);
  project.provide("postgresBase", base);
  if (!base) {
    project.provide("databaseUrl", null);
    return;
  }
  const database = await createTestDatabase(base, "unit");
  const before = process.env.DATABASE_URL;
  process.env.DATABASE_URL = database.url;
  await applyMigrations(getDatabase().migrationAdapter());
  await closeDatabase();
  if (before === undefined) delete process.env.DATABASE_URL;
  else process.env.DATABASE_URL = before;
  project.provide("databaseUrl", database.url);
  return database.drop;
}
