// POST/GET/DELETE /api/mcp – the Model Context Protocol door for agents, over Streamable HTTP
import { createMcpHandler } from "@modelcontextprotocol/server";
import { MCP_PROMPTS, MCP_RESOURCES, MCP_TOOLS } from "@/server/routes/api/mcp-catalogue";
import type { KeyCaller } from "@/lib/auth/api-keys";
import type { Access } from "@/lib/auth/authenticate";
import { errorResponse } from "@/lib/http/errors";
import { JSON_BODY_LIMIT } from "@/lib/http/body-limits";
import { handleRequest } from "@/lib/http/request-core";
import { requestLocale } from "@/lib/i18n/locales";
import { createLabsMcpServer } from "@/lib/mcp/labs-server";
import { readMcpMessage } from "@/lib/mcp/read-mcp-message";
import { followResourceUpdates } from "@/lib/mcp/resource-updates";
import type { ToolCaller } from "@/lib/mcp/route-tool";

// docs/decisions/014-mcp.md. The request core authenticates the key (any
// scope; each tool checks its own), counts it against its plan and logs it;
// the SDK's handler then serves the one JSON-RPC message of this request,
// with a server built for this key. Nothing is kept between requests. A
// batch is refused, so one tool call is one counted, logged request
// (docs/decisions/019-mcp-one-message-a-request.md).

const catalogue = { tools: MCP_TOOLS, resources: MCP_RESOURCES, prompts: MCP_PROMPTS };

const mcp = createMcpHandler(({ authInfo }) => createLabsMcpServer(catalogue, authInfo?.extra?.caller as ToolCaller), {
  legacy: "stateless",
  maxRequestBodySize: JSON_BODY_LIMIT,
  onerror: (error) => console.error("[mcp]", error),
});

const access: Access = { auth: "key" };

// Resource subscriptions follow the event log from the first MCP request on:
// a module that is only imported (the route table's tests) reads no database.
let following = false;

async function serve(request: Request): Promise<Response> {
  if (!following) {
    following = true;
    followResourceUpdates(mcp.notify);
  }
  return handleRequest(
    request,
    access,
    async (caller, origin) => {
      const key = caller as KeyCaller;
      const toolCaller: ToolCaller = { key, origin, request, locale: requestLocale(request) };
      // The one body parser, as on every JSON route: 415, 413, 400 bad_json
      // and a refused batch come in the error envelope before the SDK sees the message.
      const parsedBody = request.method === "POST" ? await readMcpMessage(request) : undefined;
      return mcp.fetch(request, {
        authInfo: { token: "", clientId: String(key.keyId), scopes: key.scopes, extra: { caller: toolCaller } },
        ...(parsedBody === undefined ? {} : { parsedBody }),
      });
    },
    errorResponse,
  );
}

export const POST = Object.assign(serve, access);
export const GET = Object.assign(serve, access);
export const DELETE = Object.assign(serve, access);
