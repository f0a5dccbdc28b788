import { describe, expect, it } from "vitest";
import { api } from "./client";

// docs/contract.md, "JSON endpoints": every bad input gets the envelope { ok: false, error: { code,
// message, issues? } } with its status, never a 500.

type Case = {
  name: string;
  path: string;
  method?: "GET" | "POST";
  json?: unknown;
  body?: BodyInit;
  headers?: Record<string, string>;
  status: number;
  code: string;
  // The issue paths the validation error must name, in order.
  issues?: string[];
};

const observe = "/base-research/api/observe";
const note = "/base-research/api/note";
const ok = { item_name: "Valid item", source: "Shop" };

const cases: Case[] = [
  // malformed bodies
  { name: "observe: malformed JSON", path: observe, body: '{"item_name": "x",', status: 400, code: "bad_json" },
  {
    name: "observe: invalid UTF-8",
    path: observe,
    body: new Uint8Array([0x7b, 0x22, 0xff, 0xfe, 0x22, 0x7d]),
    status: 400,
    code: "bad_json",
  },
  {
    name: "observe: JSON array",
    path: observe,
    json: [ok],
    status: 400,
    code: "validation_failed",
    issues: ["(root)"],
  },
  {
    name: "observe: JSON string",
    path: observe,
    json: "hello",
    status: 400,
    code: "validation_failed",
    issues: ["(root)"],
  },
  { name: "observe: null", path: observe, body: "null", status: 400, code: "validation_failed", issues: ["(root)"] },
  { name: "observe: empty body", path: observe, body: "", status: 400, code: "validation_failed", issues: ["source"] },
  {
    name: "observe: body over 256 KiB",
    path: observe,
    json: { ...ok, notes: "x".repeat(300 * 1024) },
    status: 413,
    code: "payload_too_large",
  },
  {
    name: "observe: deeply nested body",
    path: observe,
    body: `{"item_name":${"[".repeat(50_000)}${"]".repeat(50_000)},"source":"A"}`,
    status: 400,
    code: "validation_failed",
    issues: ["item_name"],
  },
  {
    name: "observe: multipart",
    path: observe,
    body: '--x\r\nContent-Disposition: form-data; name="a"\r\n\r\nb\r\n--x--\r\n',
    headers: { "content-type": "multipart/form-data; boundary=x" },
    status: 415,
    code: "unsupported_media_type",
  },
  // missing and wrong fields
  {
    name: "observe: neither item_id nor item_name",
    path: observe,
    json: { source: "Shop" },
    status: 400,
    code: "validation_failed",
    issues: ["item_id"],
  },
  {
    name: "observe: blank item_name",
    path: observe,
    json: { item_name: "   ", source: "Shop" },
    status: 400,
    code: "validation_failed",
    issues: ["item_id"],
  },
  {
    name: "observe: missing source",
    path: observe,
    json: { item_name: "x" },
    status: 400,
    code: "validation_failed",
    issues: ["source"],
  },
  {
    name: "observe: blank source",
    path: observe,
    json: { item_name: "x", source: " " },
    status: 400,
    code: "validation_failed",
    issues: ["source"],
  },
  {
    name: "observe: source a number",
    path: observe,
    json: { item_name: "x", source: 12 },
    status: 400,
    code: "validation_failed",
    issues: ["source"],
  },
  {
    name: "observe: item_name an object",
    path: observe,
    json: { item_name: { a: 1 }, source: "A" },
    status: 400,
    code: "validation_failed",
    issues: ["item_name"],
  },
  {
    name: "observe: item_id text",
    path: observe,
    json: { item_id: "abc", source: "A" },
    status: 400,
    code: "validation_failed",
    issues: ["item_id"],
  },
  {
    name: "observe: item_id fractional",
    path: observe,
    json: { item_id: 1.5, source: "A" },
    status: 400,
    code: "validation_failed",
    issues: ["item_id"],
  },
  {
    name: "observe: item_id negative",
    path: observe,
    json: { item_id: -3, source: "A" },
    status: 400,
    code: "validation_failed",
    issues: ["item_id"],
  },
  {
    name: "observe: item_id beyond int4",
    path: observe,
    json: { item_id: 99_999_999_999, source: "A" },
    status: 400,
    code: "validation_failed",
    issues: ["item_id"],
  },
  {
    name: "observe: item_id SQL",
    path: observe,
    json: { item_id: "1 OR 1=1", source: "A" },
    status: 400,
    code: "validation_failed",
    issues: ["item_id"],
  },
  {
    name: "observe: unknown item_id",
    path: observe,
    json: { item_id: 2_147_483_647, source: "A" },
    status: 404,
    code: "not_found",
  },
  {
    name: "observe: unknown condition",
    path: observe,
    json: { ...ok, condition: "used" },
    status: 400,
    code: "validation_failed",
    issues: ["condition"],
  },
  {
    name: "observe: unknown availability",
    path: observe,
    json: { ...ok, availability: "maybe" },
    status: 400,
    code: "validation_failed",
    issues: ["availability"],
  },
  {
    name: "observe: currency too long",
    path: observe,
    json: { ...ok, currency: "EURO" },
    status: 400,
    code: "validation_failed",
    issues: ["currency"],
  },
  {
    name: "observe: currency a symbol",
    path: observe,
    json: { ...ok, currency: "€" },
    status: 400,
    code: "validation_failed",
    issues: ["currency"],
  },
  {
    name: "observe: price not a number",
    path: observe,
    json: { ...ok, price: "cheap" },
    status: 400,
    code: "validation_failed",
    issues: ["price"],
  },
  {
    name: "observe: price ambiguous",
    path: observe,
    json: { ...ok, price: "1.234" },
    status: 400,
    code: "validation_failed",
    issues: ["price"],
  },
  {
    name: "observe: price negative",
    path: observe,
    json: { ...ok, price: -5 },
    status: 400,
    code: "validation_failed",
    issues: ["price"],
  },
  {
    name: "observe: price a boolean",
    path: observe,
    json: { ...ok, price: true },
    status: 400,
    code: "validation_failed",
    issues: ["price"],
  },
  {
    name: "observe: price too large",
    path: observe,
    json: { ...ok, price: "99999999999" },
    status: 400,
    code: "validation_failed",
    issues: ["price"],
  },
  {
    name: "observe: javascript: url",
    path: observe,
    json: { ...ok, url: "javascript:alert(1)" },
    status: 400,
    code: "validation_failed",
    issues: ["url"],
  },
  {
    name: "observe: url without scheme",
    path: observe,
    json: { ...ok, url: "shop.example/x" },
    status: 400,
    code: "validation_failed",
    issues: ["url"],
  },
  {
    name: "observe: NUL in source",
    path: observe,
    json: { item_name: "x", source: "a\u0000b" },
    status: 400,
    code: "validation_failed",
    issues: ["source"],
  },
  {
    name: "observe: lone surrogate in item_name",
    path: observe,
    body: '{"item_name":"bad \\ud800 text","source":"A"}',
    status: 400,
    code: "validation_failed",
    issues: ["item_name"],
  },
  {
    name: "observe: session_slug a number",
    path: observe,
    json: { ...ok, session_slug: 7 },
    status: 400,
    code: "validation_failed",
    issues: ["session_slug"],
  },
  {
    name: "observe: item_name too long",
    path: observe,
    json: { item_name: "x".repeat(201), source: "A" },
    status: 400,
    code: "validation_failed",
    issues: ["item_name"],
  },
  // note
  { name: "note: missing content", path: note, json: {}, status: 400, code: "validation_failed", issues: ["content"] },
  {
    name: "note: empty content",
    path: note,
    json: { content: "  " },
    status: 400,
    code: "validation_failed",
    issues: ["content"],
  },
  {
    name: "note: content a number",
    path: note,
    json: { content: 5 },
    status: 400,
    code: "validation_failed",
    issues: ["content"],
  },
  {
    name: "note: session_slug an array",
    path: note,
    json: { content: "x", session_slug: ["a"] },
    status: 400,
    code: "validation_failed",
    issues: ["session_slug"],
  },
  { name: "note: malformed JSON", path: note, body: "content=hello", status: 400, code: "bad_json" },
  // notes query
  {
    name: "notes: limit 0",
    method: "GET",
    path: "/base-research/api/notes?limit=0",
    status: 400,
    code: "validation_failed",
    issues: ["query.limit"],
  },
  {
    name: "notes: limit 201",
    method: "GET",
    path: "/base-research/api/notes?limit=201",
    status: 400,
    code: "validation_failed",
    issues: ["query.limit"],
  },
  {
    name: "notes: limit text",
    method: "GET",
    path: "/base-research/api/notes?limit=ten",
    status: 400,
    code: "validation_failed",
    issues: ["query.limit"],
  },
  {
    name: "notes: limit negative",
    method: "GET",
    path: "/base-research/api/notes?limit=-1",
    status: 400,
    code: "validation_failed",
    issues: ["query.limit"],
  },
  {
    name: "notes: limit SQL",
    method: "GET",
    path: `/base-research/api/notes?limit=${encodeURIComponent("1; DROP TABLE note")}`,
    status: 400,
    code: "validation_failed",
    issues: ["query.limit"],
  },
  // items/<id>
  {
    name: "items: text id",
    method: "GET",
    path: "/base-research/api/items/abc",
    status: 400,
    code: "validation_failed",
    issues: ["params.id"],
  },
  {
    name: "items: zero id",
    method: "GET",
    path: "/base-research/api/items/0",
    status: 400,
    code: "validation_failed",
    issues: ["params.id"],
  },
  {
    name: "items: fractional id",
    method: "GET",
    path: "/base-research/api/items/1.5",
    status: 400,
    code: "validation_failed",
    issues: ["params.id"],
  },
  {
    name: "items: id beyond int4",
    method: "GET",
    path: "/base-research/api/items/99999999999",
    status: 400,
    code: "validation_failed",
    issues: ["params.id"],
  },
  {
    name: "items: SQL id",
    method: "GET",
    path: `/base-research/api/items/${encodeURIComponent("1' OR '1'='1")}`,
    status: 400,
    code: "validation_failed",
    issues: ["params.id"],
  },
  {
    name: "items: HTML id",
    method: "GET",
    path: `/base-research/api/items/${encodeURIComponent("<script>")}`,
    status: 400,
    code: "validation_failed",
    issues: ["params.id"],
  },
  {
    name: "items: unknown id",
    method: "GET",
    path: "/base-research/api/items/2147483647",
    status: 404,
    code: "not_found",
  },
];

describe("research API errors", () => {
  it.each(cases)("$name → $status $code", async (c) => {
    const { status, data, headers } = await api<{
      ok: boolean;
      error: { code: string; message: string; issues?: { path: string; message: string }[] };
    }>(c.path, {
      method: c.method ?? "POST",
      ...(c.json !== undefined ? { json: c.json } : {}),
      ...(c.body !== undefined ? { body: c.body, headers: { "content-type": "application/json", ...c.headers } } : {}),
    });
    expect(status).toBe(c.status);
    expect(headers.get("content-type")).toMatch(/application\/json/);
    expect(data.ok).toBe(false);
    expect(data.error.code).toBe(c.code);
    expect(typeof data.error.message).toBe("string");
    expect(data.error.message.length).toBeGreaterThan(0);
    expect(Object.keys(data).sort()).toEqual(["error", "ok"]);
    if (c.issues) {
      expect(data.error.issues?.map((i) => i.path)).toEqual(c.issues);
      for (const issue of data.error.issues ?? []) expect(issue.message.length).toBeGreaterThan(0);
    } else {
      expect(data.error.issues).toBeUndefined();
    }
  });

  it("names the field and the fix in the message of a bad price", async () => {
    const { data } = await api("/base-research/api/observe", { method: "POST", json: { ...ok, price: "1.234" } });
    expect(data).toEqual({
      ok: false,
      error: {
        code: "validation_failed",
        message: expect.stringMatching(/^price: "1\.234" is ambiguous/),
        issues: [{ path: "price", message: expect.stringMatching(/^"1\.234" is ambiguous/) }],
      },
    });
  });

  it("asks for item_id or item_name in plain words", async () => {
    const { data } = await api("/base-research/api/observe", { method: "POST", json: { source: "Shop" } });
    expect(data).toEqual({
      ok: false,
      error: {
        code: "validation_failed",
        message: "item_id: give item_id or item_name",
        issues: [{ path: "item_id", message: "give item_id or item_name" }],
      },
    });
  });
});
