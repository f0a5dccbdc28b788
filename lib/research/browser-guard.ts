import { BlockList, isIP } from "node:net";
import { isbot } from "isbot";
import { env } from "@/lib/env";
import { AppError, errorResponse } from "@/lib/http/errors";
import { peerAddress } from "@/lib/http/peer-address";
import type { RouteHandler } from "@/lib/http/route";

// Seed part 5 item 4: the research API sat behind a CDN's bot protection that
// let through only real browsers from outside, while the agent calls it over
// plain HTTP on loopback with any User-Agent. RESEARCH_BROWSER_UA_ONLY=1
// rebuilds that layer here; it is off by default.
//
// How "loopback" is known (the Web Request has no remote address):
// - the TCP peer, recorded by lib/http/peer-address.ts from Node's own socket
//   (a header of ours that the recorder overwrites, so a client cannot forge
//   it), must be 127.0.0.0/8 or ::1; if the recorder is not running, nothing
//   counts as loopback;
// - and no forwarding header may name another address. A reverse proxy or CDN
//   on the same host connects from loopback too; it says who the client is in
//   X-Forwarded-For, X-Real-IP or Forwarded, and any non-loopback address (or
//   an unreadable one) there means the request came from outside. A client
//   cannot use these headers to look local: adding "127.0.0.1" to them changes
//   nothing when its real connection or its proxy's entry is not loopback.
// - The Host header is ignored: anyone can send "Host: 127.0.0.1".
// What this cannot see: a proxy on this host that forwards outside requests
// without any forwarding header makes them all look local. Such a proxy must
// set X-Forwarded-For (Caddy, Traefik and most CDNs do; nginx needs
// `proxy_set_header X-Forwarded-For $proxy_add_x_forwarded_for`).

const loopback = new BlockList();
loopback.addSubnet("127.0.0.0", 8, "ipv4");
loopback.addAddress("::1", "ipv6");

/** 127.0.0.0/8, ::1 or their IPv4-mapped form; anything unreadable is not. */
export function isLoopbackAddress(address: string): boolean {
  const bare = stripPort(address.trim());
  const family = isIP(bare);
  if (family === 0) return false;
  return loopback.check(bare, family === 4 ? "ipv4" : "ipv6");
}

// "[::1]:4711" → "::1", "127.0.0.1:80" → "127.0.0.1", "::1" stays.
function stripPort(address: string): string {
  const bracketed = /^\[([^\]]+)\](?::\d+)?$/.exec(address);
  if (bracketed?.[1]) return bracketed[1];
  const v4WithPort = /^(\d{1,3}(?:\.\d{1,3}){3}):\d+$/.exec(address);
  return v4WithPort?.[1] ?? address;
}

/** Every client address the forwarding headers name (RFC 7239 and the de-facto ones). */
function forwardedAddresses(headers: Headers): string[] {
  const addresses: string[] = [];
  for (const name of ["x-forwarded-for", "x-real-ip"]) {
    const value = headers.get(name);
    if (value) addresses.push(...value.split(",").map((part) => part.trim()));
  }
  const forwarded = headers.get("forwarded");
  if (forwarded) {
    for (const match of forwarded.matchAll(/for\s*=\s*("[^"]*"|[^;,\s]*)/gi)) {
      addresses.push((match[1] ?? "").replace(/^"|"$/g, ""));
    }
  }
  return addresses;
}

/** True when the connection is local and nothing says it was forwarded from elsewhere. */
export function isLoopbackRequest(request: Request): boolean {
  const peer = peerAddress(request);
  if (peer === null || !isLoopbackAddress(peer)) return false;
  return forwardedAddresses(request.headers).every(isLoopbackAddress);
}

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
  if (isLoopbackRequest(request)) return null;
  return new AppError(
    "forbidden",
    "The research API answers browsers, and other clients only on this machine (http://127.0.0.1).",
  );
}

/**
 * Wraps a research route so the guard answers before anything else (auth,
 * parsing): an outside script learns nothing but the 403.
 */
export function browserGuarded(handler: RouteHandler): RouteHandler {
  const guarded = async (...args: Parameters<RouteHandler>) => {
    const refusal = browserGuardRefusal(args[0]);
    return refusal ? errorResponse(refusal) : handler(...args);
  };
  return Object.assign(guarded, { auth: handler.auth, spec: handler.spec });
}
