import { expect, test } from "../fixtures";

test("a /c/ page is rendered as variant c and its links stay in c", async ({ page, login }) => {
  // /base-research is an operator page (commit 0dc144b).
  await login();
  const response = await page.goto("/c/base-scan/");
  expect(response?.headers()["x-ui-version"]).toBe("c");
  await expect(page.locator("html")).toHaveAttribute("data-ui", "c");

  await page.getByRole("navigation", { name: "Areas" }).getByRole("link", { name: "Research" }).click();
  await expect(page).toHaveURL(/\/c\/base-research$/);
  await expect(page.locator("html")).toHaveAttribute("data-ui", "c");
  await expect(page.getByRole("heading", { name: "Research", level: 1 })).toBeVisible();
});

test("variant c gives larger touch targets than the default", async ({ page }) => {
  await page.goto("/base-scan/");
  const normal = await page.getByRole("link", { name: "Ask" }).boundingBox();
  await page.goto("/c/base-scan/");
  const large = await page.getByRole("link", { name: "Ask" }).boundingBox();
  expect(large!.height).toBeGreaterThanOrEqual(48);
  expect(large!.height).toBeGreaterThan(normal!.height);
});

test("variant d is dark", async ({ page }) => {
  await page.goto("/d/base-scan/");
  const background = await page.evaluate(() => getComputedStyle(document.body).backgroundColor);
  expect(background).toBe("rgb(0, 0, 0)");
});
