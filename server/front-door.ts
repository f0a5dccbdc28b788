// The front door: every path of the JSON APIs and health checks
// (server/api-routes.ts) is answered here, by Hono over the route modules'
// own Web handlers, before Next sees the request. Next spends about a
// millisecond of the server's one thread on every request before a handler
// runs, and its proxy would read a body into memory before our limits could
// refuse it; these need none of that (docs/decisions/021-one-server.md).
// The same code answers under `npm start` and `npm run dev`.
import type { IncomingMessage, ServerResponse } from "node:http";
import { getRequestListener } from "@hono/node-server";
import compression from "compression";
import { Hono } from "hono";
import { AppError, errorBody, errorResponse, errorText } from "@/lib/http/errors";
import { errorLine } from "@/lib/http/log-line";
import { API_POLICY, otherSecurityHeaders, takesApiPolicy } from "@/lib/http/security-headers";
import { toAppError } from "@/lib/http/to-app-error";
import { negotiateLocale, LOCALE_COOKIE } from "@/lib/i18n/locales";
import { HTTP_METHODS, type RouteModuleEntry } from "@/lib/platform/openapi";

type RouteHandler = (request: Request, context: { params: Promise<Record<string, string>> }) => Promise<Response>;

export type FrontDoor = (request: IncomingMessage, response: ServerResponse) => void;

/** The front door over these routes (API_ROUTES in the server). */
export function createFrontDoor(routes: RouteModuleEntry[]): FrontDoor {
  const app = new Hono();
  // Hono tries routes in the order they were added: at the first segment
  // where two paths differ, a fixed name before a parameter
  // (/api/core-ask/log before /api/core-ask/{id}), as Next orders them.
  for (const { path, module } of [...routes].sort((a, b) => precedence(a.path).localeCompare(precedence(b.path)))) {
    const pattern = path.replace(/\{([^}]+)\}/g, ":$1");
    const methods = HTTP_METHODS.filter((method) => typeof module[method] === "function");
    for (const method of methods) {
      const handler = module[method] as RouteHandler;
      // A HEAD is answered by the GET handler, without its body (Hono's own rule).
      app.on(method, pattern, (c) => handler(c.req.raw, { params: Promise.resolve(c.req.param()) }));
    }
    const allow = [...methods, ...(methods.includes("GET") ? ["HEAD"] : []), "OPTIONS"].join(", ");
    app.options(pattern, () => new Response(null, { status: 204, headers: { allow } }));
    app.all(pattern, (c) => {
      const refusal = new AppError(
        "method_not_allowed",
        errorText("request.methodNotAllowed", { path, method: c.req.method.slice(0, 20), allowed: allow }),
        { headers: { allow } },
      );
      return errorResponse(refusal, c.req.raw);
    });
  }
  app.notFound((c) =>
    errorResponse(
      new AppError("not_found", errorText("request.noRoute", { path: c.req.path.slice(0, 200) })),
      c.req.raw,
    ),
  );
  app.onError((error, c) => {
    // route() turns every error into its envelope; this is for a bug in it.
    console.error(`[${c.req.method} ${c.req.path.slice(0, 200)}] ${errorLine(error)}`);
    return errorResponse(toAppError(error), c.req.raw);
  });

  // Node's request as a Web one, without replacing the process's own
  // Request and Response classes (Next's pages share the process). Hono's
  // clean-up of a body left unread closes the connection after 500 ms of
  // it: a phone still uploading what was refused then gets a reset instead
  // of its answer. Ours (discardRest) hears the client out instead.
  const listener = getRequestListener(app.fetch, { overrideGlobalObjects: false, autoCleanupIncoming: false });
  // Compressed as Next compresses what it answers: gzip or deflate when asked,
  // from 1 KiB (below that gzip costs more than it saves). Never an event
  // stream: gzip would hold each event back until its buffer filled.
  const compress = compression({
    filter: (request, response) =>
      !String(response.getHeader("content-type")).startsWith("text/event-stream") &&
      compression.filter(request, response),
  });
  return (request, response) => {
    if (!isDecodable(request.url ?? "/")) return refuse(request, response, badPath());
    setApiHeaders(request, response);
    response.once("finish", () => discardRest(request));
    compress(request as never, response as never, () => void listener(request, response));
  };
}

/** A body still arriving after its answer is heard out when it says it is no longer than this. */
const HEAR_OUT_MAX_BYTES = 64 * 1024 * 1024;
/** One of unknown or greater length is read and dropped this long, for the answer to be read, then closed. */
const LINGER_MS = 500;

/**
 * What is left of a request's body once it has been answered (refused from
 * its length, or from what a handler read of it), read and dropped as it
 * arrives, whatever was reading it let go first. A body that declares its
 * length, within HEAR_OUT_MAX_BYTES, is heard out to its end, so the client
 * still sending gets its answer and keeps its connection (Node stops at the
 * declared length; requestTimeout bounds the time). One of unknown length
 * could go on for ever: the connection is closed after LINGER_MS of reading,
 * time for the client to read its answer (closing at once, with its bytes
 * unread, would reset the connection under the answer).
 */
function discardRest(request: IncomingMessage): void {
  if (request.readableEnded || request.destroyed) return;
  request.removeAllListeners("data");
  request.resume();
  const declared = Number(request.headers["content-length"] ?? Number.NaN);
  if (Number.isFinite(declared) && declared <= HEAR_OUT_MAX_BYTES) return;
  setTimeout(() => request.destroy(), LINGER_MS).unref();
}

/** next.config.ts's headers for every answer, and the API policy where it applies; a handler's own win. */
function setApiHeaders(request: IncomingMessage, response: ServerResponse): void {
  for (const { key, value } of otherSecurityHeaders()) response.setHeader(key, value);
  const pathname = (request.url ?? "/").split("?", 1)[0]!;
  if (takesApiPolicy(pathname)) response.setHeader("content-security-policy", API_POLICY);
}

const LOCALE_COOKIE_VALUE = new RegExp(`(?:^|;\\s*)${LOCALE_COOKIE}=([^;]*)`);

/**
 * A refusal the server writes before any route runs (an address it cannot
 * read, a body no page takes): the error envelope in the asker's language,
 * with the API headers.
 */
export function refuse(request: IncomingMessage, response: ServerResponse, error: AppError): void {
  setApiHeaders(request, response);
  const cookie = LOCALE_COOKIE_VALUE.exec(request.headers.cookie ?? "")?.[1];
  const locale = negotiateLocale(cookie, request.headers["accept-language"]);
  const body = JSON.stringify(errorBody(error, locale));
  response.writeHead(error.status, {
    ...error.headers,
    "content-type": "application/json",
    "content-length": Buffer.byteLength(body),
  });
  response.end(body);
}

/**
 * Next answers a dynamic segment that is not valid UTF-8 (…/preferences/%FF)
 * with its own plain 500 before any handler runs (vercel/next.js#92557), and
 * Hono hands it over undecoded: refused here with the error envelope.
 */
function badPath(): AppError {
  return new AppError("validation_failed", errorText("request.badPath"), {
    issues: [{ path: "path", message: errorText("request.badPathIssue") }],
  });
}

function isDecodable(target: string): boolean {
  try {
    decodeURIComponent(target.split("?", 1)[0]!);
    return true;
  } catch {
    return false;
  }
}

/** A sort key: "0" for each fixed segment, "1" for each parameter. */
function precedence(path: string): string {
  return path
    .split("/")
    .map((segment) => (segment.startsWith("{") ? "1" : "0"))
    .join("");
}
