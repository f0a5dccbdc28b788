import { randomUUID } from "node:crypto";
import type { Card } from "../../lib/scan/schemas";
import { writeBarcodeVideo } from "../support/barcode-video";
import { withCamera } from "../support/camera";
import { expect, test } from "../fixtures";

// "Add a card by scanning it" (docs/contract.md, "Scan decisions"): the add-card sheet opens the same
// camera scanner as the Scan tab; the fake camera shows a Code 128 card, the
// number and format land in the form, and the saved card has them.

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
