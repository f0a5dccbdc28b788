import { expect, test } from "../fixtures";

const DAY = 24 * 3600 * 1000;

// ?lnw-dev (docs/contract.md, "Labs and auth decisions"): once on any page, a preview bar for 30 days.
test("?lnw-dev shows the preview bar for 30 days, then it is gone", async ({ page }) => {
  const start = new Date("2026-03-01T10:00:00Z");
  await page.clock.install({ time: start });
  const bar = page.getByRole("region", { name: "Preview" });

  await page.goto("/base-scan/");
  await expect(page.getByRole("heading", { name: "Scan", level: 1 })).toBeVisible();
  await expect(bar).toHaveCount(0);

  await page.goto("/base-scan/?lnw-dev");
  await expect(bar).toBeVisible();
  await expect(bar.getByTestId("build-release")).toHaveText(/^v\d{4}\.\d{2}\.\d{2}\.\d+$/);
  await expect(bar.getByLabel("UI variant")).toHaveValue("a");
  const stored = await page.evaluate(() => localStorage.getItem("lnw-dev"));
  // The installed clock runs on from `start` while pages load: 30 days from about then.
  const expiresIn = Date.parse((JSON.parse(stored!) as { expires_at: string }).expires_at) - start.getTime();
  expect(expiresIn).toBeGreaterThanOrEqual(30 * DAY);
  expect(expiresIn).toBeLessThan(30 * DAY + 10 * 60_000);

  // Any page, without the parameter, as long as the 30 days last.
  await page.clock.setSystemTime(start.getTime() + 29 * DAY);
  await page.goto("/base-ask/");
  await expect(bar).toBeVisible();

  await page.clock.setSystemTime(start.getTime() + 30 * DAY + 15 * 60_000);
  await page.goto("/base-ask/");
  await expect(page.getByRole("heading", { name: "Ask", level: 1 })).toBeVisible();
  await expect(bar).toHaveCount(0);
  await expect.poll(() => page.evaluate(() => localStorage.getItem("lnw-dev"))).toBeNull();
});

test("the preview bar switches the variant for this browser, and hides on demand", async ({ page }) => {
  await page.goto("/base-scan/?lnw-dev");
  const bar = page.getByRole("region", { name: "Preview" });
  await bar.getByLabel("UI variant").selectOption("d");
  await expect(page).toHaveURL(/\/base-scan\/\?ui=d$/);
  await expect(page.locator("html")).toHaveAttribute("data-ui", "d");

  // Pinned by the ?ui= cookie: other pages follow without a prefix.
  await page.goto("/base-ask/");
  await expect(page.locator("html")).toHaveAttribute("data-ui", "d");
  await expect(bar.getByLabel("UI variant")).toHaveValue("d");

  await bar.getByRole("button", { name: "Hide" }).click();
  await expect(bar).toHaveCount(0);
  await page.reload();
  await expect(page.getByRole("heading", { name: "Ask", level: 1 })).toBeVisible();
  await expect(bar).toHaveCount(0);
});

// The QA override: ?ui=<letter> pins a variant for the browser, ?ui=a unpins.
test("?ui=c pins variant c across pages until ?ui=a", async ({ page }) => {
  await page.goto("/base-scan/?ui=c");
  await expect(page.locator("html")).toHaveAttribute("data-ui", "c");
  await page.getByRole("navigation", { name: "Areas" }).getByRole("link", { name: "Ask" }).click();
  await expect(page).toHaveURL(/\/base-ask$/);
  await expect(page.getByRole("heading", { name: "Ask", level: 1 })).toBeVisible();
  await page.reload();
  await expect(page.locator("html")).toHaveAttribute("data-ui", "c");

  await page.goto("/base-ask/?ui=a");
  await expect(page.locator("html")).toHaveAttribute("data-ui", "a");
  await page.goto("/base-scan/");
  await expect(page.locator("html")).toHaveAttribute("data-ui", "a");
});

// Every page shown counts one view for its variant, full loads and
// client-side navigation alike.
test("page views are counted per variant", async ({ page, login }) => {
  await login();
  const viewsOf = async (variant: string) => {
    const response = await page.request.get("/labs/api/views?days=1");
    const data = (await response.json()) as { to: string; rows: { day: string; variant: string; views: number }[] };
    return data.rows.find((row) => row.variant === variant && row.day === data.to)?.views ?? 0;
  };
  const before = { g: await viewsOf("g"), h: await viewsOf("h") };

  await page.goto("/g/base-scan/");
  await expect(page.locator("html")).toHaveAttribute("data-ui", "g");
  await expect.poll(() => viewsOf("g")).toBe(before.g + 1);
  await page.getByRole("navigation", { name: "Scan" }).getByRole("link", { name: "Prices" }).click();
  await expect(page).toHaveURL(/\/g\/base-scan\/prices$/);
  await expect.poll(() => viewsOf("g")).toBe(before.g + 2);

  await page.goto("/h/base-scan/");
  await expect.poll(() => viewsOf("h")).toBe(before.h + 1);
  expect(await viewsOf("g")).toBe(before.g + 2);

  await page.goto("/admin/operator");
  await expect(page.getByTestId("variant-totals")).toContainText(`g ${before.g + 2}`);
});
