import type { TestProject } from "vitest/node";

declare module "vitest" {
  export interface ProvidedContext {
    /** The PostgreSQL server this project's suites create databases on, or null on PGlite. */
    postgresBase: string | null;
  }
}

// The db and api suites run once on PGlite and, when TEST_DATABASE_URL names a
// PostgreSQL server, once more on it: projects "db"/"api" and
// "db:postgres"/"api:postgres" (vitest.config.ts). A suite asks which it is
// in through inject("postgresBase"), never through the environment.
export function postgresBaseOf(project: TestProject): string | null {
  if (!project.name.endsWith(":postgres")) return null;
  const base = process.env.TEST_DATABASE_URL;
  if (!base) throw new Error(`${project.name} needs TEST_DATABASE_URL`);
  return base;
}
