import { randomUUID } from "node:crypto";
import bwipjs from "bwip-js/node";
import type { Card } from "../../lib/scan/schemas";
import { writeBarcodeVideo } from "../support/barcode-video";
import { withCamera } from "../support/camera";
import { expect, test } from "../fixtures";

// "Add a card by scanning it" (docs/contract.md, "Scan decisions"): the add-card sheet opens the same
// camera scanner as the Scan tab; the fake camera shows a Code 128 card, the
// number and format land in the form, and the saved card has them. A picture
// of several codes lists them, and the person picks the card's.

test("a card is added by scanning it with the camera", async ({ launchOptions, baseURL, api }, testInfo) => {
  test.setTimeout(90_000);
  const value = `CARD-${randomUUID().slice(0, 8).toUpperCase()}`;
  const store = `Pingo Doce ${randomUUID().slice(0, 6)}`;
  const file = writeBarcodeVideo(testInfo.outputPath("card.y4m"), { bcid: "code128", text: value });
  const { browser, page } = await withCamera(launchOptions, baseURL!, file);
  try {
    await page.goto("/base-scan/");
    await page.getByRole("button", { name: "Add card" }).click();
    const form = page.getByRole("dialog", { name: "Add a card" });
    await form.getByRole("button", { name: "Scan the card with the camera" }).click();

    await expect(form.getByLabel("Card number")).toHaveValue(value, { timeout: 30_000 });
    await expect(form.getByText("Scanned (Code 128).")).toBeVisible();
    await expect(form.getByTestId("camera-scanner")).toBeHidden();

    await form.getByLabel("Store").fill(store);
    await form.getByLabel("Whose card").fill("Rui");
    await form.getByRole("button", { name: "Save card" }).click();
    await expect(page.getByRole("status").filter({ hasText: `${store} card added.` })).toBeVisible();

    const { data } = await api.get<{ cards: Card[] }>("/base-scan/api/cards");
    expect(data.cards.filter((card) => card.store_name === store)).toEqual([
      expect.objectContaining({ card_value: value, card_format: "code_128", person_name: "Rui" }),
    ]);
  } finally {
    await browser.close();
  }
});

test.describe("in Portuguese", () => {
  test.use({ locale: "pt-PT" });

  test("a picture with two codes lists both, and the one picked fills the card", async ({ page, context }) => {
    const card = `CLUBE-${randomUUID().slice(0, 6).toUpperCase()}`;
    const product = "5601234567892";
    // A picture of two printed codes side by side, drawn by bwip-js and photographed by Chromium.
    const png = (bcid: string, text: string) =>
      bwipjs.toBuffer({ bcid, text, scale: 3, height: 18, includetext: false, paddingwidth: 12, paddingheight: 12 });
    const sheet = await context.newPage();
    await sheet.setViewportSize({ width: 900, height: 300 });
    const images = await Promise.all([png("code128", card), png("ean13", product)]);
    await sheet.setContent(
      `<body style="margin:0;background:#fff;display:flex;gap:80px;padding:30px">${images
        .map((image) => `<img src="data:image/png;base64,${image.toString("base64")}">`)
        .join("")}</body>`,
    );
    const picture = await sheet.screenshot({ type: "png" });
    await sheet.close();

    await page.goto("/base-scan/");
    await page.getByRole("button", { name: "Adicionar cartão" }).click();
    const form = page.getByRole("dialog", { name: "Adicionar um cartão" });
    await form.getByRole("button", { name: "Ler o cartão com a câmara" }).click();
    await form
      .getByLabel("Escolher uma fotografia de um código de barras")
      .setInputFiles({ name: "two.png", mimeType: "image/png", buffer: picture });

    const choices = form.getByRole("group", { name: "Esta imagem tem 2 códigos: qual é o do cartão?" });
    await expect(choices).toBeVisible({ timeout: 30_000 });
    // In whichever order the reader found them: both, each with its format.
    await expect(choices.getByRole("button")).toHaveCount(2);
    await expect(choices.getByRole("button", { name: `${card} Code 128` })).toBeVisible();
    await expect(choices.getByRole("button", { name: `${product} EAN-13` })).toBeVisible();
    await page.screenshot({ path: "test-results/screenshots/scan-add-card-several-codes.png", fullPage: true });
    await choices.getByRole("button", { name: new RegExp(card) }).click();
    await expect(form.getByLabel("Número do cartão")).toHaveValue(card);
    await expect(form.getByText("Lido (Code 128).")).toBeVisible();
    await expect(choices).toBeHidden();
  });
});
