import { expect, test } from "../fixtures";

// Every page on a phone: it renders its heading, nothing runs off the side,
// and a screenshot is kept in test-results/screenshots/ to look at.
const PAGES = [
  { path: "/", heading: "Labs", name: "dashboard" },
  { path: "/d/", heading: "Labs", name: "dashboard-variant-d" },
  { path: "/base-scan/", heading: "Scan", name: "scan" },
  { path: "/base-ask/", heading: "Ask", name: "ask" },
  { path: "/base-research/", heading: "Research", name: "research" },
  { path: "/admin/operator", heading: "Admin", name: "admin" },
  { path: "/d/admin/operator", heading: "Admin", name: "admin-variant-d" },
  { path: "/admin/login", heading: "Operator login", name: "login" },
  { path: "/no-such-page", heading: "Page not found", name: "not-found" },
  { path: "/d/base-scan/", heading: "Scan", name: "scan-variant-d" },
];

for (const { path, heading, name } of PAGES) {
  test(`${path} fits a phone screen`, async ({ page, login }) => {
    await login();
    await page.goto(path);
    await expect(page.getByRole("heading", { name: heading, level: 1 })).toBeVisible();
    // A phone widens its layout viewport to fit content that sticks out: compare with the device width.
    const widths = await page.evaluate(() => [document.documentElement.scrollWidth, window.innerWidth]);
    expect(widths).toEqual([page.viewportSize()!.width, page.viewportSize()!.width]);
    await page.screenshot({ path: `test-results/screenshots/${name}.png`, fullPage: true });
  });
}
