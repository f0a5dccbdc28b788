import { expect, test } from "../fixtures";

// Variants b, c and d must look different on every page, not only where a
// component opted in: the same pages, four looks, compared as screenshots
// and by a few computed styles each variant promises.
const PAGES = ["/", "/base-scan/", "/admin/operator", "/api/docs"];

for (const path of PAGES) {
  test(`${path} looks different in variants a, b, c and d`, async ({ page, login }) => {
    await login();
    const shots: Record<string, Buffer> = {};
    for (const variant of ["a", "b", "c", "d"]) {
      await page.goto(variant === "a" ? path : `/${variant}${path}`);
      await expect(page.locator("html")).toHaveAttribute("data-ui", variant);
      await expect(page.getByRole("heading", { level: 1 })).toBeVisible();
      shots[variant] = await page.screenshot({
        path: `test-results/screenshots/variant-${variant}${path.replace(/\/$/, "").replaceAll("/", "-")}.png`,
      });
    }
    for (const [one, other] of [
      ["a", "b"],
      ["a", "c"],
      ["a", "d"],
      ["b", "c"],
      ["b", "d"],
      ["c", "d"],
    ] as const) {
      expect(shots[one]!.equals(shots[other]!), `${one} and ${other} render the same`).toBe(false);
    }
  });
}

test("each variant keeps its promise in computed styles", async ({ page }) => {
  const styleOf = async (prefix: string) => {
    await page.goto(`${prefix}/base-scan/`);
    const looks = await page.evaluate(() => {
      const link = document.querySelector('nav[aria-label="Areas"] a') as HTMLElement;
      return {
        rootFont: parseFloat(getComputedStyle(document.documentElement).fontSize),
        linkHeight: link.getBoundingClientRect().height,
        background: getComputedStyle(document.body).backgroundColor,
        text: getComputedStyle(document.body).color,
      };
    });
    // The session page always shows a panel (components/ui/panel.tsx), with or without scans.
    await page.goto(`${prefix}/base-scan/session`);
    const cardPadding = await page
      .locator("main .surface")
      .first()
      .evaluate((card) => parseFloat(getComputedStyle(card).paddingTop));
    return { ...looks, cardPadding };
  };
  const a = await styleOf("");
  const b = await styleOf("/b");
  const c = await styleOf("/c");
  const d = await styleOf("/d");
  const l = await styleOf("/l");

  expect(b.rootFont).toBeLessThan(a.rootFont);
  expect(b.cardPadding).toBeLessThan(a.cardPadding);
  expect(c.linkHeight).toBeGreaterThanOrEqual(48);
  expect(c.linkHeight).toBeGreaterThan(a.linkHeight);
  expect(d.background).toBe("rgb(0, 0, 0)");
  expect(d.text).toBe("rgb(255, 255, 255)");
  expect(l).toEqual(a);
});
