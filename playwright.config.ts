import { defineConfig, devices } from "@playwright/test";
import { chromiumLaunch } from "./tests/support/chromium";
import { freePort } from "./tests/support/server";

// Every suite runs on PGlite ("desktop", "phone") and, when TEST_DATABASE_URL
// names a PostgreSQL server, again on it ("desktop:postgres", "phone:postgres"),
// each against its own server (e2e/global-setup.ts). The runner picks the
// ports once; its workers inherit them through the environment.
const postgres = Boolean(process.env.TEST_DATABASE_URL);
process.env.E2E_PGLITE_PORT ??= String(await freePort());
if (postgres) process.env.E2E_POSTGRES_PORT ??= String(await freePort());
// The audits of what a page shows (accessibility, language) and the photo
// corpus the page decodes by itself read no more from PostgreSQL than from
// PGlite, and the HTTPS test starts a Labs of its own: they run once, on
// PGlite, which keeps CI within its 20 minutes.
const SAME_ON_EVERY_DATABASE = [
  /e2e\/a11y\//,
  /e2e\/i18n\//,
  /scanner-photo\.phone\.spec\.ts$/,
  /https\.phone\.spec\.ts$/,
  // Sign-up by email starts a Labs of its own, on PGlite.
  /accounts\.phone\.spec\.ts$/,
];
const servers = [
  { suffix: "", port: process.env.E2E_PGLITE_PORT, skip: [] as RegExp[] },
  ...(postgres ? [{ suffix: ":postgres", port: process.env.E2E_POSTGRES_PORT, skip: SAME_ON_EVERY_DATABASE }] : []),
];

export default defineConfig({
  testDir: "e2e",
  globalSetup: "./e2e/global-setup.ts",
  fullyParallel: true,
  workers: 2,
  forbidOnly: true,
  retries: 0,
  // Two workers, two servers and their browsers share two cores: a page that
  // answers in a second alone can take several beside the rest. The limits
  // leave that room; they are no retry, and a wrong page still fails.
  timeout: 60_000,
  expect: { timeout: 10_000 },
  reporter: [["list"]],
  outputDir: "test-results/playwright",
  use: {
    launchOptions: chromiumLaunch,
    // A trace recorded for every test and kept for those that fail cost the
    // suites a sixth to a quarter of their time on two cores (measured with
    // and without in one hour). A failure keeps its screenshot; for its
    // trace, run it again with `--trace on` (docs/development.md).
    trace: "off",
    screenshot: "only-on-failure",
    // The suites written before the pages spoke Portuguese read English; the
    // language suites (e2e/i18n, e2e/a11y) set pt-PT themselves.
    locale: "en-GB",
  },
  projects: servers.flatMap(({ suffix, port, skip }) => [
    {
      name: `desktop${suffix}`,
      use: { ...devices["Desktop Chrome"], channel: undefined, baseURL: `http://127.0.0.1:${port}` },
      testIgnore: [/\.phone\.spec\.ts$/, ...skip],
    },
    {
      name: `phone${suffix}`,
      use: { ...devices["Pixel 7"], channel: undefined, baseURL: `http://127.0.0.1:${port}` },
      testMatch: /\.phone\.spec\.ts$/,
      testIgnore: skip,
    },
  ]),
});
