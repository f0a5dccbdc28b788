/** Sent with every answer served over https (never over plain http, where it would be ignored). */
export const HSTS = "max-age=31536000; includeSubDomains";

/**
 * The policy of pages (and everything else proxy.ts answers), with this
 * request's nonce: only scripts carrying it run, and what they load
 * ('strict-dynamic'); Next puts the nonce on its own scripts when it finds it
 * in the request's CSP header. No 'unsafe-inline' for scripts. Production
 * forbids eval; 'wasm-unsafe-eval' only allows compiling WebAssembly (the
 * barcode reader). Styles stay 'unsafe-inline': React's style attributes.
 */
export function pagePolicy(options: { production: boolean; nonce: string }): string {
  const scriptSrc = [
    "'self'",
    `'nonce-${options.nonce}'`,
    "'strict-dynamic'",
    "'wasm-unsafe-eval'",
    ...(options.production ? [] : ["'unsafe-eval'"]),
  ];
  return [
    "default-src 'self'",
    `script-src ${scriptSrc.join(" ")}`,
    "style-src 'self' 'unsafe-inline'",
    "img-src 'self' data: blob: https:",
    "font-src 'self' data:",
    "connect-src 'self'",
    "media-src 'self' blob:",
    "worker-src 'self' blob:",
    "manifest-src 'self'",
    "object-src 'none'",
    "base-uri 'self'",
    "form-action 'self'",
    "frame-ancestors 'none'",
  ].join("; ");
}

/** A fresh nonce for one page: 128 random bits. */
export function newNonce(): string {
  const bytes = new Uint8Array(16);
  crypto.getRandomValues(bytes);
  return btoa(String.fromCharCode(...bytes));
}

/**
 * JSON answers of the APIs (next.config.ts headers(); the proxy does not run
 * there): nothing in them is ever meant to run or be framed. Attachments send
 * their own sandboxed policy (lib/ask/attachments.ts).
 */
export const API_POLICY = "default-src 'none'; frame-ancestors 'none'";

/**
 * The answers that carry API_POLICY: every JSON API and health check but
 * attachments (their own policy) and the MCP door. `source` is the rule as
 * next.config.ts headers() takes it; `matches` the same rule for the routes
 * answered outside Next's router (lib/http/direct-routes.ts).
 */
export const API_POLICY_RULES: { source: string; matches: (pathname: string) => boolean }[] = [
  {
    source: "/api/core-ask/:path((?!attachments/).*)",
    matches: (path) => path.startsWith("/api/core-ask/") && !path.startsWith("/api/core-ask/attachments/"),
  },
  { source: "/api/base-ask/:path*", matches: (path) => path.startsWith("/api/base-ask/") },
  { source: "/api/openapi.json", matches: (path) => path === "/api/openapi.json" },
  { source: "/base-scan/api/:path*", matches: (path) => path.startsWith("/base-scan/api/") },
  { source: "/base-research/api/:path*", matches: (path) => path.startsWith("/base-research/api/") },
  { source: "/labs/api/:path*", matches: (path) => path.startsWith("/labs/api/") },
  {
    source: "/:area(labs|base-scan|core-ask|base-ask)/healthz",
    matches: (path) => /^\/(labs|base-scan|core-ask|base-ask)\/healthz$/.test(path),
  },
];

/** What next.config.ts sends with an answer on this path, for the routes answered outside Next. */
export function securityHeadersOf(pathname: string): { key: string; value: string }[] {
  const headers = otherSecurityHeaders();
  if (API_POLICY_RULES.some((rule) => rule.matches(pathname))) {
    headers.push({ key: "Content-Security-Policy", value: API_POLICY });
  }
  return headers;
}

/** Everything but the CSP: for every answer, attachments included. */
export function otherSecurityHeaders(): { key: string; value: string }[] {
  return [
    { key: "X-Content-Type-Options", value: "nosniff" },
    { key: "Referrer-Policy", value: "strict-origin-when-cross-origin" },
    { key: "X-Frame-Options", value: "DENY" },
    { key: "Permissions-Policy", value: "camera=(self), microphone=(), geolocation=()" },
  ];
}
