import { householdDay } from "../../lib/household-clock";
import type { Card } from "../../lib/scan/schemas";
import { expect, test } from "../fixtures";
import { unique } from "./helpers";

// A gift card on a phone, in Portuguese (docs/decisions/025-card-fields.md):
// its tile shows the balance and the days left, the till view the printed
// number, the expiry, the balance and the note; its edit sheet spends from
// it, keeping a history, stars and archives it; an archived card waits
// behind a filter. A card without a barcode shows its number alone.

test.use({ locale: "pt-PT" });

/** A day `days` from today on the household's clock. */
const dayFromNow = (days: number) => householdDay(new Date(Date.now() + days * 86_400_000));

test("a gift card shows its balance and expiry, is spent from, coloured, starred and archived", async ({
  page,
  api,
}) => {
  // Four sheets and a dozen answers: more than one page's 30 s when the machine is busy.
  test.setTimeout(90_000);
  const storeName = unique("Fnac");
  const store = await api.post<{ store_id: number }>("/base-scan/api/stores", { name: storeName });
  const added = await api.post<{ card: Card }>(`/base-scan/api/stores/${store.data.store_id}/cards`, {
    person_name: unique("Inês"),
    card_value: "GIFT98765",
    card_format: "code_128",
    note: "Prenda de anos\nPIN 4321",
    expiry: dayFromNow(3),
    balance: "20",
    balance_currency: "EUR",
    printed_number: "9876 5",
  });
  expect(added.status).toBe(200);
  const card = added.data.card;

  await page.goto("/base-scan/");
  const tile = page.getByRole("button", { name: new RegExp(`^${storeName}, `) });
  // What the tile shows, in its name in that order: the note's first line, the balance, the days left.
  await expect(tile).toContainText("Prenda de anos");
  await expect(tile).toHaveAccessibleName(/, Prenda de anos, 20,00\s€, Faltam 3 dias, /);
  await page.screenshot({ path: "test-results/screenshots/scan-wallet-gift-card.png" });

  await tile.click();
  const checkout = page.getByRole("dialog", { name: `Cartão de cliente ${storeName}` });
  await expect(checkout.getByTestId("card-number")).toHaveText("9876 5");
  await expect(checkout.getByTestId("card-facts")).toHaveText(/^Válido até .+ · saldo 20,00\s€$/);
  await expect(checkout.getByText("PIN 4321")).toBeVisible();
  await page.screenshot({ path: "test-results/screenshots/scan-checkout-gift-card.png" });
  // Shown at the till: its last use is recorded.
  await expect
    .poll(async () => (await api.get<{ card: Card }>(`/base-scan/api/cards/${card.id}`)).data.card.last_used_at)
    .not.toBeNull();

  await checkout.getByRole("button", { name: "Editar" }).click();
  const edit = page.getByRole("dialog", { name: `Editar cartão · ${storeName}` });
  await edit.getByLabel("Valor").fill("7,50");
  await edit.getByLabel("Para quê (opcional)").fill("Livro");
  await edit.getByRole("button", { name: "Descontar do saldo" }).click();
  const history = edit.getByRole("list", { name: "Últimos gastos" });
  await expect(history).toContainText("Livro");
  await expect(history).toContainText(/−7,50\s€/);
  await expect(edit.getByRole("heading", { name: /restam 12,50\s€/ })).toBeVisible();
  // More than is left is refused, in words, and the amount stays typed.
  await edit.getByLabel("Valor").fill("13");
  await edit.getByRole("button", { name: "Descontar do saldo" }).click();
  await expect(edit.getByText(/O cartão só tem 12,50 EUR/)).toBeVisible();
  await expect(edit.getByLabel("Valor")).toHaveValue("13");
  await page.screenshot({ path: "test-results/screenshots/scan-card-edit.png" });

  await edit.getByLabel("Com estrela").check();
  await edit.getByLabel("Arquivado").check();
  const colours = edit.getByRole("group", { name: "Cor" });
  await expect(colours.getByRole("radio", { name: "Sem cor" })).toBeChecked();
  await colours.getByRole("radio", { name: "Verde", exact: true }).check();
  await page.screenshot({ path: "test-results/screenshots/scan-card-edit-colour.png", fullPage: true });
  await edit.getByRole("button", { name: "Guardar" }).click();
  await expect(edit).toBeHidden();
  await expect(checkout.getByTestId("card-facts")).toHaveText(/saldo 12,50\s€$/);
  await page.keyboard.press("Escape");
  await expect(checkout).toBeHidden();

  // Archived: out of the way until asked for.
  await expect(tile).toBeHidden();
  await page.getByText(/^Arquivados \(\d+\)$/).click();
  await expect(tile).toBeVisible();
  await expect(tile).toHaveAccessibleName(/com estrela, arquivado/);

  const stored = await api.get<{ card: Card; spends: { amount: string; note: string }[] }>(
    `/base-scan/api/cards/${card.id}`,
  );
  expect(stored.data.card).toMatchObject({ balance: "12.50", starred: true, archived: true, header_color: "#2e7d32" });
  expect(stored.data.spends).toMatchObject([{ amount: "7.50", note: "Livro" }]);
});

test("a card without a barcode shows its number alone, and one that expired stays, greyed", async ({ page, api }) => {
  const storeName = unique("Ginásio");
  const store = await api.post<{ store_id: number }>("/base-scan/api/stores", { name: storeName });
  await api.post(`/base-scan/api/stores/${store.data.store_id}/cards`, {
    person_name: unique("Rui"),
    card_value: "SÓCIO 42",
    card_format: "none",
    expiry: dayFromNow(-2),
  });

  await page.goto("/base-scan/");
  const tile = page.getByRole("button", { name: new RegExp(`^${storeName}, `) });
  await expect(tile).toHaveAccessibleName(/, Expirado, /);
  await expect(tile).toHaveClass(/grayscale/);
  await tile.click();
  const checkout = page.getByRole("dialog", { name: `Cartão de cliente ${storeName}` });
  await expect(checkout.getByTestId("card-number")).toHaveText("SÓCIO 42");
  await expect(checkout.getByTestId("barcode")).toHaveCount(0);
  await expect(checkout.getByText("Sem código de barras: mostre ou diga o número")).toBeVisible();
  await expect(checkout.getByTestId("card-facts")).toHaveText(/^Expirou a /);
  await page.screenshot({ path: "test-results/screenshots/scan-checkout-no-barcode.png" });
});
