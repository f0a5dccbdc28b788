import { reserveAnonymousText } from "@/lib/auth/anonymous-text";
import { route, parseInput } from "@/lib/http/route";
import { camelize } from "@/lib/http/wire";
import { logTodo } from "@/lib/ask/log-todo";
import { readLogRequest } from "@/lib/ask/read-log-request";
import { admitUpload } from "@/lib/ask/upload-quota";
import { LOG_REQUEST_MAX_BYTES, logTodoBody, logTodoResponse } from "@/lib/ask/schemas";

// POST /api/core-ask/log and its public alias /api/base-ask/log (docs/contract.md, "Ask"):
// one handler for both. JSON, a url-encoded form or multipart with files.
export const logTodoRoute = route(
  {
    auth: "public",
    scope: "ask",
    summary: "Capture a request, bug or idea (JSON, form, or multipart with attachments)",
    rawBody: true,
    body: logTodoBody,
    upload: {
      types: ["application/json", "application/x-www-form-urlencoded", "multipart/form-data"],
      description:
        "The fields of the JSON body as JSON or form fields; with multipart, up to 5 files in the field attachments",
      limit: `${LOG_REQUEST_MAX_BYTES / 1024 / 1024} MiB with attachments (256 KiB without)`,
    },
    response: logTodoResponse,
  },
  async ({ request, body, origin }) => {
    // Over HTTP the body (JSON, form or multipart) is read here; the MCP tool
    // log_todo hands over the JSON fields already parsed, and no files.
    if (body) {
      const todo = await logTodo({ input: camelize(body), origin });
      return { id: todo.id, todo };
    }
    await admitUpload(request, origin);
    const { fields, files } = await readLogRequest(request);
    const input = parseInput(logTodoBody, fields, "body");
    await reserveAnonymousText({ origin, input });
    const todo = await logTodo({ input: camelize(input), origin, files });
    // A plain HTML form (JavaScript off) lands back on the capture page.
    if (isBrowserFormPost(request)) {
      return new Response(null, { status: 303, headers: { location: `/base-ask/?sent=${todo.id}` } });
    }
    return { id: todo.id, todo };
  },
);

function isBrowserFormPost(request: Request): boolean {
  const type = request.headers.get("content-type") ?? "";
  const isForm = type.startsWith("multipart/form-data") || type.startsWith("application/x-www-form-urlencoded");
  return isForm && (request.headers.get("accept") ?? "").includes("text/html");
}
