import { randomInt, randomUUID } from "node:crypto";
import { describe, expect, it } from "vitest";
import { gtinCheckDigit } from "@/lib/scan/check-digit";
import { nifCheckDigit } from "@/lib/scan/nif";
import type {
  Card,
  ListPreferencesResponse,
  ListPricesResponse,
  Price,
  PreferenceItem,
  ScanItem,
  SessionDetailResponse,
} from "@/lib/scan/schemas";
import { allPages, api, uniqueClientAddress } from "./client";
import { unique } from "@/tests/support/factories";

// Every Scan route is public, so anyone can add people, cards, prices and
// scans by the thousand. Each list that grows with them answers a bounded
// page, and its `next` cursor reaches the rest without repeats or gaps; a
// scan of a new barcode writes nothing per person. Each test adds more rows
// than the default page holds. Other test files share this server, so lists
// are checked for this file's own rows.

function ean13(): string {
  const data = `2${String(randomInt(0, 1e11)).padStart(11, "0")}`;
  return `${data}${gtinCheckDigit(data)}`;
}

/** A write from a client address of its own, as from many phones: never one client's rate limit. */
function post<T = Record<string, unknown>>(path: string, json: unknown) {
  return api<T>(path, { method: "POST", json, headers: { "X-Forwarded-For": uniqueClientAddress() } });
}

/** `count` calls of `make(i)`, a few at a time; every answer must be 200. */
async function createMany<T>(count: number, make: (i: number) => Promise<{ status: number; data: T }>): Promise<T[]> {
  const results: T[] = [];
  for (let start = 0; start < count; start += 8) {
    const batch = await Promise.all(
      Array.from({ length: Math.min(8, count - start) }, (_, offset) => make(start + offset)),
    );
    for (const answer of batch) {
      expect(answer.status).toBe(200);
      results.push(answer.data);
    }
  }
  return results;
}

function expectNoRepeats(ids: readonly (number | string)[]) {
  expect(new Set(ids).size).toBe(ids.length);
}

async function storeId(name: string): Promise<number> {
  const { status, data } = await post<{ store_id: number }>("/base-scan/api/stores", { name });
  expect(status).toBe(200);
  return data.store_id;
}

describe("preferences of a code", () => {
  it("writes no row per person on a scan: everyone reads dont_know, a page at a time", async () => {
    const tag = randomUUID().slice(0, 8);
    // 105 people, more than the default page of 100.
    const names = Array.from({ length: 105 }, (_, i) => `Pessoa ${tag} ${String(i).padStart(3, "0")}`);
    await createMany(names.length, (i) =>
      post("/base-scan/api/preferences/set", { code: ean13(), person_name: names[i], sentiment: "like" }),
    );

    const code = ean13();
    expect((await post<ScanItem>("/base-scan/api/scan", { value: code })).data.kind).toBe("barcode");

    // A person who arrives after the scan reads dont_know too: the default is
    // computed when read, not rows written for the people of the moment.
    const latecomer = `Pessoa ${tag} late`;
    const card = await post(`/base-scan/api/stores/${await storeId(unique("Loja"))}/cards`, {
      card_value: unique("card"),
      person_name: latecomer,
    });
    expect(card.status).toBe(200);

    const first = await api<ListPreferencesResponse>(`/base-scan/api/preferences/${code}`);
    expect(first.status).toBe(200);
    expect(first.data.preferences).toHaveLength(100);
    expect(first.data.next).toEqual(expect.any(String));

    const { rows, pages } = await allPages(
      `/base-scan/api/preferences/${code}`,
      (page) => page.preferences as PreferenceItem[],
    );
    expect(pages[0]).toEqual(first.data.preferences);
    for (const page of pages) expect(page.length).toBeLessThanOrEqual(100);
    expectNoRepeats(rows.map((row) => row.person_id));
    const mine = rows.filter((row) => row.person_name.startsWith(`Pessoa ${tag} `));
    expect(mine.map((row) => row.person_name).sort()).toEqual([...names, latecomer].sort());
    expect(rows.every((row) => row.sentiment === "dont_know")).toBe(true);
  });

  it("lists people who chose first, then everyone else, each by name; limit and cursor page it", async () => {
    const tag = randomUUID().slice(0, 8);
    const names = Array.from({ length: 12 }, (_, i) => `Gente ${tag} ${String(i).padStart(2, "0")}`);
    await createMany(names.length, (i) =>
      post("/base-scan/api/preferences/set", { code: ean13(), person_name: names[i], sentiment: "like" }),
    );
    const code = ean13();
    await post("/base-scan/api/scan", { value: code });
    // The last by name chooses: they come first all the same.
    const chooser = names.at(-1)!;
    await post("/base-scan/api/preferences/set", { code, person_name: chooser, sentiment: "favorite" });

    const first = await api<ListPreferencesResponse>(`/base-scan/api/preferences/${code}?limit=5`);
    expect(first.status).toBe(200);
    expect(first.data.preferences).toHaveLength(5);
    expect(first.data.preferences[0]).toMatchObject({ person_name: chooser, sentiment: "favorite" });

    const { rows, pages } = await allPages(
      `/base-scan/api/preferences/${code}?limit=5`,
      (page) => page.preferences as PreferenceItem[],
    );
    expect(pages.every((page) => page.length <= 5)).toBe(true);
    expectNoRepeats(rows.map((row) => row.person_id));
    expect(rows[0]!.person_name).toBe(chooser);
    const others = rows.slice(1).filter((row) => row.person_name.startsWith(`Gente ${tag} `));
    expect(others.map((row) => row.person_name)).toEqual(names.slice(0, -1));
  });

  it.each([
    ["limit=0", "query.limit"],
    ["limit=501", "query.limit"],
    ["limit=ten", "query.limit"],
    ["cursor=not-a-cursor", "query.cursor"],
    [`cursor=${Buffer.from('[7,"x"]').toString("base64url")}`, "query.cursor"],
  ])("refuses %s with 400", async (query, path) => {
    const { status, data } = await api(`/base-scan/api/preferences/${ean13()}?${query}`);
    expect(status).toBe(400);
    expect(data).toMatchObject({ ok: false, error: { code: "validation_failed", issues: [{ path }] } });
  });
});

/** The href of the page's rel="next" link, unescaped, or null. */
function nextLink(html: string): string | null {
  const tag = /<a\b[^>]*\brel="next"[^>]*>/.exec(html)?.[0];
  const href = tag && /\bhref="([^"]+)"/.exec(tag)?.[1];
  return href ? href.replace(/&amp;/g, "&") : null;
}

describe("cards", () => {
  it("lists a page of cards and `next` reaches the rest, in wallet order, without repeats or gaps", async () => {
    const store = await storeId(unique("Cartões"));
    const people = [unique("Ana"), unique("Bruno"), unique("Carla")];
    const cards = await createMany(105, (i) =>
      post<{ card: Card }>(`/base-scan/api/stores/${store}/cards`, {
        card_value: `CARD-${String(i).padStart(3, "0")}`,
        person_name: people[i % 3],
      }),
    );

    const first = await api<{ cards: Card[]; next: string | null }>(`/base-scan/api/cards?store_id=${store}`);
    expect(first.status).toBe(200);
    expect(first.data.cards).toHaveLength(100);
    expect(first.data.next).toEqual(expect.any(String));

    const { rows, pages } = await allPages(`/base-scan/api/cards?store_id=${store}`, (page) => page.cards as Card[]);
    expect(pages.map((page) => page.length)).toEqual([100, 5]);
    // One store: by person name, then by age.
    const expected = cards
      .map(({ card }) => card)
      .sort((a, b) => people.indexOf(a.person_name) - people.indexOf(b.person_name) || a.id - b.id);
    expect(rows).toEqual(expected);

    // The store's own card list pages the same way.
    const byStore = await allPages(`/base-scan/api/stores/${store}/cards?limit=40`, (page) => page.cards as Card[]);
    expect(byStore.pages.map((page) => page.length)).toEqual([40, 40, 25]);
    expect(byStore.rows).toEqual(expected);

    // Every card of every store: a bounded page, and this store's cards on the pages.
    const all = await api<{ cards: Card[]; next: string | null }>("/base-scan/api/cards");
    expect(all.data.cards).toHaveLength(100);
    expect(all.data.next).toEqual(expect.any(String));
    const everything = await allPages("/base-scan/api/cards", (page) => page.cards as Card[]);
    expectNoRepeats(everything.rows.map((card) => card.id));
    expect(everything.rows.filter((card) => card.store_id === store)).toEqual(expected);
  });

  it("refuses a limit above 500 and a cursor it did not give out", async () => {
    expect((await api("/base-scan/api/cards?limit=501")).status).toBe(400);
    expect((await api("/base-scan/api/cards?limit=500")).status).toBe(200);
    const forged = Buffer.from(JSON.stringify(["a", "b", "c"])).toString("base64url");
    const { status, data } = await api(`/base-scan/api/cards?cursor=${forged}`);
    expect(status).toBe(400);
    expect(data).toMatchObject({ error: { code: "validation_failed", issues: [{ path: "query.cursor" }] } });
  });

  it("the wallet page shows 100 cards and a plain link to the rest", async () => {
    const store = await storeId(unique("Carteira"));
    const person = unique("Dora");
    await createMany(105, (i) =>
      post(`/base-scan/api/stores/${store}/cards`, {
        card_value: `W-${String(i).padStart(3, "0")}`,
        person_name: person,
      }),
    );

    // Walk the wallet's pages through its "More cards" links, as a browser without JavaScript would.
    const tiles = /aria-label="([^"]*), card ([^"]*)"/g;
    const mine: string[] = [];
    let path: string | null = "/base-scan/";
    let pageCount = 0;
    while (path) {
      // The tiles' names are read in English.
      const page = await api(path, { headers: { "accept-language": "en" } });
      expect(page.status).toBe(200);
      const shown = [...page.text.matchAll(tiles)];
      expect(shown.length).toBeLessThanOrEqual(100);
      if (pageCount === 0) expect(shown).toHaveLength(100);
      for (const [, owner, value] of shown) if (owner!.includes(person)) mine.push(value!);
      path = nextLink(page.text);
      pageCount += 1;
      expect(pageCount).toBeLessThan(50);
    }
    expect(pageCount).toBeGreaterThan(1);
    expect(mine.sort()).toEqual(Array.from({ length: 105 }, (_, i) => `W-${String(i).padStart(3, "0")}`));
  });
});

describe("GET /base-scan/api/stores", () => {
  type StoreRow = { id: number; name: string; country: string; tax_id: string | null };

  it("answers a page of stores by name, and `next` reaches the rest without repeats or gaps", async () => {
    const tag = randomUUID().slice(0, 8);
    // 105 stores, more than the default page of 100; every name sorts together.
    const names = Array.from({ length: 105 }, (_, i) => `Loja ${tag} ${String(i).padStart(3, "0")}`);
    const made = await createMany(names.length, (i) =>
      post<{ store_id: number }>("/base-scan/api/stores", { name: names[i] }),
    );
    const ids = made.map((store) => store.store_id);

    const first = await api<{ stores: StoreRow[]; next: string | null }>("/base-scan/api/stores");
    expect(first.status).toBe(200);
    expect(first.data.stores.length).toBeLessThanOrEqual(100);
    expect(first.data.next).toEqual(expect.any(String));
    // The shape a store had before paging, and nothing more.
    expect(Object.keys(first.data.stores[0]!).sort()).toEqual(["country", "id", "name", "tax_id"]);

    const { rows } = await allPages("/base-scan/api/stores?limit=40", (page) => page.stores as StoreRow[]);
    expectNoRepeats(rows.map((store) => store.id));
    const ours = rows.filter((store) => store.name.includes(tag));
    expect(ours.map((store) => store.name)).toEqual(names);
    expect(ours.map((store) => store.id)).toEqual(ids);
  });

  it("refuses a limit above 500 and a cursor it did not give out", async () => {
    expect((await api("/base-scan/api/stores?limit=501")).status).toBe(400);
    expect((await api("/base-scan/api/stores?limit=500")).status).toBe(200);
    const forged = Buffer.from(JSON.stringify([7, "x"])).toString("base64url");
    const { status, data } = await api(`/base-scan/api/stores?cursor=${forged}`);
    expect(status).toBe(400);
    expect(data).toMatchObject({ error: { code: "validation_failed", issues: [{ path: "query.cursor" }] } });
  });
});

describe("GET /base-scan/api/prices", () => {
  it("answers a page of latest prices, cheapest first, and `next` reaches the rest", async () => {
    const code = ean13();
    // 105 stores, few distinct prices: ties are ordered by store.
    const prices = await createMany(105, (i) =>
      post<{ price: Price }>("/base-scan/api/prices", {
        code,
        store_name: unique(`Preço ${String(i).padStart(3, "0")}`),
        price: `${1 + (i % 7)},00`,
      }),
    );

    const first = await api<ListPricesResponse>(`/base-scan/api/prices?code=${code}`);
    expect(first.status).toBe(200);
    expect(first.data.prices).toHaveLength(100);
    expect(first.data.next).toEqual(expect.any(String));

    const { rows, pages } = await allPages(`/base-scan/api/prices?code=${code}`, (page) => page.prices as Price[]);
    expect(pages.map((page) => page.length)).toEqual([100, 5]);
    expectNoRepeats(rows.map((row) => row.id));
    expect(rows.map((row) => row.id).sort((a, b) => a - b)).toEqual(
      prices.map(({ price }) => price.id).sort((a, b) => a - b),
    );
    const amounts = rows.map((row) => Number(row.price));
    expect(amounts).toEqual([...amounts].sort((a, b) => a - b));

    // Every product: a bounded page too.
    const all = await api<ListPricesResponse>("/base-scan/api/prices");
    expect(all.data.prices.length).toBeLessThanOrEqual(100);
    expect(all.data.next).toEqual(expect.any(String));
  });

  it("pages the history apart, newest first, with history_cursor", async () => {
    const code = ean13();
    const store = unique("Histórico");
    // 105 prices at one store, a day apart: one latest price, 105 in the history.
    await createMany(105, (i) =>
      post("/base-scan/api/prices", {
        code,
        store_name: store,
        price: "2,50",
        observed_at: new Date(Date.UTC(2024, 0, 1 + i)).toISOString(),
      }),
    );

    const first = await api<ListPricesResponse>(`/base-scan/api/prices?code=${code}&history=1&limit=40`);
    expect(first.status).toBe(200);
    expect(first.data.prices).toHaveLength(1);
    expect(first.data.next).toBeNull();
    expect(first.data.history).toHaveLength(40);

    const { rows, pages } = await allPages(
      `/base-scan/api/prices?code=${code}&history=1&limit=40`,
      (page) => page.history as Price[],
      { cursor: "history_cursor", next: "history_next" },
    );
    expect(pages.map((page) => page.length)).toEqual([40, 40, 25]);
    expectNoRepeats(rows.map((row) => row.id));
    const days = rows.map((row) => row.observed_at);
    expect(days).toEqual([...days].sort().reverse());
    expect(days.at(-1)).toBe("2024-01-01T00:00:00.000Z");

    // The default history page is bounded too.
    const byDefault = await api<ListPricesResponse>(`/base-scan/api/prices?code=${code}&history=1`);
    expect(byDefault.data.history).toHaveLength(100);
    expect(byDefault.data.history_next).toEqual(expect.any(String));
  });

  it("refuses a limit above 500 and a forged cursor", async () => {
    expect((await api("/base-scan/api/prices?limit=501")).status).toBe(400);
    const forged = Buffer.from(JSON.stringify(["cheap", "x", 1])).toString("base64url");
    expect((await api(`/base-scan/api/prices?cursor=${forged}`)).status).toBe(400);
    expect((await api(`/base-scan/api/prices?history=1&history_cursor=${forged}`)).status).toBe(400);
  });
});

/** The AT specification's example fatura QR (0,80 € with 0,15 € VAT) from a valid issuer NIF, as document `document`. */
function fatura(document: string): string {
  const issuer = `5${String(randomInt(0, 1e7)).padStart(7, "0")}`;
  return `A:${issuer}${nifCheckDigit(issuer)}*B:999999990*C:PT*D:FS*E:N*F:20190812*G:${document}*H:CDF7T5HD-12345*I1:PT*I7:0.65*I8:0.15*N:0.15*O:0.80*Q:YhGV*R:9999*S:NU;0.80`;
}

describe("a session's scans", () => {
  it("answers the latest 200 with the whole session's totals; `next` reaches the older ones", async () => {
    // Two invoices first, so they sit on the older page; the totals count them all the same.
    const faturas = ["FS A/1", "FS A/2"].map((document) => fatura(document));
    const opened = await post<ScanItem>("/base-scan/api/scan", { value: faturas[0], format: "qr_code" });
    const sid = opened.data.session_id;
    // The second invoice before the rest, which are sent all at once, in any order.
    const second = await post<ScanItem>("/base-scan/api/scan", {
      value: faturas[1],
      format: "qr_code",
      session_id: sid,
    });
    const rest = await createMany(203, () =>
      post<ScanItem>("/base-scan/api/scan", { value: ean13(), format: "ean_13", session_id: sid }),
    );
    expect(rest.every((scan) => scan.session_id === sid)).toBe(true);
    const ids = [opened.data.id, second.data.id, ...rest.map((scan) => scan.id)].sort((a, b) => a - b);

    const latest = await api<SessionDetailResponse>(`/base-scan/api/session/${sid}`);
    expect(latest.status).toBe(200);
    expect(latest.data.scans.map((scan) => scan.id)).toEqual(ids.slice(-200));
    expect(latest.data.next).toEqual(expect.any(String));
    expect(latest.data.invoices).toEqual([]);
    expect(latest.data.totals).toMatchObject({
      scans: 205,
      by_kind: { fatura: 2, barcode: 203 },
      invoices: 2,
      parsed_invoices: 2,
      gross_total: "1.60",
      total_tax: "0.30",
    });

    const older = await api<SessionDetailResponse>(
      `/base-scan/api/session/${sid}?cursor=${encodeURIComponent(latest.data.next!)}`,
    );
    expect(older.status).toBe(200);
    expect(older.data.scans.map((scan) => scan.id)).toEqual(ids.slice(0, 5));
    expect(older.data.next).toBeNull();
    expect(older.data.invoices.map((invoice) => invoice.scan_id)).toEqual(ids.slice(0, 2));
    expect(older.data.totals).toEqual(latest.data.totals);

    // Smaller pages reach every scan once, each page oldest first.
    const { rows, pages } = await allPages(`/base-scan/api/session/${sid}?limit=60`, (page) =>
      (page.scans as ScanItem[]).map((scan) => scan.id),
    );
    expect(pages.map((page) => page.length)).toEqual([60, 60, 60, 25]);
    for (const page of pages) expect(page).toEqual([...page].sort((a, b) => a - b));
    expect([...rows].sort((a, b) => a - b)).toEqual(ids);

    // The session page shows the latest 200 with the count, and links to the older ones.
    const html = await api(`/base-scan/session?sid=${encodeURIComponent(sid)}`);
    expect(html.status).toBe(200);
    expect(html.text.match(/data-testid="session-scan"/g)).toHaveLength(200);
    expect(html.text).toContain("The latest 200 of 205 scans");
    const more = nextLink(html.text);
    expect(more).toEqual(expect.stringContaining("cursor="));
    const olderHtml = await api(more!);
    expect(olderHtml.text.match(/data-testid="session-scan"/g)).toHaveLength(5);
    expect(olderHtml.text).toContain("5 older scans of 205");
    expect(nextLink(olderHtml.text)).toBeNull();
  });

  it("refuses a limit above 500", async () => {
    const { data } = await post<ScanItem>("/base-scan/api/scan", { value: ean13() });
    expect((await api(`/base-scan/api/session/${data.session_id}?limit=501`)).status).toBe(400);
  });
});
