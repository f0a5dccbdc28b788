import { randomInt, randomUUID } from "node:crypto";
import { describe, expect, inject, it } from "vitest";
import { gtinCheckDigit } from "@/lib/scan/check-digit";
import { OFF_CODES, offProduct, type OffStats } from "@/tests/support/off-stand-in";
import { api } from "./client";
import { unique } from "@/tests/support/factories";

// Products (manual, search, enrich from Open Food Facts) and prices.

type Product = Record<string, unknown> & { id: number; code: string; name: string; off_status: string | null };
type Price = Record<string, unknown> & { price: string; store_name: string; likely_typo: boolean };

const offBaseUrl = inject("offBaseUrl");
/** A code the OFF stand-in knows ("560…"), new for every call. */
const knownCode = () => `560${String(randomInt(0, 1e10)).padStart(10, "0")}`;
/** A code the OFF stand-in answers with 404 / status 0. */
const unknownCode = () => `400${String(randomInt(0, 1e10)).padStart(10, "0")}`;

async function offStats(): Promise<OffStats> {
  return (await (await fetch(`${offBaseUrl}/__stats`)).json()) as OffStats;
}

async function offRequests(code: string): Promise<number> {
  return (await offStats()).requests[code] ?? 0;
}

async function lastUserAgent(): Promise<string | null> {
  return (await offStats()).lastUserAgent;
}

const manual = (json: Record<string, unknown>) =>
  api<{ ok: true; product: Product }>("/base-scan/api/products/manual", { method: "POST", json });
const enrich = (code: string, query = "") =>
  api<{ ok: true; product: Product; cached: boolean }>(`/base-scan/api/products/${code}/enrich${query}`);
const postPrice = (json: Record<string, unknown>) =>
  api<{ ok: true; price: Price }>("/base-scan/api/prices", { method: "POST", json });

describe("POST /base-scan/api/products/manual", () => {
  it("creates a manual product coded MAN-<n>", async () => {
    const name = unique("Pão caseiro");
    const { status, data } = await manual({ name, brand: "Padaria", quantity: "500 g" });
    expect(status).toBe(200);
    expect(data.product).toMatchObject({
      code: expect.stringMatching(/^MAN-[1-9]\d*$/),
      name,
      brand: "Padaria",
      quantity: "500 g",
      source: "manual",
    });
  });

  it("gives concurrent creates distinct codes", async () => {
    const results = await Promise.all(Array.from({ length: 10 }, (_, i) => manual({ name: unique(`Bolo ${i}`) })));
    expect(results.every((r) => r.status === 200)).toBe(true);
    expect(new Set(results.map((r) => r.data.product.code)).size).toBe(10);
  });
});

describe("GET /base-scan/api/products/search", () => {
  it("finds by name, brand or code, ignoring case and accents", async () => {
    const tag = randomUUID().slice(0, 8);
    const { data } = await manual({ name: `Pão de Forma ${tag}`, brand: "Bimbo Ação" });
    for (const q of [`pao ${tag}`, `PÃO ${tag}`, `acao ${tag}`, data.product.code]) {
      const result = await api<{ ok: true; products: Product[] }>(
        `/base-scan/api/products/search?q=${encodeURIComponent(q)}`,
      );
      expect(result.status).toBe(200);
      expect(result.data.products.map((p) => p.id)).toContain(data.product.id);
    }
    const none = await api<{ products: Product[] }>(
      `/base-scan/api/products/search?q=${encodeURIComponent(`%_ ${tag}`)}`,
    );
    expect(none.data.products).toEqual([]);
  });

  it("answers 400 without q", async () => {
    const { status, data } = await api("/base-scan/api/products/search");
    expect(status).toBe(400);
    expect(data).toMatchObject({ ok: false, error: { code: "validation_failed", issues: [{ path: "query.q" }] } });
  });
});

// These tests ask OFF 13 times in all, from this machine itself: within the
// household's 15 look-ups a minute (tests/api/scan-off-budget.test.ts spends
// that budget on servers of its own).
describe("GET /base-scan/api/products/<code>/enrich", () => {
  it("fills the product from Open Food Facts with our User-Agent, then answers from the cache", async () => {
    const code = knownCode();
    const first = await enrich(code);
    expect(first.status).toBe(200);
    const expected = offProduct(code);
    expect(first.data).toMatchObject({
      ok: true,
      cached: false,
      product: {
        code,
        name: expected.product_name,
        brand: expected.brands,
        quantity: expected.quantity,
        image_url: expected.image_front_url,
        categories: expected.categories,
        source: "off",
        off_status: "found",
        enriched_at: expect.any(String),
      },
    });
    expect(await lastUserAgent()).toBe("Labs/0.1 (self-hosted; household use)");
    expect(await offRequests(code)).toBe(1);

    const second = await enrich(code);
    expect(second.data).toMatchObject({ ok: true, cached: true, product: { name: expected.product_name } });
    expect(await offRequests(code)).toBe(1);

    const search = await api<{ products: Product[] }>(
      `/base-scan/api/products/search?q=${encodeURIComponent("bolachas cuetara " + code)}`,
    );
    expect(search.data.products.map((p) => p.code)).toEqual([code]);

    const refreshed = await enrich(code, "?refresh=1");
    expect(refreshed.data.cached).toBe(false);
    expect(await offRequests(code)).toBe(2);
  });

  it("caches an unknown barcode as not found (404 once from OFF, then from the cache)", async () => {
    const code = unknownCode();
    for (let i = 0; i < 2; i += 1) {
      const { status, data } = await enrich(code);
      expect(status).toBe(404);
      expect(data).toMatchObject({ ok: false, error: { code: "not_found" } });
    }
    expect(await offRequests(code)).toBe(1);
  });

  it("asks for a UPC-A by the 13 digits Open Food Facts keys it by, and keeps it so", async () => {
    // docs/decisions/027-one-reading-one-value.md
    const data = `03${String(randomInt(0, 1e9)).padStart(9, "0")}`;
    const printed = `${data}${gtinCheckDigit(data)}`;
    expect((await enrich(printed)).status).toBe(404);
    expect(await offRequests(`0${printed}`)).toBe(1);
    expect(await offRequests(printed)).toBe(0);
    // Cached under that code: asked by either, OFF is not asked again.
    expect((await enrich(`0${printed}`)).status).toBe(404);
    expect(await offRequests(`0${printed}`)).toBe(1);
  });

  it("treats a 200 with status 0 as not found too", async () => {
    const { status } = await enrich(OFF_CODES.statusZero);
    expect(status).toBe(404);
  });

  it.each([
    ["a timeout", OFF_CODES.slow, 504, "upstream_timeout"],
    ["HTTP 429", OFF_CODES.tooMany, 502, "upstream_failed"],
    ["HTTP 503", OFF_CODES.unavailable, 502, "upstream_failed"],
    ["HTTP 500", OFF_CODES.serverError, 502, "upstream_failed"],
    ["invalid JSON", OFF_CODES.invalidJson, 502, "upstream_failed"],
  ])("turns %s into %i %s and leaves the stored product untouched", async (_name, code, status, errorCode) => {
    const before = await postPrice({ code, store_name: unique("Store"), price: "1,00" });
    expect(before.status).toBe(200);
    const productBefore = await api<{ products: Product[] }>(`/base-scan/api/products/search?q=${code}`);

    const result = await enrich(code);
    expect(result.status).toBe(status);
    expect(result.data).toMatchObject({
      ok: false,
      error: { code: errorCode, message: expect.stringMatching(/try again/) },
    });

    const productAfter = await api<{ products: Product[] }>(`/base-scan/api/products/search?q=${code}`);
    expect(productAfter.data.products).toEqual(productBefore.data.products);
    expect(productAfter.data.products[0]?.off_status).toBeNull();
  });

  it("does not follow a redirect: 502, and its target is never asked", async () => {
    const { status, data } = await enrich(OFF_CODES.redirect);
    expect(status).toBe(502);
    expect(data).toMatchObject({
      ok: false,
      error: { code: "upstream_failed", message: expect.stringMatching(/redirect.*try again/) },
    });
    const stats = await offStats();
    expect(stats.requests[OFF_CODES.redirect]).toBe(1);
    expect(stats.redirectTargetHits).toBe(0);
  });

  // Only a bounded read answers these with 502 before the 1 s timeout: the
  // declared body never arrives whole and the endless one never ends, so
  // reading either to its end could only end in a 504.
  it.each([
    ["declares a length over the bound", OFF_CODES.declaredHuge],
    ["never ends", OFF_CODES.endless],
  ])("refuses an answer that %s with 502 and hangs up on it", async (_name, code) => {
    const { status, data } = await enrich(code);
    expect(status).toBe(502);
    expect(data).toMatchObject({
      ok: false,
      error: { code: "upstream_failed", message: expect.stringMatching(/more than 1 MiB.*try again/) },
    });
    await expect.poll(async () => (await offStats()).hungUp[code]).toBe(1);
  });

  it("times out on a body that trickles in slower than the timeout allows", async () => {
    const { status, data } = await enrich(OFF_CODES.slowBody);
    expect(status).toBe(504);
    expect(data).toMatchObject({ ok: false, error: { code: "upstream_timeout" } });
    await expect.poll(async () => (await offStats()).hungUp[OFF_CODES.slowBody]).toBe(1);
  });

  it.each(["MAN-1", "abc", "12"])("refuses %s as a barcode to look up", async (code) => {
    const { status, data } = await enrich(code);
    expect(status).toBe(400);
    expect(data).toMatchObject({ ok: false, error: { code: "validation_failed" } });
  });
});

describe("prices", () => {
  it.each([
    ["12,5", "12.50"],
    ["12.50", "12.50"],
    ["1.234,56", "1234.56"],
    ["1 234,56", "1234.56"],
    ["€12,50", "12.50"],
    [3.2, "3.20"],
  ])("reads %s as %s", async (input, stored) => {
    const { status, data } = await postPrice({ code: knownCode(), store_name: unique("Loja"), price: input });
    expect(status).toBe(200);
    expect(data.price).toMatchObject({ price: stored, currency: "EUR", source: "manual", likely_typo: false });
  });

  it.each(["1.234", "abc", "-1", "12,345", ""])("refuses the price %j naming the field", async (input) => {
    const { status, data } = await postPrice({ code: knownCode(), store_name: unique("Loja"), price: input });
    expect(status).toBe(400);
    expect(data).toMatchObject({ ok: false, error: { code: "validation_failed", issues: [{ path: "price" }] } });
  });

  it("lists the latest per store, cheapest first, flags likely typos, and gives history on request", async () => {
    const code = knownCode();
    const stores = [unique("A"), unique("B"), unique("C"), unique("D")];
    const storeA = await api<{ store_id: number }>("/base-scan/api/stores", {
      method: "POST",
      json: { name: stores[0] },
    });
    await postPrice({ code, store_id: storeA.data.store_id, price: "9,99", observed_at: "2025-01-01T10:00:00Z" });
    await postPrice({ code, store_id: storeA.data.store_id, price: "2,00", observed_at: "2025-02-01T10:00:00+01:00" });
    await postPrice({ code, store_name: stores[1], price: "1,80" });
    await postPrice({ code, store_name: stores[2], price: "2,10" });
    const typo = await postPrice({ code, store_name: stores[3], price: "210,00", source: "invoice" });
    expect(typo.data.price).toMatchObject({ price: "210.00", source: "invoice", likely_typo: true });

    const { status, data } = await api<{ ok: true; prices: Price[]; history?: Price[] }>(
      `/base-scan/api/prices?code=${code}`,
    );
    expect(status).toBe(200);
    expect(data.prices.map((p) => [p.store_name, p.price, p.likely_typo])).toEqual([
      [stores[1], "1.80", false],
      [stores[0], "2.00", false],
      [stores[2], "2.10", false],
      [stores[3], "210.00", true],
    ]);
    expect(data.history).toBeUndefined();
    expect(data.prices[1]).toMatchObject({ code, observed_at: "2025-02-01T09:00:00.000Z", currency: "EUR" });

    const byStore = await api<{ prices: Price[] }>(
      `/base-scan/api/prices?code=${code}&store_id=${storeA.data.store_id}`,
    );
    expect(byStore.data.prices.map((p) => p.price)).toEqual(["2.00"]);

    const withHistory = await api<{ prices: Price[]; history: Price[] }>(
      `/base-scan/api/prices?code=${code}&history=1`,
    );
    expect(withHistory.data.history.map((p) => p.price)).toContain("9.99");
    expect(withHistory.data.history).toHaveLength(5);
  });

  it.each([
    ["an unknown product_id", { product_id: 999999999, store_name: "X", price: "1" }],
    ["an unknown store_id", { code: "5601111111111", store_id: 999999999, price: "1" }],
  ])("answers 404 for %s", async (_name, json) => {
    const { status, data } = await postPrice(json);
    expect(status).toBe(404);
    expect(data).toMatchObject({ ok: false, error: { code: "not_found" } });
  });

  it("records a price against a product_id", async () => {
    const { data } = await manual({ name: unique("Queijo") });
    const { status, data: price } = await postPrice({
      product_id: data.product.id,
      store_name: unique("Feira"),
      price: "4,5",
    });
    expect(status).toBe(200);
    expect(price.price).toMatchObject({ product_id: data.product.id, code: data.product.code, price: "4.50" });
  });
});
