import type { Product } from "../../lib/scan/schemas";
import { expect, test } from "../fixtures";
import { unique } from "./helpers";

// Prices and products on a phone: prices typed the European way, compared
// across stores cheapest first, a likely typo flagged; products searched
// without caring about accents, and added without a barcode.

test("prices typed in European formats are compared across stores, cheapest first, a typo flagged", async ({
  page,
  api,
}) => {
  const name = unique("Azeite Virgem");
  const { data } = await api.post<{ product: Product }>("/base-scan/api/products/manual", { name, brand: "Gallo" });
  const code = data.product.code;
  const [storeA, storeB, storeC] = [unique("Pingo Doce"), unique("Lidl"), unique("Continente")];

  await page.goto(`/base-scan/prices?code=${code}`);
  await expect(page.getByTestId("picked-product")).toHaveText(`${name} · Gallo`);
  await expect(page.getByText("No prices for this product yet.")).toBeVisible();

  const form = page.getByRole("form", { name: "Record a price" });
  const saved = form.getByRole("status");
  const record = async (store: string, price: string) => {
    await form.getByLabel("Store").fill(store);
    await form.getByLabel("Price").fill(price);
    await form.getByRole("button", { name: "Save price" }).click();
    await expect(saved).toContainText(`at ${store}.`);
  };

  // Nothing typed: the price says what it wants.
  await form.getByRole("button", { name: "Save price" }).click();
  await expect(form.getByLabel("Price")).toHaveAccessibleDescription("Type the price, e.g. 12,50.");

  await form.getByLabel("Price").fill("1.234,56 €");
  await expect(form.getByText("Reads as €1,234.56")).toBeVisible();
  await form.getByLabel("Price").fill("1.234");
  await expect(form.getByText(/ambiguous/)).toBeVisible();
  // Saved as it is, each field says what it lacks, and what was typed stays.
  await form.getByRole("button", { name: "Save price" }).click();
  await expect(form.getByLabel("Store")).toHaveAccessibleDescription("Type the store's name.");
  await expect(form.getByLabel("Price")).toHaveAccessibleDescription(/“1\.234” is ambiguous/);
  await expect(form.getByLabel("Price")).toHaveValue("1.234");
  await expect(form.getByLabel("Store")).toBeFocused();

  await record(storeA, "1,29");
  await expect(saved).toContainText("Saved €1.29 for");
  await record(storeB, "€0,99");
  await expect(saved).toContainText("Saved €0.99");
  await record(storeC, "1.234,56");
  await expect(saved).toContainText("Saved €1,234.56");
  await expect(saved).toContainText("check for a typo");

  const comparison = page.getByRole("list", { name: "Latest price per store, cheapest first" });
  const rows = comparison.getByTestId("price-row");
  await expect(rows).toHaveCount(3);
  await expect(rows.nth(0)).toContainText(storeB);
  await expect(rows.nth(0)).toContainText("€0.99");
  await expect(rows.nth(0)).toContainText("Cheapest");
  await expect(rows.nth(1)).toContainText(storeA);
  await expect(rows.nth(1)).toContainText("€1.29");
  await expect(rows.nth(2)).toContainText(storeC);
  await expect(rows.nth(2)).toContainText("Likely typo · usual €1.29");

  // A newer price at a store replaces its old one in the comparison; the history keeps both.
  await record(storeA, "0,89");
  await expect(rows).toHaveCount(3);
  await expect(rows.nth(0)).toContainText(storeA);
  await page.getByRole("button", { name: "Show history (4)" }).click();
  const history = page.getByRole("list", { name: "Price history, newest first" }).getByRole("listitem");
  await expect(history).toHaveCount(4);
  await expect(history.first()).toContainText("€0.89");
  await page.screenshot({ path: "test-results/screenshots/scan-prices-compare.png", fullPage: true });
});

test("a price that cannot be read is refused beside the field and kept", async ({ page }) => {
  await page.goto("/base-scan/prices?code=5601234567892");
  const form = page.getByRole("form", { name: "Record a price" });
  await form.getByLabel("Store").fill(unique("Mercadona"));
  await form.getByLabel("Price").fill("12,345");
  await form.getByRole("button", { name: "Save price" }).click();
  await expect(form.getByRole("alert")).toContainText("ambiguous");
  await expect(form.getByLabel("Price")).toHaveValue("12,345");
});

test("products are found without caring about case or accents, and added without a barcode", async ({ page, api }) => {
  const tag = unique("x").split(" ")[1]!;
  await api.post("/base-scan/api/products/manual", { name: `Pão de Forma ${tag}`, brand: "Bimbo" });

  await page.goto("/base-scan/products");
  const search = page.getByRole("searchbox", { name: "Search products" });
  const found = page.getByRole("list", { name: "Products found" }).getByRole("listitem");
  await search.fill(`pao forma ${tag}`);
  await expect(found).toHaveCount(1);
  await expect(found.first()).toContainText(`Pão de Forma ${tag} · Bimbo`);
  await search.fill(`nada ${tag}`);
  await expect(page.getByText(`No product matches “nada ${tag}”.`)).toBeVisible();

  const form = page.getByRole("form", { name: "Add a product without a barcode" });
  await form.getByRole("button", { name: "Add product" }).click();
  await expect(form.getByRole("alert")).toContainText(/must not be empty/i);
  await form.getByLabel("Name").fill(`Broa de Milho ${tag}`);
  await form.getByLabel("Quantity (optional)").fill("1 kg");
  await form.getByRole("button", { name: "Add product" }).click();
  const status = form.getByRole("status");
  await expect(status).toContainText(/Added Broa de Milho .* as MAN-\d+\./);
  await page.screenshot({ path: "test-results/screenshots/scan-products.png", fullPage: true });

  await search.fill(`broa ${tag}`);
  await expect(found).toHaveCount(1);
  await found.first().getByRole("link", { name: "Prices" }).click();
  await expect(page).toHaveURL(/\/base-scan\/prices\?code=MAN-\d+$/);
  await expect(page.getByTestId("picked-product")).toHaveText(`Broa de Milho ${tag}`);
  await page.screenshot({ path: "test-results/screenshots/scan-prices.png", fullPage: true });
});

for (const path of ["/base-scan/prices", "/base-scan/products", "/d/base-scan/prices", "/c/base-scan/"]) {
  test(`${path} fits a phone screen`, async ({ page }) => {
    await page.goto(path);
    await expect(page.getByRole("heading", { level: 1 })).toBeVisible();
    const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
    expect(overflow).toBeLessThanOrEqual(0);
    await page.screenshot({
      path: `test-results/screenshots/scan-${path.replace(/\W+/g, "-").replace(/^-|-$/g, "")}-page.png`,
      fullPage: true,
    });
  });
}

test.describe("more prices than one page", () => {
  // Each test records 101 prices first.
  test.slow();
  test.describe("without JavaScript", () => {
    test.use({ javaScriptEnabled: false });

    test("the latest prices come 100 at a time and More prices reaches the rest", async ({ page, api }) => {
      // 101 products at a price below every other test's, so they lead the cheapest-first list.
      const tag = unique("x").split(" ")[1]!;
      const codes = Array.from({ length: 101 }, (_, i) => `CHEAP-${tag}-${String(i).padStart(3, "0")}`);
      const store = unique("Cheap");
      for (let start = 0; start < codes.length; start += 8) {
        const batch = codes.slice(start, start + 8);
        const answers = await Promise.all(
          batch.map((code) => api.post("/base-scan/api/prices", { code, store_name: store, price: "0,01" })),
        );
        expect(answers.map((answer) => answer.status)).toEqual(batch.map(() => 200));
      }

      const latest = page.getByRole("region", { name: "Latest prices" }).getByRole("listitem");
      const mine = latest.filter({ hasText: `CHEAP-${tag}-` });
      await page.goto("/base-scan/prices");
      await expect(latest).toHaveCount(100);
      await expect(mine).toHaveCount(100);
      await page.screenshot({ path: "test-results/screenshots/scan-prices-more.png", fullPage: true });

      const seen = await mine.allTextContents();
      await page.getByRole("link", { name: /More prices/ }).click();
      await expect(page).toHaveURL(/\/base-scan\/prices\?cursor=/);
      await expect(page.getByRole("link", { name: /Cheapest prices/ })).toBeVisible();
      expect(await latest.count()).toBeLessThanOrEqual(100);
      seen.push(...(await mine.allTextContents()));
      const shown = seen.map((line) => /CHEAP-\w+-\d{3}/.exec(line)![0]);
      expect(shown.sort()).toEqual(codes);
    });
  });

  test("a long price history shows 100 and loads older prices on request", async ({ page, api }) => {
    const { data } = await api.post<{ product: Product }>("/base-scan/api/products/manual", {
      name: unique("Café moído"),
    });
    const code = data.product.code;
    const store = unique("Histórico");
    const days = Array.from({ length: 101 }, (_, i) => new Date(Date.UTC(2024, 0, 1 + i)).toISOString());
    for (let start = 0; start < days.length; start += 8) {
      await Promise.all(
        days
          .slice(start, start + 8)
          .map((day) =>
            api.post("/base-scan/api/prices", { code, store_name: store, price: "3,49", observed_at: day }),
          ),
      );
    }

    await page.goto(`/base-scan/prices?code=${code}`);
    await expect(page.getByTestId("price-row")).toHaveCount(1);
    await page.getByRole("button", { name: "Show history (100+)" }).click();
    const history = page.getByRole("list", { name: "Price history, newest first" }).getByRole("listitem");
    await expect(history).toHaveCount(100);
    await page.getByRole("button", { name: "Older prices" }).click();
    await expect(history).toHaveCount(101);
    await expect(page.getByRole("button", { name: "Older prices" })).toBeHidden();
    await expect(page.getByRole("button", { name: "Hide history" })).toBeVisible();
  });
});

test("a field the server refuses shows the server's message beside that field", async ({ page }) => {
  await page.goto("/base-scan/products");
  const form = page.getByRole("form", { name: "Add a product without a barcode" });
  // The page checks the name itself; send what it would refuse, as another client could.
  await page.route("**/base-scan/api/products/manual", async (route) => {
    const body = JSON.parse(route.request().postData() ?? "{}") as Record<string, unknown>;
    await route.continue({ postData: JSON.stringify({ ...body, name: "x".repeat(201) }) });
  });
  const name = form.getByLabel("Name");
  await name.fill(unique("Broa"));
  await form.getByRole("button", { name: "Add product" }).click();
  await expect(name).toHaveAttribute("aria-invalid", "true");
  const described = (await name.getAttribute("aria-describedby")) ?? "";
  await expect(page.locator(`[id="${described}"]`)).toHaveText(/at most 200/);
  await expect(form.getByRole("alert").filter({ hasText: "Check the fields marked below." })).toBeVisible();
  await expect(name).not.toHaveValue("");
});
