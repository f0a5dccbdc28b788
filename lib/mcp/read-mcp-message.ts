import { AppError, errorText } from "@/lib/http/errors";
import { readJsonBody } from "@/lib/http/read-body";

/**
 * The body of a POST to /api/mcp: one JSON-RPC message, read by the one JSON
 * body parser (415, 413 and 400 bad_json in the error envelope). A JSON-RPC
 * batch (an array) is refused whole, before any of its calls runs: the
 * request core counts and logs a request once, so a batch would carry up to
 * 100 tool calls past the key's plan and its usage log. MCP itself dropped
 * batches in its 2025-06-18 revision (docs/decisions/019-mcp-one-message-a-request.md).
 */
export async function readMcpMessage(request: Request): Promise<unknown> {
  const body = await readJsonBody(request);
  if (Array.isArray(body)) throw new AppError("validation_failed", errorText("request.mcpBatch"));
  return body;
}
