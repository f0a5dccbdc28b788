import { mkdirSync, writeFileSync } from "node:fs";
import { buildIfNeeded } from "../scripts/build-if-needed.mjs";
import { startOffStandIn } from "../tests/support/off-stand-in";
import { createTestDatabase } from "../tests/support/postgres";
import { startServer } from "../tests/support/server";

// One production server per database for the browser suites: fresh
// in-memory PGlite for the "desktop" and "phone" projects and, when
// TEST_DATABASE_URL is set, a fresh PostgreSQL database for their
// ":postgres" twins, each on the port playwright.config.ts gave it. Open Food
// Facts is the local stand-in: a browser test never reaches the real one.
export default async function globalSetup() {
  await buildIfNeeded();
  const base = process.env.TEST_DATABASE_URL;
  const database = base ? await createTestDatabase(base, "e2e") : null;
  const off = await startOffStandIn();
  const env = {
    OFF_BASE_URL: off.url,
    OFF_TIMEOUT_MS: "1000",
    // As in the API suites: a test names a stranger with X-Forwarded-For;
    // the browser, on loopback without one, is this machine.
    TRUSTED_PROXIES: "loopback",
    // The notifications page's push service is web-push-testing on loopback.
    WEB_PUSH_ALLOW_PRIVATE: "1",
    // Accounts from outside are let in by the operator, so the sign-up and
    // account pages exist for the audits (e2e/support/pages/labs.ts).
    SIGNUP: "approval",
  };
  const servers = [
    { name: "pglite", server: await startServer(env, { port: Number(process.env.E2E_PGLITE_PORT) }) },
    ...(database
      ? [
          {
            name: "postgres",
            server: await startServer(
              { ...env, DATABASE_URL: database.url },
              { port: Number(process.env.E2E_POSTGRES_PORT) },
            ),
          },
        ]
      : []),
  ];
  return async () => {
    // What the servers said (their errors with their stacks) beside the test
    // results: a page that answered 500 is explained there.
    mkdirSync("test-results", { recursive: true });
    for (const { name, server } of servers) {
      writeFileSync(`test-results/e2e-server-${name}.log`, server.output());
      await server.stop();
    }
    await off.stop();
    await database?.drop();
  };
}
