import { isIP } from "node:net";
import { hostname } from "node:os";
import { env } from "@/lib/env";
import { AppError, errorText } from "@/lib/http/errors";
import { peerAddress, rawForwardingHeader } from "@/lib/http/peer-address";
import { isHttps, isTrustedProxy } from "@/lib/http/client-address";

// DNS rebinding: a page on evil.example whose name is made to resolve to this
// server's address can read our answers from the family member's own browser,
// which sends `Host: evil.example`. We answer only names we serve: IP
// literals, localhost, this machine's own name, and LABS_HOSTS. The check is
// made by the request core (lib/http/request-core.ts) and, for pages, by proxy.ts.

/** "labs.home.arpa:3000" → "labs.home.arpa", "[::1]:80" → "::1"; null when malformed. */
export function hostName(host: string): string | null {
  const value = host.trim().toLowerCase();
  const bracketed = /^\[([0-9a-f:.]+)\](?::\d{1,5})?$/.exec(value);
  if (bracketed?.[1]) return isIP(bracketed[1]) === 6 ? bracketed[1] : null;
  const named = /^([a-z0-9.-]+?)\.?(?::\d{1,5})?$/.exec(value);
  return named?.[1] ?? null;
}

export function isAllowedHostName(name: string): boolean {
  if (isIP(name) !== 0) return true;
  if (name === "localhost" || name.endsWith(".localhost")) return true;
  const own = hostname().toLowerCase();
  if (name === own || name === own.split(".")[0]) return true;
  return env().LABS_HOSTS.includes(name);
}

/** The host this request was sent to: a trusted proxy's X-Forwarded-Host, else Host. */
export function requestHost(request: Request): string | null {
  const peer = peerAddress(request);
  const forwarded = peer !== null && isTrustedProxy(peer) ? rawForwardingHeader(request, "x-forwarded-host") : null;
  return forwarded?.split(",")[0]?.trim() || request.headers.get("host") || new URL(request.url).host;
}

/** 421 unless both Host and any X-Forwarded-Host name a host we serve. */
export function assertAllowedHost(request: Request): void {
  for (const name of ["host", "x-forwarded-host"]) {
    const value = request.headers.get(name);
    if (value === null) continue;
    for (const part of value.split(",")) {
      const host = hostName(part);
      if (host === null || !isAllowedHostName(host)) throw misdirected(part.trim());
    }
  }
}

function misdirected(host: string): AppError {
  return new AppError("misdirected_request", errorText("request.misdirected", { host: host.slice(0, 100) }));
}

/**
 * This request's own origin, for links that come back to it (a pairing code,
 * a sign-in link): the allowed host it was sent to, never a header's guess.
 */
export function requestOrigin(request: Request): string {
  return `${isHttps(request) ? "https" : "http"}://${requestHost(request)}`;
}
