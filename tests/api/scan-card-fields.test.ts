import { describe, expect, it } from "vitest";
import { householdDay } from "@/lib/household-clock";
import { api, operatorCookie } from "./client";
import { unique } from "@/tests/support/factories";

// What a card keeps besides its barcode (docs/decisions/025-card-fields.md):
// note, dates, balance and its spends, colour, star, archive, last use,
// printed number and text encoding; and card.expiring from its expiry.

type Card = Record<string, unknown> & { id: number; card_value: string };
type CardEvent = { id: number; type: string; subject: { id: number; url: string }; data: Record<string, unknown> };

async function newStore(): Promise<number> {
  const { data } = await api<{ store_id: number }>("/base-scan/api/stores", {
    method: "POST",
    json: { name: unique("Fnac") },
  });
  return data.store_id;
}

async function addCard(json: Record<string, unknown>) {
  const storeId = await newStore();
  return api<{ card: Card }>(`/base-scan/api/stores/${storeId}/cards`, {
    method: "POST",
    json: { person_name: "Ana", card_value: unique("GIFT").replace(/\W/g, ""), ...json },
  });
}

const patch = (id: number, json: Record<string, unknown>) =>
  api<{ card: Card }>(`/base-scan/api/cards/${id}`, { method: "PATCH", json });

/** A day `days` from today on the household's clock, as a form sends it. */
const dayFromNow = (days: number) => householdDay(new Date(Date.now() + days * 86_400_000));

async function cardEvents(cardId: number): Promise<CardEvent[]> {
  const { data } = await api<{ events: CardEvent[] }>("/labs/api/events?types=card.expiring&limit=1000", {
    cookie: await operatorCookie(),
  });
  return data.events.filter((event) => event.subject.id === cardId);
}

describe("a card's fields", () => {
  it("keeps every field it is given, and answers them in the list and on its own", async () => {
    const { status, data } = await addCard({
      card_format: "qr_code",
      label: "Oferta",
      note: "Prenda da avó\nPIN 4321",
      valid_from: "2026-01-01",
      expiry: "2030-12-31T10:00:00Z",
      balance: "25,50",
      balance_currency: "eur",
      header_color: "#1A73E8",
      starred: true,
      printed_number: "5000 1234",
      barcode_encoding: "ISO-8859-1",
    });
    expect(status).toBe(200);
    expect(data.card).toMatchObject({
      card_format: "qr_code",
      label: "Oferta",
      note: "Prenda da avó\nPIN 4321",
      valid_from: "2026-01-01T00:00:00.000Z",
      expiry: "2030-12-31T10:00:00.000Z",
      balance: "25.50",
      balance_currency: "EUR",
      header_color: "#1a73e8",
      starred: true,
      archived: false,
      last_used_at: null,
      printed_number: "5000 1234",
      barcode_encoding: "ISO-8859-1",
    });

    const one = await api<{ card: Card; spends: unknown[] }>(`/base-scan/api/cards/${data.card.id}`);
    expect(one.status).toBe(200);
    expect(one.data).toEqual({ ok: true, card: data.card, spends: [] });
  });

  it("gives a card no barcode when asked, and none of the new fields by default", async () => {
    const { data } = await addCard({ card_format: "none" });
    expect(data.card).toMatchObject({
      card_format: null,
      note: "",
      expiry: null,
      balance: null,
      balance_currency: null,
      header_color: null,
      starred: false,
      archived: false,
      printed_number: null,
      barcode_encoding: null,
    });
    const plain = await addCard({});
    expect(plain.data.card.card_format).toBe("code_128");
  });

  it("keeps no printed number equal to the barcode's value", async () => {
    const { data } = await addCard({ card_value: "77889900", printed_number: "77889900" });
    expect(data.card.printed_number).toBeNull();
    const changed = await patch(data.card.id, { printed_number: "7788 9900" });
    expect(changed.data.card.printed_number).toBe("7788 9900");
    // The number changed to the printed one: nothing differs any more.
    const same = await patch(data.card.id, { card_value: "7788 9900" });
    expect(same.data.card).toMatchObject({ card_value: "7788 9900", printed_number: null });
  });

  it("keeps a changed number, or a number under a changed format, as its barcode is printed (decision 027)", async () => {
    const codabar = (await addCard({ card_format: "codabar", card_value: "40156" })).data.card;
    expect(codabar.card_value).toBe("A40156A");
    // A new number alone is read under the format the card has.
    expect((await patch(codabar.id, { card_value: "778899" })).data.card.card_value).toBe("A778899A");

    const upc = (await addCard({ card_format: "code_128", card_value: "0050968000093" })).data.card;
    expect(upc.card_value).toBe("0050968000093");
    // A new format alone reads the number the card has under it: this GTIN is a UPC-E's.
    const changed = (await patch(upc.id, { card_format: "upc_e" })).data.card;
    expect(changed).toMatchObject({ card_value: "05096893", card_format: "upc_e" });
  });

  it("changes what is given, leaves the rest, and clears with null", async () => {
    const { data } = await addCard({ note: "first", balance: "10", starred: true });
    expect(data.card).toMatchObject({ balance: "10.00", balance_currency: "points" });
    const changed = await patch(data.card.id, { archived: true, balance_currency: "EUR", note: null });
    expect(changed.status).toBe(200);
    expect(changed.data.card).toMatchObject({
      archived: true,
      starred: true,
      note: "",
      balance: "10.00",
      balance_currency: "EUR",
    });
    const cleared = await patch(data.card.id, { balance: null });
    expect(cleared.data.card).toMatchObject({ balance: null, balance_currency: null });
  });

  it("refuses what a card cannot keep, naming the field, and changes nothing", async () => {
    const { data } = await addCard({ label: "kept" });
    const cases: [Record<string, unknown>, string][] = [
      [{ header_color: "blue" }, "header_color"],
      [{ balance_currency: "euros", balance: "1" }, "balance_currency"],
      [{ expiry: "31/12/2026" }, "expiry"],
      [{ balance: "-5" }, "balance"],
      [{ barcode_encoding: "EBCDIC" }, "barcode_encoding"],
      [{ note: "x".repeat(2001) }, "note"],
      [{ card_format: "hologram" }, "card_format"],
      [{}, "(root)"],
    ];
    for (const [json, field] of cases) {
      const refused = await patch(data.card.id, json);
      expect(refused.status, JSON.stringify(json)).toBe(400);
      const issues = (refused.data as unknown as { error: { issues: { path: string }[] } }).error.issues;
      expect(issues.map((issue) => issue.path)).toContain(field);
    }
    // A currency with no balance to belong to.
    const lone = await patch(data.card.id, { balance_currency: "EUR" });
    expect(lone.status).toBe(400);
    const after = await api<{ card: Card }>(`/base-scan/api/cards/${data.card.id}`);
    expect(after.data.card).toMatchObject({ label: "kept", balance: null, header_color: null });
    expect((await patch(2_000_000_000, { label: "x" })).status).toBe(404);
  });

  it("records when a card was shown at the till", async () => {
    const { data } = await addCard({});
    const before = Date.now();
    const used = await api<{ card: Card }>(`/base-scan/api/cards/${data.card.id}/used`, { method: "POST" });
    expect(used.status).toBe(200);
    expect(Date.parse(String(used.data.card.last_used_at))).toBeGreaterThanOrEqual(before - 1000);
    await api(`/base-scan/api/cards/${data.card.id}/delete`, { method: "POST" });
    expect((await api(`/base-scan/api/cards/${data.card.id}/used`, { method: "POST" })).status).toBe(404);
    expect((await api(`/base-scan/api/cards/${data.card.id}`)).status).toBe(404);
  });
});

describe("spending from a gift card", () => {
  it("takes the amount off, keeps it in the card's history, newest first", async () => {
    const { data } = await addCard({ balance: "20.00", balance_currency: "EUR" });
    const first = await api<{ card: Card; spend: Record<string, unknown> }>(
      `/base-scan/api/cards/${data.card.id}/spend`,
      { method: "POST", json: { amount: "7,50", note: "Livro" } },
    );
    expect(first.status).toBe(201);
    expect(first.data.card.balance).toBe("12.50");
    expect(first.data.spend).toMatchObject({ amount: "7.50", note: "Livro" });
    await api(`/base-scan/api/cards/${data.card.id}/spend`, { method: "POST", json: { amount: 2 } });
    const detail = await api<{ card: Card; spends: { amount: string; note: string }[] }>(
      `/base-scan/api/cards/${data.card.id}`,
    );
    expect(detail.data.card.balance).toBe("10.50");
    expect(detail.data.spends.map((spend) => [spend.amount, spend.note])).toEqual([
      ["2.00", ""],
      ["7.50", "Livro"],
    ]);
  });

  it("refuses more than the balance, a card without one, and nothing at all", async () => {
    const { data } = await addCard({ balance: "5", balance_currency: "EUR" });
    const over = await api<{ error: { message: string } }>(`/base-scan/api/cards/${data.card.id}/spend`, {
      method: "POST",
      json: { amount: "5.01" },
    });
    expect(over.status).toBe(409);
    expect(over.data.error.message).toContain("5.00 EUR");
    expect(
      (await api(`/base-scan/api/cards/${data.card.id}/spend`, { method: "POST", json: { amount: "0" } })).status,
    ).toBe(400);
    const plain = await addCard({});
    expect(
      (await api(`/base-scan/api/cards/${plain.data.card.id}/spend`, { method: "POST", json: { amount: 1 } })).status,
    ).toBe(409);
  });

  it("lets ten spends at once take no more than the balance", async () => {
    const { data } = await addCard({ balance: "3", balance_currency: "EUR" });
    const answers = await Promise.all(
      Array.from({ length: 10 }, () =>
        api(`/base-scan/api/cards/${data.card.id}/spend`, { method: "POST", json: { amount: 1 } }),
      ),
    );
    expect(answers.filter((answer) => answer.status === 201)).toHaveLength(3);
    expect(answers.filter((answer) => answer.status === 409)).toHaveLength(7);
    const detail = await api<{ card: Card; spends: unknown[] }>(`/base-scan/api/cards/${data.card.id}`);
    expect(detail.data.card.balance).toBe("0.00");
    expect(detail.data.spends).toHaveLength(3);
  });
});

describe("card.expiring", () => {
  it("is raised once when a card is given an expiry within a week, then again a day before", async () => {
    const { data } = await addCard({ expiry: dayFromNow(5) });
    const [event, ...more] = await cardEvents(data.card.id);
    expect(more).toEqual([]);
    expect(event).toMatchObject({
      type: "card.expiring",
      subject: { id: data.card.id, url: `/base-scan/?card=${data.card.id}` },
      data: { card_id: data.card.id, person_name: "Ana", days: 5 },
    });
    // No card number leaves in an event.
    expect(JSON.stringify(event)).not.toContain(data.card.card_value);

    // Changed to tomorrow: the one-day notice, once.
    await patch(data.card.id, { expiry: dayFromNow(1) });
    await patch(data.card.id, { note: "still tomorrow" });
    expect((await cardEvents(data.card.id)).map((e) => e.data.days)).toEqual([5, 1]);
  });

  it("is not raised for a card valid longer, already expired, or archived", async () => {
    const later = await addCard({ expiry: dayFromNow(30) });
    const past = await addCard({ expiry: dayFromNow(-2) });
    const archived = await addCard({ archived: true, expiry: dayFromNow(3) });
    for (const card of [later, past, archived]) expect(await cardEvents(card.data.card.id)).toEqual([]);
  });
});

describe("another site's page", () => {
  it("cannot change a card, spend from it or mark it used", async () => {
    const { data } = await addCard({ balance: "9", balance_currency: "EUR", label: "mine" });
    const crossSite = { origin: "https://evil.example", "sec-fetch-site": "cross-site" };
    const attacks = [
      api(`/base-scan/api/cards/${data.card.id}`, { method: "PATCH", headers: crossSite, json: { label: "theirs" } }),
      api(`/base-scan/api/cards/${data.card.id}/spend`, { method: "POST", headers: crossSite, json: { amount: 9 } }),
      api(`/base-scan/api/cards/${data.card.id}/used`, { method: "POST", headers: crossSite }),
    ];
    for (const attack of await Promise.all(attacks)) expect(attack.status).toBe(403);
    const after = await api<{ card: Card; spends: unknown[] }>(`/base-scan/api/cards/${data.card.id}`);
    expect(after.data.card).toMatchObject({ label: "mine", balance: "9.00", last_used_at: null });
    expect(after.data.spends).toEqual([]);
  });
});
