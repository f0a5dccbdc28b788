import { randomInt, randomUUID } from "node:crypto";
import { describe, expect, it } from "vitest";
import { gtinCheckDigit } from "@/lib/scan/check-digit";
import type { ListPreferencesResponse, PreferenceItem, ScanItem } from "@/lib/scan/schemas";
import { allPages, api, uniqueClientAddress } from "./client";

// Every Scan route is public, so anyone can add people, cards, prices and
// scans by the thousand. Each list that grows with them answers a bounded
// page, and its `next` cursor reaches the rest without repeats or gaps; a
// scan of a new barcode writes nothing per person. Each test adds more rows
// than the default page holds. Other test files share this server, so lists
// are checked for this file's own rows.

const unique = (label: string) => `${label} ${randomUUID().slice(0, 8)}`;

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
