import type { Page } from "@playwright/test";
import type { BarcodeFormat } from "../../lib/scan/barcode-format";
import type { Card } from "../../lib/scan/schemas";
import { decodeBarcodes } from "../../tests/support/decode-barcode";
import { expect } from "../fixtures";
export { unique } from "../../tests/support/factories";

type Api = {
  post: <T = Record<string, unknown>>(path: string, body: unknown) => Promise<{ status: number; data: T }>;
};

/** A card added through the API, for tests about showing cards rather than adding them. */
export async function addCard(
  api: Api,
  {
    store,
    person,
    value,
    format,
    label = "",
  }: { store: string; person: string; value: string; format: string; label?: string },
): Promise<Card> {
  const created = await api.post<{ store_id: number }>("/base-scan/api/stores", { name: store });
  expect(created.status).toBe(200);
  const { status, data } = await api.post<{ card: Card }>(`/base-scan/api/stores/${created.data.store_id}/cards`, {
    card_value: value,
    card_format: format,
    label,
    person_name: person,
  });
  expect(status).toBe(200);
  return data.card;
}

/** What a scanner reads from the barcode as the checkout view shows it (a screenshot of the canvas). */
export async function readShownBarcode(page: Page, format: BarcodeFormat): Promise<string[]> {
  const barcode = page.getByTestId("barcode");
  await expect(barcode).toBeVisible();
  return decodeBarcodes(new Uint8Array(await barcode.screenshot()), format);
}
