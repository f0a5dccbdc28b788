import { readFileSync } from "node:fs";
import type { BarcodeFormat } from "../../lib/scan/barcode-format";
import { expectedReading } from "../../tests/support/decode-barcode";
import { pngOf } from "../../tests/support/images";
import { catimaFixture, zipOf } from "../../tests/support/zip-files";
import { expect, test } from "../fixtures";
import { readShownBarcode, unique } from "./helpers";

// Moving a wallet in and out on a phone (docs/import-export.md): a Catima
// export (tests/fixtures/wallets, zipped as Catima's exporter zips it) is chosen in
// the import sheet, previewed, imported, and then every card is opened and
// its barcode read back as a till's scanner would.

// The export's cards as they should arrive: store, the value the barcode holds,
// its format (null: Catima names none, so the card has no barcode), and the
// number shown in large type (the printed one where it differs).
const CATIMA_CARDS: [string, string, BarcodeFormat | null, string][] = [
  ["Farmácia Central", "FC778812", null, "FC778812"],
  ["Cartão Jovem", "990011", "qr_code", "7788"],
  ["Queijaria", "Queijo São Jorge", "aztec", "Queijo São Jorge"],
  ["Loja de Roupa", "b", null, "b"],
  ["Armazéns do Chiado", "B", null, "B"],
  ["Mercearia", "mrc", null, "mrc"],
  ["Restaurante", "65432", "code_128", "12345678"],
  ["Sapataria", "-4242", "aztec", "c"],
];

test("imports a Catima export after a preview, and every card shows a barcode that decodes", async ({ page }) => {
  const person = unique("Ana");
  // Catima's picture of card 1 (Cartão Jovem), a real PNG: it comes in with its card.
  const zip = zipOf({ "catima.csv": catimaFixture("catima-v2.csv"), "card_1_front.png": pngOf(86, 54, [0, 90, 160]) });

  await page.goto("/base-scan/");
  await page.getByRole("button", { name: "Import cards" }).click();
  const sheet = page.getByRole("dialog", { name: "Import cards" });
  await sheet.getByLabel("Whose cards").fill(person);
  await sheet
    .getByLabel(/Choose a file/)
    .setInputFiles({ name: "catima.zip", mimeType: "application/zip", buffer: Buffer.from(zip) });

  await expect(sheet.getByTestId("import-summary")).toHaveText("8 to add · 0 already in the wallet · 0 cannot be read");
  await expect(sheet.getByText("Nota sobre o restaurante")).toBeVisible();
  await page.screenshot({ path: "test-results/screenshots/scan-import-preview.png" });
  await sheet.getByRole("button", { name: "Import 8 cards" }).click();
  await expect(page.getByRole("status").filter({ hasText: "8 cards imported." })).toBeVisible();
  await expect(sheet).toBeHidden();

  for (const [store, value, format, number] of CATIMA_CARDS) {
    await page.getByRole("button", { name: new RegExp(`^${store}, (.+, )?${person}, card `) }).click();
    const checkout = page.getByRole("dialog", { name: `${store} card` });
    await expect(checkout).toBeVisible();
    await expect(checkout.getByTestId("card-number")).toHaveText(number);
    await expect(checkout.getByRole("alert")).toHaveCount(0);
    if (format === null) {
      await expect(checkout.getByTestId("barcode")).toHaveCount(0);
      await expect(checkout.getByText("No barcode: show or read out the number")).toBeVisible();
    } else {
      await expect(checkout.getByTestId("barcode")).toHaveAttribute("data-format", format);
      expect(await readShownBarcode(page, format), `${store}: ${value}`).toEqual([expectedReading(value, format)]);
    }
    await page.keyboard.press("Escape");
    await expect(checkout).toBeHidden();
  }
});

test("shows what it will skip and why, then imports the rest; the CSV export downloads", async ({ page }) => {
  const person = unique("Rui");
  const store = unique("Lidl");
  const csv = [
    "store,number,format,label,person",
    `${store},5601234567892,EAN_13,Família,${person}`,
    `${store},5601234567892,EAN_13,,${person}`,
    `${store},5601234567891,EAN_13,,${person}`,
  ].join("\n");

  await page.goto("/base-scan/?import=1");
  const sheet = page.getByRole("dialog", { name: "Import cards" });
  await sheet
    .getByLabel(/Choose a file/)
    .setInputFiles({ name: "cards.csv", mimeType: "text/csv", buffer: Buffer.from(csv) });
  await expect(sheet.getByTestId("import-summary")).toHaveText("1 to add · 1 already in the wallet · 1 cannot be read");
  await expect(
    sheet.getByText("This number cannot be drawn as EAN-13: Incorrect EAN-13 check digit provided."),
  ).toBeVisible();
  await page.screenshot({ path: "test-results/screenshots/scan-import-errors.png" });
  await sheet.getByRole("button", { name: "Import 1 card" }).click();
  await expect(page.getByRole("status").filter({ hasText: "1 card imported, 2 skipped." })).toBeVisible();
  await expect(page.getByRole("button", { name: new RegExp(`^${store}, Família, ${person}, card `) })).toBeVisible();

  await page.getByRole("heading", { name: "Move cards" }).scrollIntoViewIfNeeded();
  await page.screenshot({ path: "test-results/screenshots/scan-wallet-move-cards.png" });
  const download = page.waitForEvent("download");
  await page.getByRole("link", { name: "Export CSV" }).click();
  const text = readFileSync(await (await download).path(), "utf8");
  expect(text.startsWith("\uFEFFstore,number,format,label,person,note,expiry,balance,currency\r\n")).toBe(true);
  expect(text).toContain(`${store},5601234567892,ean_13,Família,${person},,,,\r\n`);
});
