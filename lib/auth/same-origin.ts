import { AppError } from "@/lib/http/errors";
import { hostName, isAllowedHostName, requestHost } from "@/lib/http/allowed-hosts";

const SAFE_METHODS = new Set(["GET", "HEAD", "OPTIONS"]);

/**
 * Cookie-authenticated writes must come from our own pages: a form on another
 * site can make the browser send `labs_op`, but not hide where it came from.
 * `Origin` must be one of our allowed origins (a host we serve, the one this
 * request was sent to), never merely equal to whatever `Host` the request
 * claims. Clients that send neither header (curl, agents) are not browsers
 * and cannot be tricked this way.
 */
export function assertSameOrigin(request: Request): void {
  if (SAFE_METHODS.has(request.method)) return;
  const site = request.headers.get("sec-fetch-site");
  if (site && site !== "same-origin" && site !== "none") throw crossSite();
  const origin = request.headers.get("origin");
  if (!origin) return;
  let originHost: string;
  try {
    const url = new URL(origin);
    if (url.protocol !== "http:" && url.protocol !== "https:") throw crossSite();
    originHost = url.host;
  } catch {
    throw crossSite();
  }
  const name = hostName(originHost);
  if (name === null || !isAllowedHostName(name)) throw crossSite();
  if (originHost !== requestHost(request)?.toLowerCase()) throw crossSite();
}

function crossSite(): AppError {
  return new AppError("forbidden", "Cross-site requests cannot use the operator session.");
}
