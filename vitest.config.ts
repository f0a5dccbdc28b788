import path from "node:path";
import { defineConfig, type TestProjectInlineConfiguration } from "vitest/config";

// `unit` runs pure functions; `db` reaches lib/ directly on a PGlite database
// of each test file's own (tests/support/pglite-template.ts); `api` talks HTTP
// to the real server, `server/main.ts`, built (tests/api/global-setup.ts), on
// PGlite. When TEST_DATABASE_URL names a
// PostgreSQL server, `db:postgres` and `api:postgres` run the same suites
// again on it, so both databases are tested in one run (tests/support/database-kind.ts).
const postgres = Boolean(process.env.TEST_DATABASE_URL);

function dbProject(name: string): TestProjectInlineConfiguration {
  return {
    extends: true,
    test: {
      name,
      include: ["lib/**/*.db.test.ts", "tests/db/**/*.test.ts"],
      setupFiles: ["tests/db/setup.ts"],
      globalSetup: ["tests/db/global-setup.ts"],
      testTimeout: 30_000,
      hookTimeout: 60_000,
    },
  };
}

function apiProject(name: string, { exclude = [] as string[] } = {}): TestProjectInlineConfiguration {
  return {
    extends: true,
    test: {
      name,
      include: ["tests/api/**/*.test.ts"],
      exclude,
      globalSetup: ["tests/api/global-setup.ts"],
      testTimeout: 30_000,
      hookTimeout: 120_000,
      fileParallelism: false,
    },
  };
}

export default defineConfig({
  resolve: {
    alias: {
      "@": path.resolve(import.meta.dirname),
      // As tsconfig.json maps it for tsx and the server's build: a marker only
      // Next's build reads (docs/decisions/035-server-only.md).
      "server-only": path.resolve(import.meta.dirname, "node_modules/server-only/empty.js"),
    },
  },
  test: {
    projects: [
      {
        extends: true,
        test: { name: "unit", include: ["lib/**/*.test.ts", "scripts/**/*.test.ts"], exclude: ["lib/**/*.db.test.ts"] },
      },
      dbProject("db"),
      apiProject("api"),
      // The development server's comparison runs once: Next allows one
      // `next dev` per checkout, and the two API projects run side by side.
      // So do the tests whose servers are PGlite's whichever project runs
      // them: what befalls the embedded database on disk (a stop, a full
      // disk, a damaged folder) and the log.
      ...(postgres
        ? [
            dbProject("db:postgres"),
            apiProject("api:postgres", {
              exclude: [
                "tests/api/front-door-dev.test.ts",
                "tests/api/stopping.test.ts",
                "tests/api/disk-full.test.ts",
                "tests/api/damaged-database.test.ts",
                "tests/api/logs.test.ts",
              ],
            }),
          ]
        : []),
    ],
  },
});
