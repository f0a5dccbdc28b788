// The paths Next's proxy (proxy.ts) is kept off, by its matcher: the JSON
// APIs and the health checks. They need nothing it does (no page policy, no
// variant, no login redirect) and it would buffer their bodies before our own
// limits could refuse them. They are also the paths answered outside Next's
// router (lib/http/direct-routes.ts). The matcher in proxy.ts must be a
// literal, so it spells these out again; tests/api/direct-routes.test.ts
// checks the two agree.

export const API_PREFIXES = [
  "/api/core-ask/",
  "/api/base-ask/",
  "/base-scan/api/",
  "/base-research/api/",
  "/labs/api/",
  "/api/mcp",
] as const;

export const HEALTH_PATHS: ReadonlySet<string> = new Set([
  "/labs/healthz",
  "/base-scan/healthz",
  "/core-ask/healthz",
  "/base-ask/healthz",
]);

export function isProxyFreePath(pathname: string): boolean {
  return HEALTH_PATHS.has(pathname) || API_PREFIXES.some((prefix) => pathname.startsWith(prefix));
}
