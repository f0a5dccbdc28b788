import { readFileSync } from "node:fs";
import path from "node:path";
import type { Api, PageState } from "./types";

// Scan's pages with a household's worth of data: a product with its
// prices, a session of real faturas.

type Corpus = { valid: { id: string; qr: string }[] };
const faturas = JSON.parse(
  readFileSync(path.resolve(import.meta.dirname, "../../../tests/fixtures/faturas/corpus.json"), "utf8"),
) as Corpus;

export type ScanSeed = { sessionId: string; code: string };

export async function seedScan(api: Api, tag: string): Promise<ScanSeed> {
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
  return { sessionId: sessionId!, code };
}

export function scanPages(seed: ScanSeed): PageState[] {
  return [
    { name: "scan-scanner", path: "/base-scan/scan" },
    { name: "scan-session", path: `/base-scan/session?sid=${encodeURIComponent(seed.sessionId)}` },
    { name: "scan-prices", path: `/base-scan/prices?code=${seed.code}` },
    { name: "scan-products", path: "/base-scan/products" },
  ];
}
