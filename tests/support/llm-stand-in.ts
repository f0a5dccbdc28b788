import { createServer, type IncomingMessage, type ServerResponse } from "node:http";

// A local stand-in for an OpenAI-compatible chat-completions server
// (POST <base>/chat/completions, as OpenAI, Ollama, llama.cpp and vLLM speak
// it), so draft-response is tested through the real client library without
// the network. What it does depends on a marker in the prompt:
// - "[slow]"     answers after LLM_SLOW_MS (longer than the app's test timeout)
// - "[broken]"   HTTP 500 with an OpenAI-style error body
// - "[garbage]"  HTTP 200 with a body that is not JSON
// - "[empty]"    HTTP 200 with an empty message
// - anything else  HTTP 200, the draft "Drafted by the stand-in for: <first prompt line>"
// Every request body is kept in `requests` for the tests to read.

export const LLM_SLOW_MS = 3000;

export type ChatRequest = {
  model: string;
  messages: { role: string; content: string }[];
  authorization: string | null;
};

export type LlmStandIn = { url: string; requests: ChatRequest[]; stop: () => Promise<void> };

export async function startLlmStandIn(): Promise<LlmStandIn> {
  const requests: ChatRequest[] = [];
  const timers = new Set<NodeJS.Timeout>();

  const server = createServer(async (request: IncomingMessage, response: ServerResponse) => {
    const url = new URL(request.url ?? "/", "http://stand-in");
    if (request.method !== "POST" || url.pathname !== "/v1/chat/completions") {
      return json(response, 404, { error: { message: "no such endpoint", type: "invalid_request_error" } });
    }
    const chunks: Buffer[] = [];
    for await (const chunk of request) chunks.push(chunk as Buffer);
    const body = JSON.parse(Buffer.concat(chunks).toString("utf8")) as Omit<ChatRequest, "authorization">;
    requests.push({ ...body, authorization: request.headers.authorization ?? null });
    const prompt = body.messages.map((m) => m.content).join("\n");

    if (prompt.includes("[slow]")) {
      const timer = setTimeout(() => {
        timers.delete(timer);
        if (!response.destroyed) json(response, 200, completion(body.model, "too late"));
      }, LLM_SLOW_MS);
      timers.add(timer);
      return;
    }
    if (prompt.includes("[broken]")) {
      return json(response, 500, { error: { message: "model crashed", type: "server_error", code: null } });
    }
    if (prompt.includes("[garbage]")) {
      response.writeHead(200, { "content-type": "application/json" });
      return response.end('{"id":"chatcmpl-1","choices":[{');
    }
    if (prompt.includes("[empty]")) return json(response, 200, completion(body.model, ""));
    const user = body.messages.find((m) => m.role === "user")?.content ?? "";
    return json(response, 200, completion(body.model, `Drafted by the stand-in for: ${user.split("\n")[0]}`));
  });

  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const address = server.address();
  if (!address || typeof address === "string") throw new Error("LLM stand-in has no port");
  return {
    url: `http://127.0.0.1:${address.port}/v1`,
    requests,
    stop: () =>
      new Promise<void>((resolve) => {
        for (const timer of timers) clearTimeout(timer);
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}

function completion(model: string, content: string) {
  return {
    id: "chatcmpl-stand-in",
    object: "chat.completion",
    created: Math.floor(Date.now() / 1000),
    model,
    choices: [{ index: 0, message: { role: "assistant", content }, finish_reason: "stop" }],
    usage: { prompt_tokens: 1, completion_tokens: 1, total_tokens: 2 },
  };
}

function json(response: ServerResponse, status: number, body: unknown) {
  response.writeHead(status, { "content-type": "application/json" });
  response.end(JSON.stringify(body));
}
