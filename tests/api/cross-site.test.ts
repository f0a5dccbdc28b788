import { randomUUID } from "node:crypto";
import { request as httpRequest } from "node:http";
import { describe, expect, it } from "vitest";
import { listAppRoutes } from "@/tests/support/routes";
import { api, baseUrl, authHeadersFor, operatorCookie } from "./client";

// No cross-site writes (docs/contract.md, "JSON endpoints"): a page on another site can make a family
// member's browser send a "simple" request (text/plain or a form, no
// preflight) to any public route. JSON routes take only JSON, form routes
// only form encodings, and every write refuses a browser request from
// another site; curl and agents, which send no such headers, pass.

const postRoutes = listAppRoutes()
  .filter((route) => route.methods.includes("POST"))
  .map((route) => route.path.replace(/\{[^}]+\}/g, "1"));

// What `fetch(url, { method: "POST", mode: "no-cors", body: JSON.stringify(…) })`
// on evil.example sends: text/plain, and the browser's own headers. It comes
// from elsewhere (through the test server's trusted proxy): only a program on
// the machine itself may post JSON under another type (the research agent).
const NO_CORS = { "content-type": "text/plain;charset=UTF-8", "x-forwarded-for": "203.0.113.9" };
const CROSS_SITE = { origin: "https://evil.example", "sec-fetch-site": "cross-site", "sec-fetch-mode": "no-cors" };

describe("content types", () => {
  it.each(postRoutes)("%s refuses a text/plain body with 415", async (path) => {
    const { status, data, headers } = await api(path, {
      method: "POST",
      cookie: await operatorCookie(),
      headers: { ...NO_CORS, ...(await authHeadersFor(path)) },
      body: JSON.stringify({ text: "posted as text" }),
    });
    expect(status).toBe(415);
    // The login and pairing forms answer a browser with their page again.
    if (headers.get("content-type")?.includes("json")) {
      expect(data).toMatchObject({ ok: false, error: { code: "unsupported_media_type" } });
    }
  });

  it("lets the agent on this machine post JSON under curl's form default", async () => {
    const body = JSON.stringify({ item_name: "curl -d item", source: "agent", price: "2,00" });
    const form = { "content-type": "application/x-www-form-urlencoded" };
    const local = await api("/base-research/api/observe", { method: "POST", headers: form, body });
    expect(local.status).toBe(200);
    const forwarded = await api("/base-research/api/observe", {
      method: "POST",
      headers: { ...form, "x-forwarded-for": "203.0.113.9" },
      body,
    });
    expect(forwarded.status).toBe(415);
  });

  it("still takes a bare POST with no body, whatever it claims", async () => {
    const todo = await api<{ id: number }>("/api/core-ask/log", { method: "POST", json: { text: "bare release" } });
    await api(`/api/core-ask/${todo.data.id}/claim`, { method: "POST", cookie: await operatorCookie(), json: {} });
    const released = await api(`/api/core-ask/${todo.data.id}/release`, {
      method: "POST",
      cookie: await operatorCookie(),
    });
    expect(released.status).toBe(200);
  });
});

describe("cross-site writes", () => {
  async function newStore(): Promise<number> {
    const made = await api<{ store_id: number }>("/base-scan/api/stores", {
      method: "POST",
      json: { name: `Store ${randomUUID().slice(0, 8)}` },
    });
    expect(made.status).toBe(200);
    return made.data.store_id;
  }
  const cardsOf = async (storeId: number) =>
    (await api<{ cards: { card_value: string }[] }>(`/base-scan/api/stores/${storeId}/cards`)).data.cards;

  it("cannot add a wallet card with a no-cors fetch from another site", async () => {
    const storeId = await newStore();
    const card = { card_value: "666", card_format: "code_128", person_name: "Ana" };
    const attack = await api(`/base-scan/api/stores/${storeId}/cards`, {
      method: "POST",
      headers: { ...NO_CORS, ...CROSS_SITE },
      body: JSON.stringify(card),
    });
    expect(attack.status).toBe(403);
    // Even sent as JSON (which would need a preflight), the origin is refused.
    const asJson = await api(`/base-scan/api/stores/${storeId}/cards`, {
      method: "POST",
      headers: CROSS_SITE,
      json: card,
    });
    expect(asJson.status).toBe(403);
    expect(await cardsOf(storeId)).toEqual([]);
  });

  it("cannot delete a wallet card from another site, nor from a sibling site", async () => {
    const storeId = await newStore();
    const card = await api<{ card: { id: number } }>(`/base-scan/api/stores/${storeId}/cards`, {
      method: "POST",
      json: { card_value: "777", card_format: "code_128", person_name: "Ana" },
    });
    expect(card.status).toBe(200);
    const attacks: Record<string, string>[] = [
      CROSS_SITE,
      { "sec-fetch-site": "same-site" },
      { origin: "http://evil.example" },
    ];
    for (const headers of attacks) {
      const attack = await api(`/base-scan/api/cards/${card.data.card.id}/delete`, { method: "POST", headers });
      expect(attack.status).toBe(403);
    }
    expect((await cardsOf(storeId)).map((row) => row.card_value)).toEqual(["777"]);
    const deleted = await api(`/base-scan/api/cards/${card.data.card.id}/delete`, {
      method: "POST",
      headers: { origin: baseUrl, "sec-fetch-site": "same-origin" },
    });
    expect(deleted.status).toBe(200);
    expect(await cardsOf(storeId)).toEqual([]);
  });

  it("cannot capture a todo with a cross-site HTML form", async () => {
    const text = `cross-site form ${randomUUID()}`;
    const attack = await api("/api/core-ask/log", {
      method: "POST",
      headers: { "content-type": "application/x-www-form-urlencoded", ...CROSS_SITE, "sec-fetch-mode": "navigate" },
      body: new URLSearchParams({ text }).toString(),
    });
    expect(attack.status).toBe(403);
    const pending = await api<{ todos: { text: string }[] }>("/api/core-ask/pending?limit=200", {
      cookie: await operatorCookie(),
    });
    expect(JSON.stringify(pending.data)).not.toContain(text);
  });

  it("lets curl and agents write as before", async () => {
    const { status } = await api("/base-research/api/observe", {
      method: "POST",
      json: { item_name: "Agent item", source: "agent", price: "1,99" },
    });
    expect(status).toBe(200);
  });
});

describe("API paths under a variant prefix", () => {
  it("are refused at once, never buffered by the proxy", async () => {
    // 12 MiB, more than the proxy would buffer: the answer must come without
    // the body being read to its end, and it is no route.
    const answer = await new Promise<number>((resolve, reject) => {
      const request = httpRequest(`${baseUrl}/b/api/core-ask/log`, {
        method: "POST",
        headers: { "content-type": "application/json", "content-length": String(12 * 1024 * 1024) },
      });
      request.on("response", (response) => {
        response.resume();
        resolve(response.statusCode ?? 0);
        request.destroy();
      });
      request.on("error", (error) => {
        // Ending the request early may hang up the socket after the answer.
        if (!error.message.includes("socket hang up")) reject(error);
      });
      request.write(Buffer.alloc(64 * 1024, 32));
    });
    expect(answer).toBe(404);
  });
});
