// Sent on every response (next.config.ts headers()). Production forbids eval;
// 'wasm-unsafe-eval' only allows compiling WebAssembly (the barcode reader).
// Next's inline bootstrap scripts need 'unsafe-inline' without nonces.
export function securityHeaders(production: boolean): { key: string; value: string }[] {
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
  return [
    { key: "Content-Security-Policy", value: csp },
    { key: "X-Content-Type-Options", value: "nosniff" },
    { key: "Referrer-Policy", value: "strict-origin-when-cross-origin" },
    { key: "X-Frame-Options", value: "DENY" },
    { key: "Permissions-Policy", value: "camera=(self), microphone=(), geolocation=()" },
  ];
}
