import { expect, type Page } from "@playwright/test";
import { householdDay } from "../../../lib/household-clock";
import { pngOf } from "../../../tests/support/images";
import type { Api, PageState } from "./types";

// The wallet's pages: two people's cards, shown at the till, added and imported.

export type WalletSeed = { cardId: number };

export async function seedWallet(api: Api, tag: string): Promise<WalletSeed> {
  // The first is a gift card with all a card may keep: its tile and till view show the expiry and balance.
  const inThreeDays = householdDay(new Date(Date.now() + 3 * 86_400_000));
  const cards: Record<string, unknown>[] = [
    {
      store: `Continente ${tag}`,
      person_name: "Ana",
      card_value: "5601234567892",
      card_format: "ean13",
      label: "Cartão Continente",
      note: "Oferta de anos\nPIN 4321",
      expiry: inThreeDays,
      balance: "25.50",
      balance_currency: "EUR",
      starred: true,
      printed_number: "5601 2345 6789 2",
    },
    {
      store: `Pingo Doce ${tag}`,
      person_name: "Rui",
      card_value: "PD98765432",
      card_format: "code128",
      label: "Poupa Mais",
    },
    {
      store: `Ginásio ${tag}`,
      person_name: "Rui",
      card_value: "SÓCIO 42",
      card_format: "none",
      balance: "120",
      balance_currency: "points",
      expiry: "2020-01-31",
    },
  ];
  let cardId = 0;
  for (const { store: name, ...card } of cards) {
    const store = await api.post<{ store_id: number }>("/base-scan/api/stores", { name });
    const added = await api.post<{ card: { id: number } }>(`/base-scan/api/stores/${store.store_id}/cards`, card);
    cardId ||= added.card.id;
  }
  // The gift card's front, so its till view and edit sheet show a photo.
  const photo = await api.request.put(`/base-scan/api/cards/${cardId}/photos/front`, {
    data: Buffer.from(pngOf(320, 200, [200, 40, 40])),
    headers: { "content-type": "image/png" },
  });
  if (!photo.ok()) throw new Error(`seeding a card's photo: ${photo.status()} ${await photo.text()}`);
  return { cardId };
}

// The sheets and the checkout view open once the page is hydrated: wait for them
// (by structure, not by words, since the suites read both languages).
const openDialog = (page: Page) => page.locator("dialog[open]");

const IMPORT_CSV = [
  "store,number,format,label,person",
  "Lidl Importado,5601234567892,EAN_13,Família,Ana",
  "Lidl Importado,5601234567892,EAN_13,Família,Ana",
  "Minipreço Importado,MP-0042,CODE_128,,Rui",
].join("\n");

export function walletPages(seed: WalletSeed): PageState[] {
  return [
    { name: "scan-wallet", path: "/base-scan/" },
    {
      name: "scan-checkout",
      path: `/base-scan/?card=${seed.cardId}`,
      open: async (page) => {
        await expect(openDialog(page).getByTestId("barcode")).toBeVisible();
      },
    },
    {
      name: "scan-checkout-delete",
      path: `/base-scan/?card=${seed.cardId}`,
      open: async (page) => {
        await openDialog(page).locator("footer button").nth(2).click();
        await expect(page.getByRole("alertdialog")).toBeVisible();
      },
    },
    {
      name: "scan-card-edit",
      path: `/base-scan/?card=${seed.cardId}`,
      open: async (page) => {
        await openDialog(page).locator("footer button").nth(1).click();
        await expect(page.locator("dialog[open] form").first()).toBeVisible();
      },
    },
    {
      name: "scan-add-card",
      path: "/base-scan/?add=1",
      open: async (page) => {
        await expect(openDialog(page).locator("form")).toBeVisible();
      },
    },
    {
      name: "scan-add-card-errors",
      path: "/base-scan/?add=1",
      open: async (page) => {
        await openDialog(page).locator('button[type="submit"]').click();
        await expect(openDialog(page).locator('[aria-invalid="true"]').first()).toBeVisible();
      },
    },
    {
      name: "scan-import",
      path: "/base-scan/?import=1",
      open: async (page) => {
        await expect(openDialog(page).locator("form")).toBeVisible();
      },
    },
    {
      name: "scan-import-preview",
      path: "/base-scan/?import=1",
      open: async (page) => {
        await openDialog(page)
          .locator('input[type="file"]')
          .setInputFiles({ name: "lista.csv", mimeType: "text/csv", buffer: Buffer.from(IMPORT_CSV) });
        await expect(openDialog(page).getByTestId("import-summary")).toBeVisible();
      },
    },
  ];
}
