import { randomUUID } from "node:crypto";
import { describe, expect, it } from "vitest";
import { api, operatorCookie } from "./client";

// One HTTP request to /api/mcp carries one JSON-RPC message, so one tool call
// is one request for the key's plan and its usage log
// (docs/decisions/019-mcp-one-message-a-request.md). A JSON-RPC batch, which
// MCP dropped in its 2025-06-18 revision, is refused whole: it would have
// run up to 100 tool calls for the price of one request.

type Envelope = { ok: false; error: { code: string; message: string } };
type ToolAnswer = { jsonrpc: "2.0"; id: number; result: { isError?: boolean; structuredContent: unknown } };

async function mint(scopes: string[], plan: string): Promise<{ id: number; key: string }> {
  const { status, data } = await api<{ id: number; key: string }>("/labs/api/keys", {
    method: "POST",
    cookie: await operatorCookie(),
    json: { name: `mcp batch ${randomUUID().slice(0, 8)}`, plan, scopes },
  });
  expect(status).toBe(201);
  return data;
}

/** One POST to /api/mcp, as a 2025-era stateless client sends it (no initialize needed). */
function postMcp<T = unknown>(key: string, body: unknown, language = "en") {
  return api<T>("/api/mcp", {
    method: "POST",
    headers: {
      authorization: `Bearer ${key}`,
      accept: "application/json, text/event-stream",
      "mcp-protocol-version": "2025-06-18",
      "accept-language": language,
    },
    json: body,
  });
}

function addNote(id: number, content: string, session: string) {
  return {
    jsonrpc: "2.0",
    id,
    method: "tools/call",
    params: { name: "add_note", arguments: { content, session_slug: session } },
  };
}

/** The JSON-RPC answer of a POST, sent as JSON or as one event of a stream. */
function rpcAnswer<T>(text: string): T {
  const data = /^data: (.*)$/m.exec(text)?.[1] ?? text;
  return JSON.parse(data) as T;
}

async function notesOf(session: string): Promise<string[]> {
  const { status, data } = await api<{ notes: { content: string }[] }>(
    `/base-research/api/notes?session_slug=${session}&limit=200`,
  );
  expect(status).toBe(200);
  return data.notes.map((note) => note.content);
}

async function usageOf(keyId: number): Promise<string[]> {
  const { data } = await api<{ usage: { path: string; status: number }[] }>(
    `/labs/api/usage?key_id=${keyId}&limit=200`,
    { cookie: await operatorCookie() },
  );
  return data.usage.map((line) => `${line.path} ${line.status}`).sort();
}

describe("one JSON-RPC message a request", () => {
  it("refuses a batch of 100 tool calls with 400, runs none and counts the request once", async () => {
    const { id: keyId, key } = await mint(["research"], "free");
    const session = `batch-${randomUUID().slice(0, 8)}`;
    const batch = Array.from({ length: 100 }, (_, n) => addNote(n + 1, `Batched note ${n}`, session));

    const refused = await postMcp<Envelope>(key, batch);
    expect(refused.status).toBe(400);
    expect(refused.data).toEqual({
      ok: false,
      error: { code: "validation_failed", message: expect.stringContaining("one JSON-RPC message") },
    });
    // The free plan's 60 a minute: the refused request is one of them, no more.
    expect(refused.headers.get("x-ratelimit-limit")).toBe("60");
    expect(refused.headers.get("x-ratelimit-remaining")).toBe("59");
    expect(await notesOf(session)).toEqual([]);

    // One message is one call, counted once and logged under its tool.
    const single = await postMcp(key, addNote(1, "One note", session));
    expect(single.status).toBe(200);
    const answer = rpcAnswer<ToolAnswer>(single.text);
    expect(answer).toMatchObject({ id: 1, result: { structuredContent: { ok: true } } });
    expect(answer.result.isError).toBeFalsy();
    expect(single.headers.get("x-ratelimit-remaining")).toBe("58");
    expect(await notesOf(session)).toEqual(["One note"]);

    await expect.poll(() => usageOf(keyId)).toEqual(["/api/mcp 400", "/api/mcp#add_note 200"]);
  });

  it("refuses a batch of one, and says so in the caller's language", async () => {
    const { key } = await mint(["research"], "free");
    const session = `batch-${randomUUID().slice(0, 8)}`;
    const refused = await postMcp<Envelope>(key, [addNote(1, "Alone in a batch", session)], "pt-PT");
    expect(refused.status).toBe(400);
    expect(refused.data.error.code).toBe("validation_failed");
    expect(refused.data.error.message).toContain("uma mensagem JSON-RPC");
    expect(await notesOf(session)).toEqual([]);
  });
});
