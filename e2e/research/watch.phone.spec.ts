import { randomUUID } from "node:crypto";
import { expect, test } from "../fixtures";

// The watch button on a research item's page, on a phone in Portuguese: a
// price typed the Portuguese way becomes a watch; one that cannot be a price
// is refused with the reason beside its field, and what was typed stays.

test.use({ locale: "pt-PT" });

test("a research item is watched from its page, below a price typed with a comma", async ({ page, api, login }) => {
  await login();
  const observed = await api.post<{ item_id: number }>("/base-research/api/observe", {
    item_name: `Máquina de café ${randomUUID().slice(0, 6)}`,
    source: "Worten",
    price: "149,90",
  });
  expect(observed.status).toBe(200);
  await page.goto(`/base-research/items/${observed.data.item_id}`);
  await page.getByRole("button", { name: "Vigiar este preço" }).click();

  await page.getByLabel("Até (€)").fill("doze euros");
  await page.getByRole("button", { name: "Vigiar", exact: true }).click();
  await expect(page.getByRole("alert").filter({ hasText: "doze euros" })).toContainText(
    'não foi possível ler "doze euros" como um valor; use 12,50 ou 12.50',
  );
  await expect(page.getByLabel("Até (€)")).toHaveValue("doze euros");

  // A drop read the Portuguese way too, and one of 100 % or more refused beside its field.
  await page.getByLabel("Até (€)").fill("");
  const drop = page.getByLabel("Ou uma descida de (%)");
  await drop.fill("150,5");
  await page.getByRole("button", { name: "Vigiar", exact: true }).click();
  await expect(drop).toHaveAttribute("aria-invalid", "true");
  await expect(drop).toHaveAccessibleDescription("tem de ser menos do que 100");
  await drop.fill("");

  await page.getByLabel("Até (€)").fill("129,90");
  await page.getByRole("button", { name: "Vigiar", exact: true }).click();
  await expect(page.getByRole("status")).toHaveText("A vigiar: 129,90 € ou menos.");
  const watches = await api.get<{ watches: { below: string }[] }>(
    `/labs/api/watches?research_item_id=${observed.data.item_id}`,
  );
  expect(watches.data.watches.map((watch) => watch.below)).toEqual(["129.90"]);

  const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
  expect(overflow).toBeLessThanOrEqual(0);
  await page.screenshot({ path: "test-results/screenshots/research-item-watch.phone.png" });
});
