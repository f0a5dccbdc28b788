import { readFileSync } from "node:fs";
import path from "node:path";
import { expect, type Page } from "@playwright/test";
import type { Api, PageState } from "./types";

// Scan's pages with a household's worth of data: a product (named by the
// Open Food Facts stand-in) with its prices in two stores and an opinion, a
// session of real faturas, a product added by hand.

type Corpus = { valid: { id: string; qr: string }[] };
const faturas = JSON.parse(
  readFileSync(path.resolve(import.meta.dirname, "../../../tests/fixtures/faturas/corpus.json"), "utf8"),
) as Corpus;

export type ScanSeed = { sessionId: string; code: string };

export async function seedScan(api: Api, tag: string): Promise<ScanSeed> {
  // A code no other suite stores as a card: a card with the same number would make the scan a card.
  const code = "5609876543212";
  await api.post("/base-scan/api/products/manual", { name: `Pão de Forma ${tag}`, brand: "Bimbo" });
  let sessionId: string | undefined;
  for (const value of [code, ...faturas.valid.slice(0, 3).map((item) => item.qr)]) {
    const scan = await api.post<{ session_id: string }>("/base-scan/api/scan", {
      value,
      ...(sessionId ? { session_id: sessionId } : {}),
    });
    sessionId = scan.session_id;
  }
  // The scanned barcode gets its name from the Open Food Facts stand-in.
  const enriched = await api.request.get(`/base-scan/api/products/${code}/enrich`);
  if (!enriched.ok()) throw new Error(`seeding the product's name: ${enriched.status()}`);
  for (const [store, price] of [
    [`Pingo Doce ${tag}`, "1,29"],
    [`Continente ${tag}`, "1,35"],
  ] as const) {
    await api.post("/base-scan/api/prices", { code, store_name: store, price });
  }
  await api.post("/base-scan/api/preferences/set", { code, person_name: `Ana ${tag}`, sentiment: "like" });
  return { sessionId: sessionId!, code };
}

/** Types `code` into the scanner (whatever the page's language) and waits for its whole result card. */
async function scanTyped(page: Page, code: string) {
  const input = page.locator('input[enterkeyhint="send"]');
  await input.fill(code);
  await input.press("Enter");
  const card = page.getByTestId("result-card");
  await expect(card).toHaveAttribute("data-state", "sent");
  await expect(card.getByTestId("product-name")).toBeVisible();
  await expect(card.locator("[aria-pressed=true]").first()).toBeVisible();
}

export function scanPages(seed: ScanSeed): PageState[] {
  const session = `/base-scan/session?sid=${encodeURIComponent(seed.sessionId)}`;
  return [
    { name: "scan-scanner", path: "/base-scan/scan" },
    { name: "scan-scanner-result", path: "/base-scan/scan", open: (page) => scanTyped(page, seed.code) },
    { name: "scan-session", path: session },
    {
      name: "scan-session-end",
      path: session,
      open: async (page) => {
        await page.getByTestId("end-session").click();
        await expect(page.getByRole("dialog")).toBeVisible();
      },
    },
    { name: "scan-prices", path: `/base-scan/prices?code=${seed.code}` },
    { name: "scan-prices-latest", path: "/base-scan/prices" },
    { name: "scan-products", path: "/base-scan/products" },
    { name: "scan-notifications", path: "/base-scan/notifications" },
    {
      name: "scan-products-search",
      path: "/base-scan/products",
      open: async (page) => {
        await page.locator('input[type="search"]').fill("Pão de Forma");
        await expect(page.locator("ul li").first()).toBeVisible();
      },
    },
  ];
}
