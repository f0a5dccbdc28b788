import { mkdtempSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { afterAll, inject } from "vitest";
import { closeDatabase } from "@/lib/db";
import { freshPgliteDir } from "@/tests/support/pglite-template";
import { TEST_OPERATOR_PASSWORD, TEST_SESSION_SECRET } from "@/tests/support/server";

const databaseUrl = inject("databaseUrl");
if (databaseUrl) {
  process.env.DATABASE_URL = databaseUrl;
} else {
  // The db:postgres project's setup may have left its URL in the environment this worker inherited.
  delete process.env.DATABASE_URL;
}
// A migrated PGlite database of this file's own (tests/support/pglite-template.ts).
const pglite = databaseUrl ? null : freshPgliteDir();
if (pglite) process.env.PGLITE_DIR = pglite.dir;
process.env.SESSION_SECRET = TEST_SESSION_SECRET;
process.env.OPERATOR_PASSWORD = TEST_OPERATOR_PASSWORD;
// Backups of this file's own, none yet: never a folder a person's `npm start` wrote into.
process.env.BACKUP_DIR = mkdtempSync(path.join(tmpdir(), "labs-db-backups-"));
// The host the domain tests write into their requests (lib/http/allowed-hosts.ts).
process.env.LABS_HOSTS = "labs.test";

afterAll(async () => {
  await closeDatabase();
  pglite?.remove();
});
