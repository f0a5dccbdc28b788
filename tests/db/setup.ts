import { afterAll, beforeAll, inject } from "vitest";
import { closeDatabase, getDatabase } from "@/lib/db";
import { applyMigrations } from "@/lib/db/migrate";

const databaseUrl = inject("databaseUrl");
if (databaseUrl) process.env.DATABASE_URL = databaseUrl;
else process.env.PGLITE_DIR = "memory://";

beforeAll(async () => {
  if (!databaseUrl) await applyMigrations(getDatabase().migrationAdapter());
});

afterAll(async () => {
  await closeDatabase();
});
