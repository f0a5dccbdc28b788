import { AppError } from "@/lib/http/errors";

const SAFE_METHODS = new Set(["GET", "HEAD", "OPTIONS"]);

/**
 * Cookie-authenticated writes must come from our own pages: a form on another
 * site can make the browser send `labs_op`, but not hide where it came from.
 * Clients that send neither header (curl, agents) are not browsers and cannot
 * be tricked this way.
 */
export function assertSameOrigin(request: Request): void {
  if (SAFE_METHODS.has(request.method)) return;
  const site = request.headers.get("sec-fetch-site");
  if (site && site !== "same-origin" && site !== "none") throw crossSite();
  const origin = request.headers.get("origin");
  if (!origin) return;
  const host = request.headers.get("x-forwarded-host") ?? request.headers.get("host");
  let originHost: string;
  try {
    originHost = new URL(origin).host;
  } catch {
    throw crossSite();
  }
  if (originHost !== host) throw crossSite();
}

function crossSite(): AppError {
  return new AppError("forbidden", "Cross-site requests cannot use the operator session.");
}
