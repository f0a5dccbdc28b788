import type { Api, PageState } from "./types";

// The wallet's pages: two people's cards, shown at the till, added and imported.

export type WalletSeed = { cardId: number };

export async function seedWallet(api: Api, tag: string): Promise<WalletSeed> {
  const cards: { store: string; person: string; value: string; format: string; label: string }[] = [
    { store: `Continente ${tag}`, person: "Ana", value: "2200000123456", format: "ean13", label: "Cartão Continente" },
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

export function walletPages(seed: WalletSeed): PageState[] {
  return [
    { name: "scan-wallet", path: "/base-scan/" },
    { name: "scan-checkout", path: `/base-scan/?card=${seed.cardId}` },
    { name: "scan-add-card", path: "/base-scan/?add=1" },
    { name: "scan-import", path: "/base-scan/?import=1" },
  ];
}
