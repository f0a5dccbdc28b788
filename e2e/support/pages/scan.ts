import { readFileSync } from "node:fs";
import path from "node:path";
import type { Api, PageState } from "./types";

// Scan's pages with a household's worth of data: two people's cards, a
// product with prices in two stores, a session of real faturas.

type Corpus = { valid: { id: string; qr: string }[] };
const faturas = JSON.parse(
  readFileSync(path.resolve(import.meta.dirname, "../../../tests/fixtures/faturas/corpus.json"), "utf8"),
) as Corpus;

export type ScanSeed = { cardId: number; sessionId: string; code: string };

export async function seedScan(api: Api, tag: string): Promise<ScanSeed> {
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
  const code = "5601234567892";
  await api.post("/base-scan/api/products/manual", { name: `Pão de Forma ${tag}`, brand: "Bimbo", barcode: code });
  let sessionId: string | undefined;
  for (const value of [code, ...faturas.valid.slice(0, 3).map((item) => item.qr)]) {
    const scan = await api.post<{ session_id: string }>("/base-scan/api/scan", {
      value,
      ...(sessionId ? { session_id: sessionId } : {}),
    });
    sessionId = scan.session_id;
  }
  return { cardId, sessionId: sessionId!, code };
}

export function scanPages(seed: ScanSeed): PageState[] {
  return [
    { name: "scan-wallet", path: "/base-scan/" },
    { name: "scan-checkout", path: `/base-scan/?card=${seed.cardId}` },
    { name: "scan-add-card", path: "/base-scan/?add=1" },
    { name: "scan-import", path: "/base-scan/?import=1" },
    { name: "scan-scanner", path: "/base-scan/scan" },
    { name: "scan-session", path: `/base-scan/session?sid=${encodeURIComponent(seed.sessionId)}` },
    { name: "scan-prices", path: `/base-scan/prices?code=${seed.code}` },
    { name: "scan-products", path: "/base-scan/products" },
  ];
}
