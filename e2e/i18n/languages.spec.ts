import { expect, test } from "../fixtures";
import { PAGE_NAMES, seedEveryPage, type PageState } from "../support/every-page";
import en from "../../messages/en/common.json" with { type: "json" };
import { catalogueStrings, withoutNames } from "../support/catalogue-strings";

// Every page in each language: Portuguese by default, and not a word of the
// English catalogue on a Portuguese page (names and codes aside, which are
// the same in both catalogues); then the same the other way round.

let pages: PageState[] = [];
test.beforeAll(async ({ request }) => {
  // Seeding a household's worth of data takes some 40 requests.
  test.setTimeout(90_000);
  pages = await seedEveryPage(request);
});

/** The text a reader meets: what is shown, and what a screen reader says (labels, alternatives, placeholders). */
async function readableText(page: import("@playwright/test").Page): Promise<string> {
  return page.evaluate(() => {
    // Text marked as another language (lang="en" on the API reference's own English prose) is
    // that language on purpose, and a screen reader reads it so: left out. So is the household's
    // own text (translate="no": a todo's text, a tip), data in whatever language it was written.
    const pageLang = document.documentElement.lang;
    const foreign = (element: Element) => {
      if (element.getAttribute("translate") === "no") return true;
      const lang = element.closest("[lang]")?.getAttribute("lang");
      return Boolean(lang && lang !== pageLang);
    };
    const hidden = [...document.body.querySelectorAll<HTMLElement>('[lang], [translate="no"]')].filter(foreign);
    for (const element of hidden) element.dataset.i18nDisplay = element.style.display;
    for (const element of hidden) element.style.display = "none";
    const parts = [document.body.innerText, document.title];
    for (const element of hidden) element.style.display = element.dataset.i18nDisplay ?? "";
    for (const element of document.querySelectorAll(
      "[aria-label], [placeholder], [title], [alt], [aria-roledescription]",
    )) {
      if (foreign(element)) continue;
      for (const name of ["aria-label", "placeholder", "title", "alt", "aria-roledescription"]) {
        const value = element.getAttribute(name);
        if (value) parts.push(value);
      }
    }
    return parts.join("\n");
  });
}

for (const [locale, other] of [
  ["pt-PT", "en"],
  ["en", "pt-PT"],
] as const) {
  test.describe(`in ${locale}`, () => {
    test.use({ locale });

    for (const name of PAGE_NAMES) {
      test(`${name} shows no ${other} catalogue text`, async ({ page, login, baseURL }) => {
        const state = pages.find((candidate) => candidate.name === name)!;
        if (state.operator) await login();
        if (state.cookies)
          await page.context().addCookies(state.cookies.map((cookie) => ({ ...cookie, url: baseURL! })));
        await page.goto(state.path);
        await expect(page.locator("html")).toHaveAttribute("lang", locale);
        await expect(page.getByRole("heading", { level: 1 }).first()).toBeVisible();
        await state.open?.(page);
        const text = withoutNames(await readableText(page));
        const leaks = catalogueStrings(other, locale).filter((phrase) => phrase.test(text));
        expect(leaks.map((phrase) => phrase.source)).toEqual([]);
      });
    }
  });
}

test.describe("a Portuguese browser", () => {
  test.use({ locale: "pt-PT" });
  test("the switcher changes the language of every page and remembers it", async ({ page }) => {
    await page.goto("/base-ask/");
    await expect(page.locator("html")).toHaveAttribute("lang", "pt-PT");
    await page.getByRole("group", { name: "Idioma" }).getByRole("button", { name: "English" }).click();
    await expect(page.locator("html")).toHaveAttribute("lang", "en");
    await expect(page.getByRole("navigation", { name: en.nav.label })).toBeVisible();
    expect((await page.context().cookies()).find((cookie) => cookie.name === "labs_locale")?.value).toBe("en");
    await page.goto("/base-scan/");
    await expect(page.locator("html")).toHaveAttribute("lang", "en");
    await page.getByRole("group", { name: "Language" }).getByRole("button", { name: "Português" }).click();
    await expect(page.locator("html")).toHaveAttribute("lang", "pt-PT");
  });
});

test.describe("without a choice", () => {
  test.use({ locale: "en-GB" });
  test("the browser's language decides", async ({ page }) => {
    await page.goto("/");
    await expect(page.locator("html")).toHaveAttribute("lang", "en");
  });
});

test("a browser that asks for neither language gets Portuguese", async ({ browser, baseURL }) => {
  const context = await browser.newContext({ baseURL, locale: "de-DE" });
  const page = await context.newPage();
  await page.goto("/base-ask/");
  await expect(page.locator("html")).toHaveAttribute("lang", "pt-PT");
  await context.close();
});
