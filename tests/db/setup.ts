import { afterAll, beforeAll, inject } from "vitest";
import { closeDatabase, getDatabase } from "@/lib/db";
import { applyMigrations } from "@/lib/db/migrate";
import { TEST_OPERATOR_PASSWORD, TEST_SESSION_SECRET } from "@/tests/support/server";

const databaseUrl = inject("databaseUrl");
if (databaseUrl) {
  process.env.DATABASE_URL = databaseUrl;
} else {
  // The db:postgres project's setup may have left its URL in the environment this worker inherited.
  delete process.env.DATABASE_URL;
  process.env.PGLITE_DIR = "memory://";
}
process.env.SESSION_SECRET = TEST_SESSION_SECRET;
process.env.OPERATOR_PASSWORD = TEST_OPERATOR_PASSWORD;
// The host the domain tests write into their requests (lib/http/allowed-hosts.ts).
process.env.LABS_HOSTS = "labs.test";

beforeAll(async () => {
  if (!databaseUrl) await applyMigrations(getDatabase().migrationAdapter());
});

afterAll(async () => {
  await closeDatabase();
});
