import { Client, StreamableHTTPClientTransport } from "@modelcontextprotocol/client";

// The official MCP SDK's client, as an agent would connect it: Streamable
// HTTP to /api/mcp, the key in the Authorization header.

export async function connectMcp(
  baseUrl: string,
  key: string,
  { language = "en", modern = false }: { language?: string; modern?: boolean } = {},
): Promise<Client> {
  // `modern`: the client asks for protocol 2026-07-28 (server/discover first),
  // which resource subscriptions need; by default it speaks the 2025 era.
  const client = new Client(
    { name: "labs-tests", version: "1.0.0" },
    modern ? { versionNegotiation: { mode: "auto" } } : undefined,
  );
  const transport = new StreamableHTTPClientTransport(new URL("/api/mcp", baseUrl), {
    requestInit: { headers: { authorization: `Bearer ${key}`, "accept-language": language } },
  });
  await client.connect(transport);
  return client;
}

/** A tool's JSON answer (the JSON route's body, or its error envelope). */
export function toolJson<T = Record<string, unknown>>(result: unknown): T {
  const { structuredContent } = result as { structuredContent?: unknown };
  return structuredContent as T;
}
