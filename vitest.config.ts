import path from "node:path";
import { defineConfig } from "vitest/config";

// Three projects: `unit` for pure functions; `db` reaches lib/ directly on a
// fresh in-memory PGlite per test file (or a throw-away PostgreSQL database
// when TEST_DATABASE_URL is set); `api` talks HTTP to a real `next start`
// (tests/api/global-setup.ts).
export default defineConfig({
  resolve: { alias: { "@": path.resolve(import.meta.dirname) } },
  test: {
    projects: [
      {
        extends: true,
        test: {
          name: "unit",
          include: ["lib/**/*.test.ts"],
          exclude: ["lib/**/*.db.test.ts"],
        },
      },
      {
        extends: true,
        test: {
          name: "db",
          include: ["lib/**/*.db.test.ts", "tests/db/**/*.test.ts"],
          setupFiles: ["tests/db/setup.ts"],
          globalSetup: ["tests/db/global-setup.ts"],
          testTimeout: 30_000,
          hookTimeout: 60_000,
        },
      },
      {
        extends: true,
        test: {
          name: "api",
          include: ["tests/api/**/*.test.ts"],
          globalSetup: ["tests/api/global-setup.ts"],
          testTimeout: 30_000,
          hookTimeout: 120_000,
          fileParallelism: false,
        },
      },
    ],
  },
});
