import { randomUUID } from "node:crypto";
import { describe, expect, it } from "vitest";
import { db } from "@/lib/db";
import { acquireOffSlot } from "@/lib/scan/enrich-product";
import { upsertPerson } from "@/lib/scan/people";
import { listPreferences, setPreference } from "@/lib/scan/preferences";
import { listPrices, recordPrice } from "@/lib/scan/prices";
import { createManualProduct, searchProducts } from "@/lib/scan/products";
import { recordScan } from "@/lib/scan/record-scan";
import { endScanSession, resolveScanSession, SESSION_IDLE_MS } from "@/lib/scan/scan-session";
import { createStore } from "@/lib/scan/stores";
import { unique } from "@/tests/support/factories";

// Domain functions against a real database (PGlite per file, or PostgreSQL
// in db:postgres). Names are unique per test so a shared PostgreSQL
// database never mixes runs.

describe("createStore", () => {
  it("returns one id for 20 concurrent creates of the same name in any case", async () => {
    const name = unique("Pingo Doce");
    const spellings = Array.from({ length: 20 }, (_, i) => (i % 2 ? name.toUpperCase() : ` ${name.toLowerCase()} `));
    const results = await Promise.all(spellings.map((spelling) => createStore({ name: spelling })));
    const ids = new Set(results.map((result) => result.store.id));
    expect(ids.size).toBe(1);
    expect(results.filter((result) => result.created)).toHaveLength(1);
    expect(await db().store.count({ where: { nameKey: name.toLowerCase() } })).toBe(1);
  });
});

describe("createManualProduct", () => {
  it("gives unique MAN-<n> codes to concurrent creates", async () => {
    const products = await Promise.all(
      Array.from({ length: 20 }, (_, i) => createManualProduct({ name: unique(`Bolo ${i}`) })),
    );
    const codes = products.map((product) => product.code);
    expect(new Set(codes).size).toBe(20);
    for (const code of codes) expect(code).toMatch(/^MAN-[1-9]\d*$/);
  });
});

describe("searchProducts", () => {
  it("matches accent- and case-insensitively and treats % and _ literally", async () => {
    const tag = randomUUID().slice(0, 8);
    const bread = await createManualProduct({ name: `Pão de Forma ${tag}`, brand: "Panrico" });
    await createManualProduct({ name: `Leite ${tag}`, brand: "Mimosa" });
    expect((await searchProducts({ q: `PAO ${tag}` })).map((p) => p.code)).toEqual([bread.code]);
    expect((await searchProducts({ q: `panrico ${tag}` })).map((p) => p.code)).toEqual([bread.code]);
    expect(await searchProducts({ q: `% ${tag}` })).toEqual([]);
    expect(await searchProducts({ q: `_ ${tag}` })).toEqual([]);
  });
});

describe("scan sessions", () => {
  it("reuses an open session and opens a new one after 2 h idle or once ended", async () => {
    const now = new Date();
    const first = await resolveScanSession({ now });
    expect(first).toMatch(/^S-\d{6}-\d+-[A-Za-z0-9_-]{22}$/);
    expect(await resolveScanSession({ candidate: first, now })).toBe(first);

    await db().scanSession.update({
      where: { id: first },
      data: { lastScanAt: new Date(now.getTime() - SESSION_IDLE_MS - 1000) },
    });
    const afterIdle = await resolveScanSession({ candidate: first, now });
    expect(afterIdle).not.toBe(first);

    await endScanSession({ id: afterIdle, now });
    const afterEnd = await resolveScanSession({ candidate: afterIdle, now });
    expect(afterEnd).not.toBe(afterIdle);
    expect(await resolveScanSession({ candidate: "S-000101-999999-AAAAAAAAAAAAAAAAAAAAAA", now })).not.toBe(
      "S-000101-999999-AAAAAAAAAAAAAAAAAAAAAA",
    );
  });

  it("numbers sessions per UTC day without gaps under concurrency", async () => {
    const day = new Date("2031-02-03T10:00:00Z");
    const ids = await Promise.all(Array.from({ length: 10 }, () => resolveScanSession({ now: day })));
    const numbers = ids.map((id) => Number(id.split("-")[2])).sort((a, b) => a - b);
    expect(ids.every((id) => id.startsWith("S-310203-"))).toBe(true);
    expect(numbers).toEqual(Array.from({ length: 10 }, (_, i) => numbers[0]! + i));
  });
});

describe("recordScan", () => {
  it("stores a malformed fatura with its parse error and the partial fields", async () => {
    const scan = await recordScan({ value: "A:123456789*B:999999990*H:0*O:not-money" });
    expect(scan.kind).toBe("fatura");
    expect(scan.invoice?.parse_error).toMatch(/^fatura: /);
    expect(scan.invoice?.issuer_nif).toBe("123456789");
    expect(scan.invoice?.gross_total).toBeNull();
  });
});

describe("preferences", () => {
  it("writes no row when a new barcode is scanned; every person reads dont_know, a page at a time", async () => {
    const tag = randomUUID().slice(0, 8);
    const people = await Promise.all(
      Array.from({ length: 30 }, (_, i) => upsertPerson({ name: `P ${tag} ${String(i).padStart(2, "0")}` })),
    );
    const code = `2${Date.now()}`.slice(0, 13);
    const scanned = await recordScan({ value: code, format: "ean_13" });
    expect(scanned.kind).toBe("barcode");
    expect(await db().preference.count({ where: { code } })).toBe(0);

    const ours = (rows: { person_id: number }[]) => rows.filter((row) => people.some((p) => p.id === row.person_id));
    const first = await listPreferences({ code, limit: 10 });
    expect(first.preferences).toHaveLength(10);
    expect(first.next).toEqual(expect.any(String));
    const all = await listPreferences({ code, limit: 500 });
    expect(ours(all.preferences)).toHaveLength(30);
    expect(all.preferences.every((row) => row.sentiment === "dont_know")).toBe(true);

    // Choosing writes the one row, and the chooser comes first.
    const chooser = people.at(-1)!;
    await setPreference({ code, personName: chooser.name, sentiment: "like" });
    expect(await db().preference.count({ where: { code } })).toBe(1);
    const after = await listPreferences({ code, limit: 10 });
    expect(after.preferences[0]).toMatchObject({ person_id: chooser.id, sentiment: "like" });
  });

  it("lists nobody for a code never scanned as a barcode", async () => {
    await upsertPerson({ name: unique("Someone") });
    expect(await listPreferences({ code: unique("never") })).toEqual({ preferences: [], next: null });
  });
});

describe("acquireOffSlot", () => {
  it("allows `limit` calls per UTC minute, then 429 with Retry-After", async () => {
    const now = new Date("2030-01-01T10:05:30Z");
    for (let i = 0; i < 3; i += 1) await acquireOffSlot({ client: null, now, limit: 3 });
    await expect(acquireOffSlot({ client: null, now, limit: 3 })).rejects.toMatchObject({
      code: "rate_limited",
      headers: { "Retry-After": "30" },
    });
    await expect(
      acquireOffSlot({ client: null, now: new Date("2030-01-01T10:06:00Z"), limit: 3 }),
    ).resolves.toBeUndefined();
  });

  it("gives each client `clientLimit` of them; a client's refusals leave the household's count alone", async () => {
    const now = new Date("2030-01-02T08:00:45Z");
    const slot = (client: string | null) => acquireOffSlot({ client, now, limit: 3, clientLimit: 2 });
    const [a, b] = ["198.51.100.1", "2001:db8::1"];
    await slot(a);
    await slot(a);
    for (let i = 0; i < 3; i += 1) {
      await expect(slot(a)).rejects.toMatchObject({
        code: "rate_limited",
        message: expect.stringMatching(/^This address may make 2 /),
        headers: { "Retry-After": "15" },
      });
    }
    // Household 3 of 3: a's three refusals took none of it.
    await expect(slot(b)).resolves.toBeUndefined();
    const household = { code: "rate_limited", message: expect.stringMatching(/allows about 3 look-ups a minute/) };
    await expect(slot(b)).rejects.toMatchObject(household);
    await expect(slot(null)).rejects.toMatchObject(household);
  });

  it("drops older minutes, the clients' too, with the first call of a minute", async () => {
    await acquireOffSlot({ client: "198.51.100.2", now: new Date("2030-01-03T09:00:10Z") });
    await acquireOffSlot({ client: "198.51.100.3", now: new Date("2030-01-03T09:01:10Z") });
    const offCounters = { OR: [{ scope: "off-calls" }, { scope: { startsWith: "off-calls:" } }] };
    expect(await db().dailyCounter.count({ where: { ...offCounters, day: { lt: "2030-01-03T09:01" } } })).toBe(0);
    expect(
      await db().dailyCounter.findMany({
        where: { ...offCounters, day: "2030-01-03T09:01" },
        select: { scope: true, value: true },
        orderBy: { scope: "asc" },
      }),
    ).toEqual([
      { scope: "off-calls", value: 1 },
      { scope: "off-calls:198.51.100.3", value: 1 },
    ]);
  });
});

describe("listPrices", () => {
  it("keeps the latest per store, cheapest first, and flags prices far from the median", async () => {
    const code = `560${Date.now()}`.slice(0, 13);
    const [a, b, c, d] = [unique("A"), unique("B"), unique("C"), unique("D")];
    await recordPrice(priceBody(code, a, "9,99", "2024-01-01T00:00:00Z"));
    await recordPrice(priceBody(code, a, "2,00", "2024-02-01T00:00:00Z"));
    await recordPrice(priceBody(code, b, "1,80", "2024-02-01T00:00:00Z"));
    await recordPrice(priceBody(code, c, "2,10", "2024-02-01T00:00:00Z"));
    await recordPrice(priceBody(code, d, "21,00", "2024-02-01T00:00:00Z"));

    const { prices, history } = await listPrices({ code, history: true });
    expect(prices.map((p) => [p.store_name, p.price, p.likely_typo])).toEqual([
      [b, "1.80", false],
      [a, "2.00", false],
      [c, "2.10", false],
      [d, "21.00", true],
    ]);
    expect(history).toHaveLength(5);
    expect(history?.[history.length - 1]?.price).toBe("9.99");
  });
});

function priceBody(code: string, storeName: string, price: string, observedAt: string) {
  return {
    code,
    productId: null,
    storeId: null,
    storeName,
    price: price.replace(",", "."),
    currency: "EUR",
    observedAt,
    source: "manual" as const,
  };
}
