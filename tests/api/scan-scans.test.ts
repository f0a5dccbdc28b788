import { randomInt, randomUUID } from "node:crypto";
import { describe, expect, it } from "vitest";
import { expandUpcE, gtinCheckDigit } from "@/lib/scan/check-digit";
import { upcEOf } from "@/lib/scan/normalise-reading";
import { nifCheckDigit } from "@/lib/scan/nif";
import { allPages, api } from "./client";
import { unique } from "@/tests/support/factories";

// POST /base-scan/api/scan and what hangs off a scan: kind, preferences,
// store inheritance, faturas, scans/<id>/store and scan sessions.

type Scan = {
  ok: true;
  id: number;
  value: string;
  format: string;
  kind: string;
  session_id: string;
  store_id: number | null;
  invoice: null | Record<string, unknown>;
};

/** A random EAN-13 with a valid check digit (prefix 20–29: in-store codes, never real products). */
function ean13(): string {
  const data = `2${String(randomInt(0, 1e11)).padStart(11, "0")}`;
  return `${data}${gtinCheckDigit(data)}`;
}

/** A random UPC-A of number system 0, 12 digits; its GTIN-13 is `0` and these. */
function upcA(): string {
  const data = `03${String(randomInt(0, 1e9)).padStart(9, "0")}`;
  return `${data}${gtinCheckDigit(data)}`;
}

/**
 * A random UPC-E as printed, 8 digits, in the one form GS1 allows for its
 * UPC-A: some digits could be written two ways (04720732 and 04700722 both
 * stand for 047200000072), and a printer uses only the first rule that
 * fits, as upcEOf does.
 */
function upcE(): string {
  for (;;) {
    const printed = upcEOf(`0${randomInt(1, 10)}${String(randomInt(0, 1e5)).padStart(5, "0")}`)!;
    if (upcEOf(expandUpcE(printed)!) === printed) return printed;
  }
}

function nif(): string {
  const data = `5${String(randomInt(0, 1e7)).padStart(7, "0")}`;
  return `${data}${nifCheckDigit(data)}`;
}

function fatura(issuer: string): string {
  return `A:${issuer}*B:999999990*C:PT*D:FS*E:N*F:20190812*G:FS CDVF/12345*H:CDF7T5HD-12345*I1:PT*I7:0.65*I8:0.15*N:0.15*O:0.80*Q:YhGV*R:9999*S:NU;0.80`;
}

function sidCookie(headers: Headers): string {
  const match = /scan_sid=([^;]*)/.exec(headers.get("set-cookie") ?? "");
  if (!match) throw new Error("no scan_sid cookie");
  return `scan_sid=${match[1]}`;
}

const scan = (json: Record<string, unknown>, cookie?: string) =>
  api<Scan>("/base-scan/api/scan", { method: "POST", json, cookie });

async function createStore(name: string, extra: Record<string, unknown> = {}): Promise<number> {
  const { status, data } = await api<{ store_id: number }>("/base-scan/api/stores", {
    method: "POST",
    json: { name, ...extra },
  });
  expect(status).toBe(200);
  return data.store_id;
}

describe("POST /base-scan/api/scan", () => {
  it("answers the contract's Scan object with ok: true", async () => {
    const value = ean13();
    const { status, data } = await scan({ value, format: "EAN-13", note: "on offer" });
    expect(status).toBe(200);
    expect(data).toMatchObject({
      ok: true,
      value,
      format: "ean_13",
      kind: "barcode",
      store_id: null,
      note: "on offer",
      invoice: null,
    });
    expect(data.id).toEqual(expect.any(Number));
    expect(data.session_id).toMatch(/^S-\d{6}-[1-9]\d*-[A-Za-z0-9_-]{22}$/);
    expect(new Date(String((data as Record<string, unknown>).created_at)).toISOString()).toBe(
      (data as Record<string, unknown>).created_at,
    );
  });

  it.each([
    ["EAN_13", "ean_13"],
    ["ean13", "ean_13"],
    ["UPC-A", "upc_a"],
    ["QRCode", "qr_code"],
    ["Code 128", "code_128"],
  ])("normalises the format %s to %s", async (format, expected) => {
    const { data } = await scan({ value: unique("X"), format });
    expect(data.format).toBe(expected);
  });

  it.each([
    ["a valid EAN-13 without a format", () => ({ value: ean13() }), "barcode"],
    ["an EAN-13 with a wrong check digit as a QR", () => ({ value: "5601234567891", format: "qr_code" }), "qr"],
    ["any Code 128 content", () => ({ value: unique("ABC"), format: "code_128" }), "barcode"],
    ["an https link", () => ({ value: "https://example.com/a?b=1", format: "qr_code" }), "url"],
    ["plain 2-D text", () => ({ value: unique("WIFI:S:home;;"), format: "qr_code" }), "qr"],
    ["a fatura QR", () => ({ value: fatura(nif()), format: "qr_code" }), "fatura"],
  ])("classifies %s", async (_name, body, kind) => {
    const { status, data } = await scan(body());
    expect(status).toBe(200);
    expect(data.kind).toBe(kind);
  });

  it("classifies the value of an active card as card, and not once it is deleted", async () => {
    const storeId = await createStore(unique("Continente"));
    const cardValue = ean13();
    const card = await api<{ card: { id: number } }>(`/base-scan/api/stores/${storeId}/cards`, {
      method: "POST",
      json: { card_value: cardValue, card_format: "ean_13", person_name: unique("Ana") },
    });
    expect(card.status).toBe(200);

    const asCard = await scan({ value: cardValue, format: "ean_13" });
    expect(asCard.data).toMatchObject({ kind: "card", store_id: storeId });

    await api(`/base-scan/api/cards/${card.data.card.id}/delete`, { method: "POST" });
    const afterDelete = await scan({ value: cardValue, format: "ean_13" });
    expect(afterDelete.data.kind).toBe("barcode");
  });

  it("creates dont_know for every person without a preference and keeps existing ones", async () => {
    const code = ean13();
    const [liker, newcomer] = [unique("Rita"), unique("Tiago")];
    const set = await api("/base-scan/api/preferences/set", {
      method: "POST",
      json: { code, person_name: liker, sentiment: "like" },
    });
    expect(set.status).toBe(200);
    const storeId = await createStore(unique("Lidl"));
    await api(`/base-scan/api/stores/${storeId}/cards`, {
      method: "POST",
      json: { card_value: unique("card"), person_name: newcomer },
    });

    expect((await scan({ value: code })).data.kind).toBe("barcode");
    // Other tests add people too: everyone is on one of the pages.
    const everyone = () =>
      allPages(
        `/base-scan/api/preferences/${code}`,
        (page) => page.preferences as { person_name: string; sentiment: string }[],
      );
    const { rows } = await everyone();
    const byName = new Map(rows.map((p) => [p.person_name, p.sentiment]));
    expect(byName.get(liker)).toBe("like");
    expect(byName.get(newcomer)).toBe("dont_know");
    expect(rows.length).toBeGreaterThanOrEqual(2);

    // Scanning again creates nothing new and changes nothing.
    await scan({ value: code });
    expect((await everyone()).rows).toEqual(rows);
  });

  it("survives concurrent scans of one new barcode with one preference per person", async () => {
    const code = ean13();
    const storeId = await createStore(unique("Intermarché"));
    await api(`/base-scan/api/stores/${storeId}/cards`, {
      method: "POST",
      json: { card_value: unique("card"), person_name: unique("Zé") },
    });
    const results = await Promise.all(Array.from({ length: 10 }, () => scan({ value: code })));
    expect(results.map((r) => r.status)).toEqual(Array(10).fill(200));
    const { data } = await api<{ preferences: { person_id: number; sentiment: string }[] }>(
      `/base-scan/api/preferences/${code}`,
    );
    const people = data.preferences.map((p) => p.person_id);
    expect(people.length).toBeGreaterThan(0);
    expect(new Set(people).size).toBe(people.length);
    expect(data.preferences.every((p) => p.sentiment === "dont_know")).toBe(true);
  });

  it("gives a code scanned before with a store that store", async () => {
    const code = ean13();
    const storeId = await createStore(unique("Mercadona"));
    const first = await scan({ value: code });
    expect(first.data.store_id).toBeNull();
    const attach = await api(`/base-scan/api/scans/${first.data.id}/store`, {
      method: "POST",
      json: { store_id: storeId },
    });
    expect(attach.status).toBe(200);

    const second = await scan({ value: code });
    expect(second.data.store_id).toBe(storeId);
  });
});

describe("one code, kept one way (docs/decisions/027-one-reading-one-value.md)", () => {
  it("keeps a UPC-E as the GTIN Open Food Facts keys it, whichever reader wrote it", async () => {
    const printed = upcE();
    const gtin = `0${expandUpcE(printed)}`;
    // As a phone's own reader, Catima and the scanner page pass it on…
    expect((await scan({ value: printed, format: "upc_e" })).data).toMatchObject({
      value: gtin,
      format: "upc_e",
      kind: "barcode",
    });
    // …and as zxing-wasm reads it.
    expect((await scan({ value: gtin, format: "upc_e" })).data.value).toBe(gtin);
    const product = await api<{ product: { code: string } }>(`/base-scan/api/products/${gtin}`);
    expect(product).toMatchObject({ status: 200, data: { product: { code: gtin } } });
  });

  it("keeps a UPC-A in 13 digits, and finds its product and prices by the 12 printed", async () => {
    const printed = upcA();
    const gtin = `0${printed}`;
    expect((await scan({ value: printed, format: "upc_a" })).data.value).toBe(gtin);
    expect((await scan({ value: gtin, format: "ean_13" })).data.value).toBe(gtin);
    expect((await scan({ value: printed })).data.value).toBe(gtin);

    const product = await api<{ product: { code: string } }>(`/base-scan/api/products/${printed}`);
    expect(product).toMatchObject({ status: 200, data: { product: { code: gtin } } });
    const price = await api<{ price: { code: string } }>("/base-scan/api/prices", {
      method: "POST",
      json: { code: printed, store_name: unique("Mercado"), price: "1,99" },
    });
    expect(price).toMatchObject({ status: 200, data: { price: { code: gtin } } });
  });

  it("keeps a Codabar with its start and stop letters", async () => {
    const data = String(randomInt(0, 1e9));
    expect((await scan({ value: data, format: "codabar" })).data.value).toBe(`A${data}A`);
    expect((await scan({ value: `b${data}d`, format: "codabar" })).data.value).toBe(`B${data}D`);
  });

  it("still takes the code of a card kept as printed for that card", async () => {
    const storeId = await createStore(unique("Drogaria"));
    const [short, twelve] = [upcE(), upcA()];
    for (const [value, format] of [
      [short, "upc_e"],
      [twelve, "upc_a"],
    ]) {
      const card = await api<{ card: { card_value: string } }>(`/base-scan/api/stores/${storeId}/cards`, {
        method: "POST",
        json: { card_value: value, card_format: format, person_name: unique("Ana") },
      });
      expect(card).toMatchObject({ status: 200, data: { card: { card_value: value } } });
    }
    // Read by zxing-wasm: the 13 digits of the UPC-A each stands for.
    expect((await scan({ value: `0${expandUpcE(short)}`, format: "upc_e" })).data).toMatchObject({
      kind: "card",
      store_id: storeId,
      value: short,
    });
    expect((await scan({ value: `0${twelve}`, format: "ean_13" })).data).toMatchObject({
      kind: "card",
      store_id: storeId,
      value: twelve,
    });
  });

  it("answers a resend with the scan it kept, whichever way the code was sent", async () => {
    const printed = upcE();
    const clientId = randomUUID();
    const first = await scan({ value: printed, format: "upc_e", client_id: clientId });
    const again = await scan({ value: `0${expandUpcE(printed)}`, format: "upc_e", client_id: clientId });
    expect(again.data).toMatchObject({ id: first.data.id, value: `0${expandUpcE(printed)}`, replayed: true });
  });
});

describe("fatura scans", () => {
  it("parses the fatura into an invoice and attaches the store whose tax_id is the issuer NIF", async () => {
    const issuer = nif();
    const storeId = await createStore(unique("Pingo Doce"), { tax_id: issuer });
    const { status, data } = await scan({ value: fatura(issuer), format: "qr_code" });
    expect(status).toBe(200);
    expect(data.kind).toBe("fatura");
    expect(data.store_id).toBe(storeId);
    expect(data.invoice).toMatchObject({
      store_id: storeId,
      parse_error: null,
      issuer_nif: issuer,
      buyer_nif: "999999990",
      country: "PT",
      doc_type: "FS",
      doc_status: "N",
      doc_date: "2019-08-12",
      doc_id: "FS CDVF/12345",
      atcud: "CDF7T5HD-12345",
      total_tax: "0.15",
      gross_total: "0.80",
      vat_lines: [{ region: "PT", rate: "normal", base: "0.65", vat: "0.15" }],
    });
  });

  it("records a malformed fatura with its parse error instead of failing", async () => {
    const value = `A:${nif()}*B:999999990*C:PT*D:FS*E:N*F:20191345*H:0*O:1,00`;
    const { status, data } = await scan({ value });
    expect(status).toBe(200);
    expect(data.kind).toBe("fatura");
    expect(data.invoice?.parse_error).toEqual(expect.stringMatching(/^fatura: .*F "20191345" is not a date/));
    expect(data.invoice?.gross_total).toBeNull();
  });
});

describe("POST /base-scan/api/scans/<id>/store", () => {
  it("attaches a store and removes it with null", async () => {
    const storeId = await createStore(unique("Auchan"));
    const { data: created } = await scan({ value: unique("thing"), format: "qr_code" });
    const set = await api<{ ok: true; scan: Scan }>(`/base-scan/api/scans/${created.id}/store`, {
      method: "POST",
      json: { store_id: storeId },
    });
    expect(set.status).toBe(200);
    expect(set.data).toMatchObject({ ok: true, scan: { id: created.id, store_id: storeId } });

    const cleared = await api<{ scan: Scan }>(`/base-scan/api/scans/${created.id}/store`, {
      method: "POST",
      json: { store_id: null },
    });
    expect(cleared.status).toBe(200);
    expect(cleared.data.scan.store_id).toBeNull();
  });

  it.each([
    ["an unknown scan", () => "999999999", { store_id: null }],
    ["an unknown store", (id: number) => String(id), { store_id: 999999999 }],
  ])("answers 404 for %s", async (_name, path, body) => {
    const { data: created } = await scan({ value: unique("thing"), format: "qr_code" });
    const { status, data } = await api(`/base-scan/api/scans/${path(created.id)}/store`, {
      method: "POST",
      json: body,
    });
    expect(status).toBe(404);
    expect(data).toMatchObject({ ok: false, error: { code: "not_found" } });
  });
});

describe("scan sessions", () => {
  it("opens a session, sets scan_sid and keeps later scans in it", async () => {
    const first = await scan({ value: unique("a"), format: "qr_code" });
    const setCookie = first.headers.get("set-cookie") ?? "";
    expect(setCookie).toContain(`scan_sid=${first.data.session_id}`);
    expect(setCookie).toMatch(/HttpOnly/i);
    expect(setCookie).toMatch(/SameSite=Lax/i);
    // Path=/ so the variant pages (/b/base-scan/session …) see it too.
    expect(setCookie).toMatch(/Path=\/;/);

    const second = await scan({ value: unique("b"), format: "qr_code" }, sidCookie(first.headers));
    expect(second.data.session_id).toBe(first.data.session_id);

    const fresh = await scan({ value: unique("c"), format: "qr_code" });
    expect(fresh.data.session_id).not.toBe(first.data.session_id);
  });

  it("prefers the body's session_id over the cookie", async () => {
    const a = await scan({ value: unique("a"), format: "qr_code" });
    const b = await scan({ value: unique("b"), format: "qr_code" });
    const c = await scan(
      { value: unique("c"), format: "qr_code", session_id: a.data.session_id },
      sidCookie(b.headers),
    );
    expect(c.data.session_id).toBe(a.data.session_id);
  });

  it("opens a new session when the named one is unknown or ended", async () => {
    const unknown = await scan({
      value: unique("u"),
      format: "qr_code",
      session_id: "S-000101-987654-AAAAAAAAAAAAAAAAAAAAAA",
    });
    expect(unknown.status).toBe(200);
    expect(unknown.data.session_id).not.toBe("S-000101-987654-AAAAAAAAAAAAAAAAAAAAAA");

    const cookie = sidCookie(unknown.headers);
    const end = await api<{ ok: true; ended: true; session: { id: string; state: string } }>(
      "/base-scan/api/session/end",
      {
        method: "POST",
        cookie,
      },
    );
    expect(end.status).toBe(200);
    expect(end.data).toMatchObject({ ok: true, ended: true, session: { id: unknown.data.session_id, state: "ended" } });
    expect(end.headers.get("set-cookie")).toMatch(/scan_sid=;.*Max-Age=0/);

    const after = await scan({ value: unique("v"), format: "qr_code" }, cookie);
    expect(after.data.session_id).not.toBe(unknown.data.session_id);
  });

  it("ends a session named in the body, and answers 404 without one", async () => {
    const { data } = await scan({ value: unique("x"), format: "qr_code" });
    const end = await api("/base-scan/api/session/end", { method: "POST", json: { session_id: data.session_id } });
    expect(end.status).toBe(200);
    const none = await api("/base-scan/api/session/end", { method: "POST" });
    expect(none.status).toBe(404);
    expect(none.data).toMatchObject({ ok: false, error: { code: "not_found" } });
    const unknown = await api("/base-scan/api/session/end", {
      method: "POST",
      json: { session_id: "S-000101-987655-AAAAAAAAAAAAAAAAAAAAAA" },
    });
    expect(unknown.status).toBe(404);
  });

  it("cannot be read by walking the day's numbers: a session id carries 128 random bits", async () => {
    const { data } = await scan({ value: fatura(nif()), format: "qr_code" });
    const label = data.session_id.split("-").slice(0, 3).join("-");
    expect((await api(`/base-scan/api/session/${label}`)).status).toBe(400);
    expect((await api(`/base-scan/api/session/${label}-${"A".repeat(22)}`)).status).toBe(404);
    expect((await api(`/base-scan/api/session/${data.session_id}`)).status).toBe(200);
  });

  it("GET session/<sid> returns the scans, store, invoices and totals", async () => {
    const issuer = nif();
    const storeId = await createStore(unique("Minipreço"), { tax_id: issuer });
    const first = await scan({ value: ean13() });
    const cookie = sidCookie(first.headers);
    await scan({ value: fatura(issuer), format: "qr_code" }, cookie);
    await scan({ value: `A:${nif()}*H:0*broken`, format: "qr_code" }, cookie);

    const { status, data } = await api<Record<string, unknown>>(`/base-scan/api/session/${first.data.session_id}`);
    expect(status).toBe(200);
    expect(data).toMatchObject({
      ok: true,
      session: { id: first.data.session_id, state: "open", ended_at: null },
      store: { id: storeId },
      totals: {
        scans: 3,
        by_kind: { barcode: 1, fatura: 2 },
        invoices: 2,
        parsed_invoices: 1,
        gross_total: "0.80",
        total_tax: "0.15",
      },
    });
    expect((data.scans as Scan[]).map((s) => s.kind)).toEqual(["barcode", "fatura", "fatura"]);
    expect((data.invoices as { parse_error: string | null }[])[1]?.parse_error).toMatch(/^fatura: /);
  });

  it.each([
    ["an unknown session", "S-000101-987656-AAAAAAAAAAAAAAAAAAAAAA", 404, "not_found"],
    ["a session's short label only, as a walker would guess it", "S-000101-1", 400, "validation_failed"],
    ["a malformed id", "not-a-session", 400, "validation_failed"],
    ["SQL in the id", "S-1' OR '1'='1", 400, "validation_failed"],
  ])("GET session/<sid> answers %s with the envelope", async (_name, sid, status, code) => {
    const result = await api(`/base-scan/api/session/${encodeURIComponent(sid)}`);
    expect(result.status).toBe(status);
    expect(result.data).toMatchObject({ ok: false, error: { code } });
  });
});
