import { defineConfig, devices } from "@playwright/test";
import { chromiumLaunch } from "./tests/support/chromium";

export default defineConfig({
  testDir: "e2e",
  globalSetup: "./e2e/global-setup.ts",
  fullyParallel: true,
  workers: 2,
  forbidOnly: true,
  retries: 0,
  reporter: [["list"]],
  outputDir: "test-results/playwright",
  use: {
    baseURL: process.env.E2E_BASE_URL,
    launchOptions: chromiumLaunch,
    trace: "retain-on-failure",
    // The suites written before the pages spoke Portuguese read English; the
    // language suites (e2e/i18n, e2e/a11y) set pt-PT themselves.
    locale: "en-GB",
  },
  projects: [
    { name: "desktop", use: { ...devices["Desktop Chrome"], channel: undefined }, testIgnore: /\.phone\.spec\.ts$/ },
    {
      name: "phone",
      use: { ...devices["Pixel 7"], channel: undefined },
      testMatch: /\.phone\.spec\.ts$/,
    },
  ],
});
