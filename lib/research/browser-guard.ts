import { isbot } from "isbot";
import { env } from "@/lib/env";
import { isLocalRequest } from "@/lib/http/client-address";
import { AppError, errorResponse, errorText } from "@/lib/http/errors";
import type { RouteHandler } from "@/lib/http/route";

// docs/contract.md, "Research": the research API sat behind a CDN's bot protection that
// let through only real browsers from outside, while the agent calls it over
// plain HTTP on loopback with any User-Agent. RESEARCH_BROWSER_UA_ONLY=1
// rebuilds that layer here; it is off by default.
//
// "On this machine" is isLocalRequest (lib/http/client-address.ts): the TCP
// peer is loopback and no forwarding header is present, so a reverse proxy on
// this host that says who its client is never makes that client look local.
// The Host header is ignored: anyone can send "Host: 127.0.0.1". What this
// cannot see: a proxy on this host that forwards outside requests without any
// forwarding header. Such a proxy must set X-Forwarded-For (Caddy, Traefik and
// most CDNs do; nginx needs `proxy_set_header X-Forwarded-For $proxy_add_x_forwarded_for`).

/**
 * A browser's User-Agent: Mozilla/5.0 with a browser engine (WebKit/Blink or
 * Gecko), and not one that isbot knows as a crawler, headless browser or tool.
 */
export function isBrowserUserAgent(userAgent: string | null): boolean {
  if (!userAgent || !/^Mozilla\/5\.0 \(/.test(userAgent)) return false;
  if (!/\b(AppleWebKit|Gecko)\//.test(userAgent)) return false;
  return !isbot(userAgent);
}

/** The refusal for this request, or null to let it through. */
export function browserGuardRefusal(request: Request): AppError | null {
  if (!env().RESEARCH_BROWSER_UA_ONLY) return null;
  if (isBrowserUserAgent(request.headers.get("user-agent"))) return null;
  if (isLocalRequest(request)) return null;
  return new AppError("forbidden", errorText("research.browsersOnly"));
}

/**
 * Wraps a research route so the guard answers before anything else (auth,
 * parsing): an outside script learns nothing but the 403.
 */
export function browserGuarded(handler: RouteHandler): RouteHandler {
  const guarded = async (...args: Parameters<RouteHandler>) => {
    const refusal = browserGuardRefusal(args[0]);
    return refusal ? errorResponse(refusal, args[0]) : handler(...args);
  };
  return Object.assign(guarded, { ...handler, guard: browserGuardRefusal });
}
