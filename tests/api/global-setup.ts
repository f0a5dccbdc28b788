import type { TestProject } from "vitest/node";
import { buildIfNeeded } from "@/scripts/build-if-needed";
import { createTestDatabase } from "@/tests/support/postgres";
import { startServer } from "@/tests/support/server";

declare module "vitest" {
  export interface ProvidedContext {
    baseUrl: string;
    apiDatabaseUrl: string | null;
  }
}

// One production server for the API suites: in-memory PGlite, or a fresh
// PostgreSQL database when TEST_DATABASE_URL is set.
export default async function setup(project: TestProject) {
  buildIfNeeded();
  const base = process.env.TEST_DATABASE_URL;
  const database = base ? await createTestDatabase(base, "api") : null;
  const server = await startServer(database ? { DATABASE_URL: database.url } : {});
  project.provide("baseUrl", server.url);
  project.provide("apiDatabaseUrl", database?.url ?? null);
  return async () => {
    await server.stop();
    await database?.drop();
  };
}
