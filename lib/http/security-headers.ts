/** Sent with every answer served over https (never over plain http, where it would be ignored). */
export const HSTS = "max-age=31536000; includeSubDomains";

// Sent on every response but attachments (next.config.ts headers()).
// Production forbids eval; 'wasm-unsafe-eval' only allows compiling
// WebAssembly (the barcode reader). Next's inline bootstrap scripts need
// 'unsafe-inline' without nonces.
export function contentSecurityPolicy(production: boolean): string {
  const scriptSrc = ["'self'", "'unsafe-inline'", "'wasm-unsafe-eval'", ...(production ? [] : ["'unsafe-eval'"])];
  const csp = [
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
  return csp;
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
