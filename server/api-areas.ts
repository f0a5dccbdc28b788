// Where the front door (server/front-door.ts) answers: the JSON APIs and the
// health checks, each route of which is in server/api-routes.ts. Kept apart
// from that table so the server can tell where a request goes without
// loading every route module.

/**
 * Where the front door answers every path, a route or not: a path under one
 * of these prefixes, or equal to one of the exact paths. Nothing in them is
 * left to Next, so an unknown path there is a JSON 404, never a page.
 */
export const API_AREAS = {
  prefixes: ["/api/core-ask/", "/api/base-ask/", "/base-scan/api/", "/base-research/api/", "/labs/api/"],
  exact: [
    "/api/mcp",
    "/api/openapi.json",
    "/labs/healthz",
    "/base-scan/healthz",
    "/core-ask/healthz",
    "/base-ask/healthz",
  ],
} as const;

/** Whether the front door answers this path (already normalised: no dot segments). */
export function isApiPath(pathname: string): boolean {
  return (
    (API_AREAS.exact as readonly string[]).includes(pathname) ||
    API_AREAS.prefixes.some((prefix) => pathname.startsWith(prefix))
  );
}

/** Next's own files, which the proxy's matcher leaves alone too. */
const NEXT_FILE_PREFIXES = ["/_next/static", "/_next/image", "/favicon.ico"];

/**
 * Whether proxy.ts runs on this path, as its matcher says: every path but
 * the front door's, the API areas under a variant prefix (/b/api/…: no route
 * at all), and Next's own files.
 */
export function proxyRunsOn(pathname: string): boolean {
  if (isApiPath(pathname) || NEXT_FILE_PREFIXES.some((prefix) => pathname.startsWith(prefix))) return false;
  const unprefixed = /^\/[b-l](\/.*)$/.exec(pathname)?.[1];
  return !(unprefixed && isApiPath(unprefixed));
}
