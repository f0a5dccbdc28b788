import { buildIfNeeded } from "../scripts/build-if-needed";
import { createTestDatabase } from "../tests/support/postgres";
import { startServer } from "../tests/support/server";

// One production server for the browser suites, like the API suites: fresh
// in-memory PGlite, or a fresh PostgreSQL database with TEST_DATABASE_URL.
export default async function globalSetup() {
  buildIfNeeded();
  const base = process.env.TEST_DATABASE_URL;
  const database = base ? await createTestDatabase(base, "e2e") : null;
  const server = await startServer(database ? { DATABASE_URL: database.url } : {});
  process.env.E2E_BASE_URL = server.url;
  return async () => {
    await server.stop();
    await database?.drop();
  };
}
