// POST/GET/DELETE /api/mcp – the Model Context Protocol door for agents, over Streamable HTTP
import type { createMcpHandler } from "@modelcontextprotocol/server";
import { MCP_PROMPTS, MCP_RESOURCES, MCP_TOOLS } from "@/server/routes/api/mcp-catalogue";
import type { KeyCaller } from "@/lib/auth/api-keys";
import type { Access } from "@/lib/auth/authenticate";
import { errorResponse } from "@/lib/http/errors";
import { JSON_BODY_LIMIT } from "@/lib/http/body-limits";
import { handleRequest } from "@/lib/http/request-core";
import { requestLocale } from "@/lib/i18n/locales";
import { readMcpMessage } from "@/lib/mcp/read-mcp-message";
import { followResourceUpdates } from "@/lib/mcp/resource-updates";
import type { ToolCaller } from "@/lib/mcp/route-tool";

// docs/decisions/014-mcp.md. The request core authenticates the key (any
// scope; each tool checks its own), counts it against its plan and logs it;
// the SDK's handler then serves the one JSON-RPC message of this request,
// with a server built for this key. Nothing is kept between requests. A
// batch is refused, so one tool call is one counted, logged request
// (docs/decisions/019-mcp-one-message-a-request.md).

type McpHandler = ReturnType<typeof createMcpHandler>;

const catalogue = { tools: MCP_TOOLS, resources: MCP_RESOURCES, prompts: MCP_PROMPTS };

// The SDK and our server are loaded with the first MCP request, not at every
// start of Labs (a tenth of a second of it).
let handlerLoading: Promise<McpHandler> | null = null;
function mcpHandler(): Promise<McpHandler> {
  handlerLoading ??= Promise.all([import("@modelcontextprotocol/server"), import("@/lib/mcp/labs-server")]).then(
    ([{ createMcpHandler }, { createLabsMcpServer }]) => {
      const handler = createMcpHandler(
        ({ authInfo }) => createLabsMcpServer(catalogue, authInfo?.extra?.caller as ToolCaller),
        {
          legacy: "stateless",
          maxRequestBodySize: JSON_BODY_LIMIT,
          onerror: (error) => console.error("[mcp]", error),
        },
      );
      // Resource subscriptions follow the event log from the first MCP request on.
      followResourceUpdates(handler.notify);
      return handler;
    },
  );
  return handlerLoading;
}

const access: Access = { auth: "key" };

async function serve(request: Request): Promise<Response> {
  return handleRequest(
    request,
    access,
    async (caller, origin) => {
      const key = caller as KeyCaller;
      const toolCaller: ToolCaller = { key, origin, request, locale: requestLocale(request) };
      // The one body parser, as on every JSON route: 415, 413, 400 bad_json
      // and a refused batch come in the error envelope before the SDK sees the message.
      const parsedBody = request.method === "POST" ? await readMcpMessage(request) : undefined;
      const mcp = await mcpHandler();
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
