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
 * JSON answers of the APIs (server/front-door.ts; the proxy does not run
 * there): nothing in them is ever meant to run or be framed. Attachments send
 * their own sandboxed policy (lib/ask/attachments.ts).
 */
export const API_POLICY = "default-src 'none'; frame-ancestors 'none'";

/**
 * Whether a front-door answer (server/front-door.ts) carries API_POLICY:
 * every JSON API and health check but attachments (their own policy) and the
 * MCP door.
 */
export function takesApiPolicy(pathname: string): boolean {
  return pathname !== "/api/mcp" && !pathname.startsWith("/api/core-ask/attachments/");
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
