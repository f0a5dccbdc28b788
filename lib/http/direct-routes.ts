import type { IncomingHttpHeaders, IncomingMessage, ServerResponse } from "node:http";
import { errorResponse } from "@/lib/http/errors";
import { isProxyFreePath } from "@/lib/http/proxy-free-paths";
import type { RouteHandler } from "@/lib/http/route";
import { securityHeadersOf } from "@/lib/http/security-headers";
import { toAppError } from "@/lib/http/to-app-error";

// The JSON APIs and health checks, answered straight from Node's request
// instead of through Next's router (docs/decisions/017-direct-json-routes.md).
// Next spends about a millisecond of the server's one thread on every request
// before a handler runs; these need none of it: the proxy is kept off them,
// they render nothing, and their handlers are plain Web functions built by
// route() (lib/http/route.ts) that do their own host, origin and auth checks.
//
// Only a route() handler, for a method its module exports, on a path the
// proxy is kept off, written plainly (no percent escape, no dot segment, no
// trailing slash) is answered here. Everything else, HEAD and OPTIONS
// included, goes on to Next exactly as before, so no request is answered
// differently: only sooner.

/** Where instrumentation.ts leaves them for the server (scripts/server.mjs) to find. */
export const DIRECT_ROUTES = Symbol.for("labs.directRoutes");

/** One route module of lib/generated/route-loaders.ts, loaded when first asked for. */
export type RouteLoader = { path: string; load: () => Promise<Record<string, unknown>> };

export type DirectRoute = { handler: RouteHandler; url: URL; params: Record<string, string> };

export type DirectRoutes = {
  /** The route that answers this request here, or null to leave it to Next; a promise only while its module loads. */
  find: (request: IncomingMessage) => DirectRoute | null | Promise<DirectRoute | null>;
  serve: (request: IncomingMessage, response: ServerResponse, route: DirectRoute) => Promise<void>;
};

type Pattern = {
  segments: { name: string; param: boolean }[];
  loader: RouteLoader;
  module?: Record<string, unknown>;
  loading?: Promise<Record<string, unknown>>;
};

const BODYLESS_METHODS = new Set(["GET", "HEAD"]);

export function createDirectRoutes(loaders: RouteLoader[]): DirectRoutes {
  const patterns = loaders
    .filter((loader) => isProxyFreePath(loader.path))
    .map((loader): Pattern => ({
      loader,
      segments: loader.path
        .split("/")
        .slice(1)
        .map((segment) => {
          const param = /^\{(.+)\}$/.exec(segment)?.[1];
          return param ? { name: param, param: true } : { name: segment, param: false };
        }),
    }))
    // Next's precedence: at the first segment where two routes differ, a
    // fixed name before a parameter (/api/core-ask/log before /{id}).
    .sort((a, b) => precedence(a).localeCompare(precedence(b)));

  function find(request: IncomingMessage): DirectRoute | null | Promise<DirectRoute | null> {
    const url = plainUrl(request);
    if (!url) return null;
    const segments = url.pathname.split("/").slice(1);
    for (const pattern of patterns) {
      const params = matchSegments(pattern, segments);
      if (!params) continue;
      const route = (module: Record<string, unknown>) => {
        const handler = module[request.method ?? ""];
        return isRouteHandler(handler) ? { handler, url, params } : null;
      };
      if (pattern.module) return route(pattern.module);
      pattern.loading ??= pattern.loader.load().then((module) => (pattern.module = module));
      return pattern.loading.then(route);
    }
    return null;
  }

  return { find, serve: serveDirectRoute };
}

async function serveDirectRoute(incoming: IncomingMessage, outgoing: ServerResponse, route: DirectRoute) {
  const method = incoming.method ?? "GET";
  const request = new Request(route.url, {
    method,
    headers: requestHeaders(incoming.headers),
    // The Node stream itself, as Next hands it over: Node's fetch reads it as
    // an async iterable (a body refused unread is then left as Next leaves it).
    body: BODYLESS_METHODS.has(method) ? null : (incoming as unknown as ReadableStream<Uint8Array>),
    // Node's fetch needs this for a streamed body; not yet in TypeScript's RequestInit.
    ...({ duplex: "half" } as object),
  });
  let response: Response;
  try {
    response = await route.handler(request, { params: Promise.resolve(route.params) });
  } catch (error) {
    // route() turns every error into its envelope; this is for a bug in it.
    console.error(`[${method} ${route.url.pathname}]`, error);
    response = errorResponse(toAppError(error), request);
  }
  await sendResponse(route.url.pathname, response, outgoing);
}

/** The security headers next.config.ts gives this path, then the handler's own (which win, as under Next). */
async function sendResponse(pathname: string, response: Response, outgoing: ServerResponse): Promise<void> {
  for (const { key, value } of securityHeadersOf(pathname)) outgoing.setHeader(key, value);
  for (const [name, value] of response.headers) {
    if (name !== "set-cookie") outgoing.setHeader(name, value);
  }
  const cookies = response.headers.getSetCookie();
  if (cookies.length) outgoing.setHeader("set-cookie", cookies);
  outgoing.statusCode = response.status;
  if (!response.body) {
    outgoing.end();
    return;
  }
  const reader = response.body.getReader();
  // A client gone mid-answer (a large attachment) stops the reading too.
  outgoing.once("close", () => void reader.cancel().catch(() => undefined));
  try {
    // One chunk is held back, so that a body of one chunk (every JSON
    // answer) goes out whole with end(): it gets a Content-Length, and the
    // compression leaves it alone below its threshold of 1 KiB (gzip cost
    // more than the rest of a health check).
    let held: Uint8Array | undefined;
    let streamed = false;
    for (;;) {
      const { done, value } = await reader.read();
      if (done) break;
      if (held) {
        streamed = true;
        if (!outgoing.write(held)) await new Promise((resolve) => outgoing.once("drain", resolve));
      }
      held = value;
    }
    if (!streamed) outgoing.setHeader("content-length", held?.byteLength ?? 0);
    outgoing.end(held);
  } catch (error) {
    outgoing.destroy(error as Error);
  }
}

/** The request's URL when its path is written plainly on a proxy-free path; else null (Next decides). */
function plainUrl(request: IncomingMessage): URL | null {
  const target = request.url ?? "";
  const path = target.split("?", 1)[0]!;
  if (!path.startsWith("/") || path.includes("%") || path.endsWith("/") || !isProxyFreePath(path)) return null;
  let url: URL;
  try {
    url = new URL(target, `http://${request.headers.host ?? "localhost"}`);
  } catch {
    return null;
  }
  // Dot segments, doubled slashes and backslashes are normalised by URL: leave them to Next.
  return url.pathname === path ? url : null;
}

function matchSegments(pattern: Pattern, segments: string[]): Record<string, string> | null {
  if (pattern.segments.length !== segments.length) return null;
  const params: Record<string, string> = {};
  for (let index = 0; index < segments.length; index++) {
    const expected = pattern.segments[index]!;
    const actual = segments[index]!;
    if (actual === "") return null;
    if (expected.param) params[expected.name] = actual;
    else if (expected.name !== actual) return null;
  }
  return params;
}

/** A sort key: "0" for each fixed segment, "1" for each parameter. */
function precedence(pattern: Pattern): string {
  return pattern.segments.map((segment) => (segment.param ? "1" : "0")).join("");
}

function isRouteHandler(value: unknown): value is RouteHandler {
  return typeof value === "function" && "spec" in value;
}

function requestHeaders(headers: IncomingHttpHeaders): Headers {
  const result = new Headers();
  for (const [name, value] of Object.entries(headers)) {
    if (value === undefined) continue;
    if (Array.isArray(value)) for (const item of value) result.append(name, item);
    else result.set(name, value);
  }
  return result;
}
