import type { TestProject } from "vitest/node";
import { buildIfNeeded } from "@/scripts/build-if-needed.mjs";
import { startOffStandIn } from "@/tests/support/off-stand-in";
import { postgresBaseOf } from "@/tests/support/database-kind";
import { createTestDatabase } from "@/tests/support/postgres";
import { startServer } from "@/tests/support/server";

declare module "vitest" {
  export interface ProvidedContext {
    baseUrl: string;
    apiDatabaseUrl: string | null;
    offBaseUrl: string;
  }
}

// One production server for the API suites: in-memory PGlite for the "api"
// project, a fresh PostgreSQL database for "api:postgres".
export default async function setup(project: TestProject) {
  await buildIfNeeded();
  const base = postgresBaseOf(project);
  project.provide("postgresBase", base);
  const database = base ? await createTestDatabase(base, "api") : null;
  // The Open Food Facts stand-in starts first; the app's OFF timeout is cut
  // to 1 s so its slow code (3 s) times out quickly.
  const off = await startOffStandIn();
  const server = await startServer({
    ...(database ? { DATABASE_URL: database.url } : {}),
    OFF_BASE_URL: off.url,
    OFF_TIMEOUT_MS: "1000",
    // As if behind a reverse proxy on this host: tests name their client in
    // X-Forwarded-For (tests/api/access.test.ts tests the default, no proxy).
    TRUSTED_PROXIES: "loopback",
    // Every file's wrong passwords land here, and together they would be an
    // attack: the budget of all clients is tested on servers of its own
    // (tests/api/login.test.ts).
    LOGIN_FAILURES_PER_MINUTE: "1000",
    // Accounts from outside the household are let in by the operator, so a
    // suite can make one over HTTP without mail (tests/support/accounts.ts);
    // sign-up by email is tested on servers of its own (tests/api/accounts.test.ts).
    SIGNUP: "approval",
  });
  project.provide("baseUrl", server.url);
  project.provide("apiDatabaseUrl", database?.url ?? null);
  project.provide("offBaseUrl", off.url);
  return async () => {
    await server.stop();
    await off.stop();
    await database?.drop();
  };
}
