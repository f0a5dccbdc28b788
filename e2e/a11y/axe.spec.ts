import AxeBuilder from "@axe-core/playwright";
import { devices } from "@playwright/test";
import { expect, test } from "../fixtures";
import { inVariant, PAGE_NAMES, seedEveryPage, VARIANTS, type PageState } from "../support/every-page";

// WCAG 2.2 AA on every page (e2e/support/every-page.ts), in variants a–d, on a
// phone and a desktop screen, in Portuguese, over realistic data: any
// violation axe-core rates serious or critical fails the page. Phone
// screenshots are kept in test-results/screenshots/ to look at.

const TAGS = ["wcag2a", "wcag2aa", "wcag21a", "wcag21aa", "wcag22aa"];
const VIEWPORTS = {
  phone: phoneOf(devices["Pixel 7"]),
  desktop: { viewport: { width: 1280, height: 800 } },
} as const;

/** A device's screen and input, without its browser choice (which only the config file may set). */
function phoneOf({ viewport, deviceScaleFactor, isMobile, hasTouch, userAgent }: (typeof devices)[string]) {
  return { viewport, deviceScaleFactor, isMobile, hasTouch, userAgent };
}

for (const [viewport, options] of Object.entries(VIEWPORTS)) {
  test.describe(`on a ${viewport}`, () => {
    test.use({ ...options, locale: "pt-PT" });

    let pages: PageState[] = [];
    test.beforeAll(async ({ request }) => {
      // Seeding a household's worth of data takes some 40 requests.
      test.setTimeout(90_000);
      pages = await seedEveryPage(request);
    });

    for (const name of PAGE_NAMES) {
      test(`${name} has no serious or critical violations in variants a–d`, async ({ page, login, baseURL }) => {
        // Four page loads and four audits: more than one page's default 30 s when the machine is busy.
        test.setTimeout(120_000);
        const state = pages.find((candidate) => candidate.name === name)!;
        if (state.operator) await login();
        if (state.cookies)
          await page.context().addCookies(state.cookies.map((cookie) => ({ ...cookie, url: baseURL! })));
        const report: string[] = [];
        for (const variant of VARIANTS) {
          await page.goto(inVariant(state.path, variant));
          await expect(page.locator("html")).toHaveAttribute("data-ui", variant);
          await expect(page.getByRole("heading", { level: 1 }).first()).toBeVisible();
          await state.open?.(page);
          // Legacy mode runs axe in the page itself, which audits no frames: so
          // no page may have one. It spares the blank page per audit that the
          // frame-merging mode opens (half the audit's time; the same results).
          expect(page.frames(), "a frame legacy mode would not audit").toHaveLength(1);
          const results = await new AxeBuilder({ page }).withTags(TAGS).setLegacyMode(true).analyze();
          for (const violation of results.violations) {
            if (violation.impact !== "serious" && violation.impact !== "critical") continue;
            const targets = violation.nodes
              .slice(0, 5)
              .map((node) => `    ${node.target.join(" ")}: ${node.failureSummary?.split("\n")[1]?.trim() ?? ""}`);
            report.push(
              `[${variant}] ${violation.id} (${violation.impact}, ${violation.nodes.length}×): ${violation.help}\n${targets.join("\n")}`,
            );
          }
          if (viewport === "phone" && (variant === "a" || variant === "d")) {
            await page.screenshot({ path: `test-results/screenshots/pt-${name}-${variant}.png`, fullPage: true });
          }
        }
        expect(report, report.join("\n")).toEqual([]);
      });
    }
  });
}
