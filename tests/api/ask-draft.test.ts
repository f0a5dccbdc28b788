import { afterAll, beforeAll, describe, expect, inject, it } from "vitest";
import { startLlmStandIn, type LlmStandIn } from "@/tests/support/llm-stand-in";
import { startServer, type RunningServer } from "@/tests/support/server";
import { operatorCookie } from "./client";

// draft-response through the openai client against a local chat-completions
// stand-in: a good answer, a slow one (the app's timeout is cut to 1 s), a
// broken one and a garbled one. A failure leaves the todo as it was.

let llm: LlmStandIn;
let server: RunningServer;

beforeAll(async () => {
  llm = await startLlmStandIn();
  const databaseUrl = inject("apiDatabaseUrl");
  server = await startServer({
    ...(databaseUrl ? { DATABASE_URL: databaseUrl } : {}),
    LLM_BASE_URL: llm.url,
    LLM_MODEL: "stand-in-model",
    LLM_API_KEY: "sk-test-key",
    LLM_TIMEOUT_MS: "1000",
  });
});

afterAll(async () => {
  await server?.stop();
  await llm?.stop();
});

type Todo = { id: number; draft_response: string | null; updated_at: string };

async function call<T = Record<string, unknown>>(path: string, json?: unknown) {
  const response = await fetch(`${server.url}${path}`, {
    method: json === undefined ? "GET" : "POST",
    headers: { "content-type": "application/json", cookie: await operatorCookie() },
    body: json === undefined ? undefined : JSON.stringify(json),
  });
  return { status: response.status, data: (await response.json()) as T };
}

async function log(json: Record<string, unknown>) {
  return (await call<{ id: number }>("/api/core-ask/log", json)).data.id;
}

describe("draft-response with a language model", () => {
  it("sends the todo, its page context and follow-ups, and stores the model's draft", async () => {
    const id = await log({
      text: "Wallet barcode is too small to scan at Lidl",
      source: "bug",
      priority: 3,
      page_url: "http://127.0.0.1/base-scan/",
      page_context: { path: "/base-scan/", viewport: "412x915", user_agent: "Pixel 7" },
    });
    await log({ text: "Also happens at Continente", parent_id: id });
    const before = llm.requests.length;

    const { status, data } = await call<{ draft: string; drafter: string; model: string; todo: Todo }>(
      `/api/core-ask/${id}/draft-response`,
      {},
    );
    expect(status).toBe(200);
    expect(data).toMatchObject({ drafter: "llm", model: "stand-in-model" });
    expect(data.draft).toMatch(new RegExp(`^Drafted by the stand-in for: Todo #${id} \\(priority 3, source bug`));
    expect(data.todo.draft_response).toBe(data.draft);

    expect(llm.requests.length).toBe(before + 1);
    const request = llm.requests.at(-1)!;
    expect(request.model).toBe("stand-in-model");
    expect(request.authorization).toBe("Bearer sk-test-key");
    const prompt = request.messages.find((m) => m.role === "user")!.content;
    expect(prompt).toContain("Wallet barcode is too small to scan at Lidl");
    expect(prompt).toContain("Captured on page: http://127.0.0.1/base-scan/");
    expect(prompt).toContain('"viewport":"412x915"');
    expect(prompt).toContain("Also happens at Continente");
    expect(request.messages[0]?.role).toBe("system");
  });

  it.each([
    ["slow", "[slow]", 504, "upstream_timeout"],
    ["broken", "[broken]", 502, "upstream_failed"],
    ["garbled", "[garbage]", 502, "upstream_failed"],
    ["empty", "[empty]", 502, "upstream_failed"],
  ])("answers a %s model (%s) with %i and leaves the todo unchanged", async (_label, marker, expected, code) => {
    const id = await log({ text: `Please draft ${marker}` });
    await call(`/api/core-ask/${id}/update`, { draft_response: "kept draft" });
    const before = (await call<{ todo: Todo }>(`/api/core-ask/${id}`)).data.todo;

    const { status, data } = await call(`/api/core-ask/${id}/draft-response`, {});
    expect(status).toBe(expected);
    expect(data).toMatchObject({ ok: false, error: { code } });

    const after = (await call<{ todo: Todo }>(`/api/core-ask/${id}`)).data.todo;
    expect(after).toEqual(before);
  });
});
