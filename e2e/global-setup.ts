import { mkdirSync, writeFileSync } from "node:fs";
import { buildIfNeeded } from "../scripts/build-if-needed";
import { startOffStandIn } from "../tests/support/off-stand-in";
import { createTestDatabase } from "../tests/support/postgres";
import { startServer } from "../tests/support/server";

// One production server for the browser suites, like the API suites: fresh
// in-memory PGlite, or a fresh PostgreSQL database with TEST_DATABASE_URL.
// Open Food Facts is the local stand-in: a browser test never reaches the real one.
export default async function globalSetup() {
  buildIfNeeded();
  const base = process.env.TEST_DATABASE_URL;
  const database = base ? await createTestDatabase(base, "e2e") : null;
  const off = await startOffStandIn();
  const server = await startServer({
    ...(database ? { DATABASE_URL: database.url } : {}),
    OFF_BASE_URL: off.url,
    OFF_TIMEOUT_MS: "1000",
    // As in the API suites: a test names a stranger with X-Forwarded-For;
    // the browser, on loopback without one, is this machine.
    TRUSTED_PROXIES: "loopback",
  });
  process.env.E2E_BASE_URL = server.url;
  return async () => {
    // What the server said (its errors with their stacks) beside the test
    // results: a page that answered 500 is explained there.
    mkdirSync("test-results", { recursive: true });
    writeFileSync("test-results/e2e-server.log", server.output());
    await server.stop();
    await off.stop();
    await database?.drop();
  };
}
