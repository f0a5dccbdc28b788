import { expect, type Page } from "@playwright/test";
import type { Api, PageState } from "./types";

// The wallet's pages: two people's cards, shown at the till, added and imported.

export type WalletSeed = { cardId: number };

export async function seedWallet(api: Api, tag: string): Promise<WalletSeed> {
  const cards: { store: string; person: string; value: string; format: string; label: string }[] = [
    { store: `Continente ${tag}`, person: "Ana", value: "5601234567892", format: "ean13", label: "Cartão Continente" },
    { store: `Pingo Doce ${tag}`, person: "Rui", value: "PD98765432", format: "code128", label: "Poupa Mais" },
  ];
  let cardId = 0;
  for (const card of cards) {
    const store = await api.post<{ store_id: number }>("/base-scan/api/stores", { name: card.store });
    const added = await api.post<{ card: { id: number } }>(`/base-scan/api/stores/${store.store_id}/cards`, {
      card_value: card.value,
      card_format: card.format,
      label: card.label,
      person_name: card.person,
    });
    cardId ||= added.card.id;
  }
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
        await openDialog(page).locator("footer button").nth(1).click();
        await expect(page.getByRole("alertdialog")).toBeVisible();
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
