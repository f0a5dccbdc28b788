import type { Client } from "@modelcontextprotocol/client";
import { afterAll, beforeAll, describe, expect, inject, it } from "vitest";
import { startLlmStandIn, type LlmStandIn } from "@/tests/support/llm-stand-in";
import { connectMcp, toolJson } from "@/tests/support/mcp-client";
import { startServer, type RunningServer } from "@/tests/support/server";
import { operatorCookie } from "./client";

// A whole turn of the ask queue through MCP, on a server whose drafts come
// from a language model (the chat-completions stand-in): pending → claim →
// draft → answer, and the JSON door sees the answer.

let llm: LlmStandIn;
let server: RunningServer;
let client: Client;

type Todo = { id: number; status: string; claimed_by: string | null; response: string | null; draft_response: string };

beforeAll(async () => {
  llm = await startLlmStandIn();
  const databaseUrl = inject("apiDatabaseUrl");
  server = await startServer({
    ...(databaseUrl ? { DATABASE_URL: databaseUrl } : {}),
    LLM_BASE_URL: llm.url,
    LLM_MODEL: "stand-in-model",
  });
  const minted = await json<{ key: string }>("/labs/api/keys", {
    name: "queue agent",
    plan: "pro",
    scopes: ["ask"],
  });
  client = await connectMcp(server.url, minted.key);
});

afterAll(async () => {
  await client?.close();
  await server?.stop();
  await llm?.stop();
});

async function json<T>(path: string, body?: unknown): Promise<T> {
  const response = await fetch(`${server.url}${path}`, {
    method: body === undefined ? "GET" : "POST",
    headers: { "content-type": "application/json", cookie: await operatorCookie(), "accept-language": "en" },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  return (await response.json()) as T;
}

describe("an ask cycle over MCP", () => {
  it("lists pending, claims, drafts with the language model and answers", async () => {
    const logged = await json<{ id: number }>("/api/core-ask/log", {
      text: "The Pingo Doce card does not scan at the till",
      source: "bug",
      priority: 5,
    });

    // The queue, a page at a time (on PostgreSQL the suites share one queue).
    const pendingIds: number[] = [];
    let cursor: string | null = null;
    do {
      const page: { todos: Todo[]; next: string | null } = toolJson(
        await client.callTool({
          name: "list_pending",
          arguments: { limit: 1000, ...(cursor ? { before: cursor } : {}) },
        }),
      );
      pendingIds.push(...page.todos.map((todo) => todo.id));
      cursor = page.next;
    } while (cursor && !pendingIds.includes(logged.id));
    expect(pendingIds).toContain(logged.id);

    const claimed = await client.callTool({ name: "claim_todo", arguments: { id: logged.id, agent: "mcp-agent" } });
    expect(toolJson(claimed)).toMatchObject({ ok: true, claimed_by: "mcp-agent" });

    const before = llm.requests.length;
    const drafted = toolJson<{ drafter: string; draft: string }>(
      await client.callTool({ name: "draft_response", arguments: { id: logged.id } }),
    );
    expect(drafted.drafter).toBe("llm");
    expect(drafted.draft).toMatch(new RegExp(`^Drafted by the stand-in for: Todo #${logged.id} `));
    expect(llm.requests.length).toBe(before + 1);
    expect(llm.requests.at(-1)!.messages.find((m) => m.role === "user")!.content).toContain("Pingo Doce");

    const answered = await client.callTool({
      name: "update_todo",
      arguments: {
        id: logged.id,
        response: `${drafted.draft} We will look at it today.`,
        status: "answered",
        agent: "mcp-agent",
      },
    });
    expect(answered.isError, JSON.stringify(answered.content)).toBeFalsy();

    const { todo } = await json<{ todo: Todo }>(`/api/core-ask/${logged.id}`);
    expect(todo).toMatchObject({
      status: "answered",
      response: `${drafted.draft} We will look at it today.`,
      draft_response: drafted.draft,
    });
  });
});
