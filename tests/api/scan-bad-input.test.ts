import { describe, expect, it } from "vitest";
import { api } from "./client";

// Every bad input of docs/contract.md ("JSON endpoints") answers with the error envelope and a 4xx,
// never a 500: malformed JSON, invalid UTF-8, wrong types, unknown and
// non-integer ids, huge and deeply nested bodies, SQL/HTML metacharacters.

type Envelope = { ok: false; error: { code: string; message: string; issues?: { path: string; message: string }[] } };

function expectEnvelope(result: { status: number; data: unknown }, status: number, code: string) {
  expect(result.status).toBe(status);
  const body = result.data as Envelope;
  expect(body).toMatchObject({ ok: false, error: { code, message: expect.any(String) } });
  expect(body.error.message).not.toMatch(/prisma|select |insert |\bat \w+ \(/i);
}

// [path, a body whose fields all have the wrong type]
const BODY_ENDPOINTS: [string, Record<string, unknown>][] = [
  ["/base-scan/api/scan", { value: 123, format: ["ean_13"], note: {}, session_id: 5 }],
  ["/base-scan/api/stores", { name: 42, country: "Portugal", tax_id: {} }],
  ["/base-scan/api/stores/1/cards", { card_value: [], card_format: 1, person_id: "one" }],
  ["/base-scan/api/scans/1/store", { store_id: "5" }],
  ["/base-scan/api/preferences/set", { code: 1, person_name: null, sentiment: true }],
  ["/base-scan/api/prices", { code: 1, store_id: "x", price: { amount: 1 }, observed_at: "yesterday" }],
  ["/base-scan/api/products/manual", { name: 5, image_url: "javascript:alert(1)" }],
  ["/base-scan/api/session/end", { session_id: 12 }],
];

const raw = (path: string, body: BodyInit, contentType = "application/json") =>
  api(path, { method: "POST", body, headers: { "content-type": contentType } });

describe.each(BODY_ENDPOINTS)("POST %s", (path, wrongTypes) => {
  it.each([
    ["malformed JSON", () => raw(path, "{not json"), 400, "bad_json"],
    [
      "invalid UTF-8",
      () => raw(path, new Uint8Array([0x7b, 0x22, 0x61, 0x22, 0x3a, 0x22, 0xff, 0xfe, 0x22, 0x7d])),
      400,
      "bad_json",
    ],
    ["a JSON array", () => raw(path, "[1,2,3]"), 400, "validation_failed"],
    ["a JSON null", () => raw(path, "null"), 400, "validation_failed"],
    ["a JSON string", () => raw(path, '"value"'), 400, "validation_failed"],
    ["deeply nested JSON", () => raw(path, `${"[".repeat(50_000)}${"]".repeat(50_000)}`), 400, null],
    [
      "a body over 256 KiB",
      () => raw(path, JSON.stringify({ value: "x".repeat(300 * 1024) })),
      413,
      "payload_too_large",
    ],
    [
      "multipart form data",
      () => raw(path, "--x\r\n\r\n--x--", "multipart/form-data; boundary=x"),
      415,
      "unsupported_media_type",
    ],
    ["fields of the wrong type", () => api(path, { method: "POST", json: wrongTypes }), 400, "validation_failed"],
  ])("answers %s with the envelope", async (_name, send, status, code) => {
    const result = await send();
    if (code) expectEnvelope(result, status, code);
    else {
      expect(result.status).toBe(status);
      expect(result.data).toMatchObject({ ok: false });
    }
  });
});

describe("validation issues name the field", () => {
  it.each([
    ["/base-scan/api/scan", { value: "" }, "value"],
    ["/base-scan/api/scan", { value: "a\u0000b" }, "value"],
    ["/base-scan/api/scan", { value: "x", format: "ean" }, "format"],
    ["/base-scan/api/scan", { value: "x", session_id: "S-1' OR 1=1" }, "session_id"],
    ["/base-scan/api/stores", {}, "name"],
    ["/base-scan/api/stores", { name: "   " }, "name"],
    ["/base-scan/api/stores", { name: "x".repeat(121) }, "name"],
    ["/base-scan/api/stores/1/cards", { card_value: "1" }, "person_name"],
    ["/base-scan/api/stores/1/cards", { card_value: "1", person_id: 1.5 }, "person_id"],
    ["/base-scan/api/stores/1/cards", { card_value: "1", person_name: "A", card_format: "barcode" }, "card_format"],
    ["/base-scan/api/scans/1/store", {}, "store_id"],
    ["/base-scan/api/scans/1/store", { store_id: -3 }, "store_id"],
    ["/base-scan/api/preferences/set", { code: "1", person_name: "A", sentiment: "LIKE" }, "sentiment"],
    ["/base-scan/api/prices", { code: "1", store_name: "A", price: "12,345" }, "price"],
    ["/base-scan/api/prices", { code: "1", store_name: "A", price: 1e12 }, "price"],
    ["/base-scan/api/prices", { store_name: "A", price: "1" }, "code"],
    ["/base-scan/api/prices", { code: "1", price: "1" }, "store_id"],
    ["/base-scan/api/prices", { code: "1", store_name: "A", price: "1", currency: "euro" }, "currency"],
    ["/base-scan/api/prices", { code: "1", store_name: "A", price: "1", source: "guess" }, "source"],
    ["/base-scan/api/products/manual", {}, "name"],
  ])("POST %s %j → 400 on %s", async (path, json, field) => {
    const result = await api(path, { method: "POST", json });
    expectEnvelope(result, 400, "validation_failed");
    expect((result.data as Envelope).error.issues?.map((issue) => issue.path)).toContain(field);
  });
});

describe("route ids", () => {
  const ID_ROUTES: [string, (id: string) => string, Record<string, unknown> | undefined][] = [
    ["GET", (id) => `/base-scan/api/stores/${id}/cards`, undefined],
    ["POST", (id) => `/base-scan/api/stores/${id}/cards`, { card_value: "1", person_name: "A" }],
    ["POST", (id) => `/base-scan/api/cards/${id}/delete`, undefined],
    ["POST", (id) => `/base-scan/api/scans/${id}/store`, { store_id: null }],
  ];
  const NOT_INTEGERS = [
    "abc",
    "0",
    "-1",
    "1.5",
    "1e3",
    "12abc",
    "99999999999",
    "1%3BDROP%20TABLE%20card",
    "%3Cscript%3E",
  ];

  it.each(ID_ROUTES.flatMap(([method, path, json]) => NOT_INTEGERS.map((id) => [method, path(id), json] as const)))(
    "%s %s → 400",
    async (method, path, json) => {
      expectEnvelope(await api(path, { method, json }), 400, "validation_failed");
    },
  );

  it.each(ID_ROUTES.map(([method, path, json]) => [method, path("2147483647"), json] as const))(
    "%s %s (unknown) → 404",
    async (method, path, json) => {
      expectEnvelope(await api(path, { method, json }), 404, "not_found");
    },
  );
});

describe("queries and path codes", () => {
  it.each([
    ["/base-scan/api/cards?store_id=abc", 400, "validation_failed"],
    ["/base-scan/api/cards?store_id=1'%20OR%20'1'%3D'1", 400, "validation_failed"],
    ["/base-scan/api/prices?store_id=-1", 400, "validation_failed"],
    ["/base-scan/api/prices?history=maybe", 400, "validation_failed"],
    [`/base-scan/api/products/search?q=${"x".repeat(101)}`, 400, "validation_failed"],
    ["/base-scan/api/products/search?q=%00", 400, "validation_failed"],
    ["/base-scan/api/preferences/a%00b", 400, "validation_failed"],
    ["/base-scan/api/products/1'%20OR%201%3D1/enrich", 400, "validation_failed"],
    ["/base-scan/api/session/S-000101-1'--", 400, "validation_failed"],
  ])("GET %s → %i", async (path, status, code) => {
    expectEnvelope(await api(path), status, code);
  });

  it.each([
    "/base-scan/api/cards?store_id=2147483647",
    "/base-scan/api/prices?code=%3Cscript%3Ealert(1)%3C%2Fscript%3E",
    "/base-scan/api/prices?code='%3B%20DROP%20TABLE%20price%3B--&store_id=1",
    "/base-scan/api/products/search?q='%20OR%201%3D1%20--",
    "/base-scan/api/products/search?q=%FF%FE",
    "/base-scan/api/preferences/%3Cb%3E'%3B--",
  ])("GET %s → 200 with nothing found", async (path) => {
    const { status, data } = await api<Record<string, unknown>>(path);
    expect(status).toBe(200);
    expect(data.ok).toBe(true);
    const list = data.cards ?? data.prices ?? data.products ?? data.preferences;
    expect(list).toEqual([]);
  });

  it("keeps SQL and HTML in a scanned value verbatim", async () => {
    const value = `'; DROP TABLE scan;-- <img src=x onerror=alert(1)> ${Date.now()}`;
    const { status, data } = await api<{ value: string; kind: string }>("/base-scan/api/scan", {
      method: "POST",
      json: { value },
    });
    expect(status).toBe(200);
    expect(data).toMatchObject({ value, kind: "qr" });
  });
});
