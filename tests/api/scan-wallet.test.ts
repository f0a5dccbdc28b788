import { describe, expect, it } from "vitest";
import { allPages, api } from "./client";
import { unique } from "@/tests/support/factories";

// Stores, loyalty cards and preferences of the scan service.

type Card = {
  id: number;
  store_id: number;
  store_name: string;
  person_id: number;
  person_name: string;
  card_value: string;
  card_format: string;
  label: string;
  created_at: string;
};

async function createStore(name: string): Promise<number> {
  const { status, data } = await api<{ store_id: number }>("/base-scan/api/stores", { method: "POST", json: { name } });
  expect(status).toBe(200);
  return data.store_id;
}

const addCard = (storeId: number | string, json: Record<string, unknown>) =>
  api<{ ok: true; card: Card }>(`/base-scan/api/stores/${storeId}/cards`, { method: "POST", json });

describe("stores", () => {
  it("creates a store and lists it with id, name and country", async () => {
    const name = unique("Continente Bom Dia");
    const created = await api("/base-scan/api/stores", { method: "POST", json: { name, tax_id: "502011475" } });
    expect(created.status).toBe(200);
    expect(created.data).toMatchObject({ ok: true, store_id: expect.any(Number), name, country: "PT", created: true });

    const { status, data } = await api<{ ok: true; stores: Record<string, unknown>[] }>("/base-scan/api/stores");
    expect(status).toBe(200);
    expect(data.ok).toBe(true);
    // Other files' stores share this server: the list is paged, by name.
    const { rows } = await allPages("/base-scan/api/stores", (page) => page.stores as Record<string, unknown>[]);
    expect(rows).toContainEqual({ id: created.data.store_id, name, country: "PT", tax_id: "502011475" });
  });

  it("returns the existing store for the same name in another case", async () => {
    const name = unique("Pingo Doce");
    const first = await createStore(name);
    const again = await api("/base-scan/api/stores", { method: "POST", json: { name: `  ${name.toUpperCase()} ` } });
    expect(again.data).toMatchObject({ ok: true, store_id: first, name, created: false });
  });

  it("gives one id to 20 concurrent creates of the same name", async () => {
    const name = unique("Lidl Race");
    const results = await Promise.all(
      Array.from({ length: 20 }, (_, i) =>
        api<{ store_id: number }>("/base-scan/api/stores", {
          method: "POST",
          json: { name: i % 2 ? name.toLowerCase() : name.toUpperCase() },
        }),
      ),
    );
    expect(results.map((r) => r.status)).toEqual(Array(20).fill(200));
    expect(new Set(results.map((r) => r.data.store_id)).size).toBe(1);
    const { rows } = await allPages("/base-scan/api/stores", (page) => page.stores as { name: string }[]);
    expect(rows.filter((s) => s.name.toLowerCase() === name.toLowerCase())).toHaveLength(1);
  });

  it("stores SQL and HTML metacharacters verbatim", async () => {
    const name = unique(`O'Brien"; DROP TABLE store;-- <script>alert(1)</script>`);
    const created = await api("/base-scan/api/stores", { method: "POST", json: { name } });
    expect(created.status).toBe(200);
    expect(created.data).toMatchObject({ name });
  });
});

describe("cards", () => {
  it("adds a card, creating the person by name, and lists it joined with store and person", async () => {
    const storeName = unique("Continente");
    const storeId = await createStore(storeName);
    const person = unique("Ana");
    const { status, data } = await addCard(storeId, {
      card_value: "2501234567890",
      card_format: "EAN-13",
      label: "Cartão Continente",
      person_name: person,
    });
    expect(status).toBe(200);
    expect(data.card).toMatchObject({
      store_id: storeId,
      store_name: storeName,
      person_name: person,
      card_value: "2501234567890",
      card_format: "ean_13",
      label: "Cartão Continente",
    });
    expect(data.card.created_at).toMatch(/^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\.\d{3}Z$/);

    // The same name (other case) is the same person; a person_id works too.
    const second = await addCard(storeId, { card_value: "other", person_name: person.toUpperCase() });
    expect(second.data.card.person_id).toBe(data.card.person_id);
    const third = await addCard(storeId, { card_value: "third", person_id: data.card.person_id });
    expect(third.status).toBe(200);
    expect(third.data.card.card_format).toBe("code_128");

    // Other tests add cards too: the card is on one of the pages.
    const all = await allPages("/base-scan/api/cards", (page) => page.cards as Card[]);
    expect(all.rows).toContainEqual(data.card);
    const filtered = await api<{ cards: Card[] }>(`/base-scan/api/cards?store_id=${storeId}`);
    expect(filtered.data.cards.map((c) => c.card_value).sort()).toEqual(["2501234567890", "other", "third"]);
    const byStore = await api<{ ok: true; store: { id: number }; cards: Card[] }>(
      `/base-scan/api/stores/${storeId}/cards`,
    );
    expect(byStore.status).toBe(200);
    expect(byStore.data.store.id).toBe(storeId);
    expect(byStore.data.cards).toEqual(filtered.data.cards);
  });

  it("answers 409 for the same card value twice for one store and person", async () => {
    const storeId = await createStore(unique("Auchan"));
    const person = unique("Rui");
    expect((await addCard(storeId, { card_value: "123", person_name: person })).status).toBe(200);
    const again = await addCard(storeId, { card_value: "123", person_name: person });
    expect(again.status).toBe(409);
    expect(again.data).toMatchObject({ ok: false, error: { code: "conflict" } });
    // Another person may hold the same value.
    expect((await addCard(storeId, { card_value: "123", person_name: unique("Eva") })).status).toBe(200);
  });

  it("lets exactly one of concurrent identical card creates win", async () => {
    const storeId = await createStore(unique("Race Store"));
    const person = unique("Race Person");
    await addCard(storeId, { card_value: "warm-up", person_name: person });
    const results = await Promise.all(
      Array.from({ length: 8 }, () => addCard(storeId, { card_value: "same", person_name: person })),
    );
    expect(results.map((r) => r.status).sort()).toEqual([200, ...Array(7).fill(409)]);
  });

  it("soft-deletes: gone from lists, value reusable, deleting again is harmless", async () => {
    const storeId = await createStore(unique("Mercadona"));
    const person = unique("Inês");
    const { data } = await addCard(storeId, { card_value: "999", person_name: person });
    const deleted = await api(`/base-scan/api/cards/${data.card.id}/delete`, { method: "POST" });
    expect(deleted.status).toBe(200);
    expect(deleted.data).toEqual({ ok: true, deleted: true });

    const listed = await api<{ cards: Card[] }>(`/base-scan/api/cards?store_id=${storeId}`);
    expect(listed.data.cards).toEqual([]);
    expect((await api(`/base-scan/api/cards/${data.card.id}/delete`, { method: "POST" })).status).toBe(200);
    expect((await addCard(storeId, { card_value: "999", person_name: person })).status).toBe(200);
  });

  it.each([
    ["GET cards of an unknown store", "GET", "/base-scan/api/stores/999999999/cards", undefined],
    [
      "POST a card to an unknown store",
      "POST",
      "/base-scan/api/stores/999999999/cards",
      { card_value: "1", person_name: "X" },
    ],
    ["POST a card for an unknown person_id", "POST", "STORE", { card_value: "1", person_id: 999999999 }],
    ["delete an unknown card", "POST", "/base-scan/api/cards/999999999/delete", undefined],
  ])("answers 404 to %s", async (_name, method, path, json) => {
    const url = path === "STORE" ? `/base-scan/api/stores/${await createStore(unique("S"))}/cards` : path;
    const { status, data } = await api(url, { method, json });
    expect(status).toBe(404);
    expect(data).toMatchObject({ ok: false, error: { code: "not_found" } });
  });
});

describe("preferences", () => {
  it("sets a sentiment, creating the person, and lists sentiments per person", async () => {
    const code = `2${Date.now()}`.slice(0, 13);
    const person = unique("Marta");
    const set = await api("/base-scan/api/preferences/set", {
      method: "POST",
      json: { code, person_name: person, sentiment: "worth_heartburn" },
    });
    expect(set.status).toBe(200);
    expect(set.data).toMatchObject({
      ok: true,
      preference: { code, person_name: person, sentiment: "worth_heartburn", person_id: expect.any(Number) },
    });

    await api("/base-scan/api/preferences/set", {
      method: "POST",
      json: { code, person_name: person, sentiment: "favorite" },
    });
    const { status, data } = await api<{ ok: true; code: string; preferences: Record<string, unknown>[] }>(
      `/base-scan/api/preferences/${code}`,
    );
    expect(status).toBe(200);
    expect(data.code).toBe(code);
    const mine = data.preferences.filter((p) => p.person_name === person);
    expect(mine).toEqual([
      { person_id: expect.any(Number), person_name: person, sentiment: "favorite", updated_at: expect.any(String) },
    ]);
  });

  it("answers an unknown code with an empty list", async () => {
    const { status, data } = await api(`/base-scan/api/preferences/${encodeURIComponent(unique("nothing"))}`);
    expect(status).toBe(200);
    expect(data).toMatchObject({ ok: true, preferences: [] });
  });

  it("refuses a sentiment outside the list", async () => {
    const { status, data } = await api("/base-scan/api/preferences/set", {
      method: "POST",
      json: { code: "1", person_name: "X", sentiment: "love" },
    });
    expect(status).toBe(400);
    expect(data).toMatchObject({ ok: false, error: { code: "validation_failed", issues: [{ path: "sentiment" }] } });
  });
});
