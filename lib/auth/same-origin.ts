import { AppError, errorText } from "@/lib/http/errors";
import { hostName, isAllowedHostName, requestHost } from "@/lib/http/allowed-hosts";

const SAFE_METHODS = new Set(["GET", "HEAD", "OPTIONS"]);

/**
 * Every write must come from our own pages or from a client that is not a
 * browser. A page on another site can make a family member's browser post to
 * Labs (with its cookies, or to a public route) but not hide where it came
 * from: `Sec-Fetch-Site` other than same-origin, or an `Origin` that is not
 * one of our allowed origins (a host we serve, the one this request was sent
 * to; never merely whatever `Host` the request claims), is refused. Clients
 * that send neither header (curl, agents) pass; so does a person typing the
 * address or opening a bookmark (`Sec-Fetch-Site: none`). The request core
 * calls this for every route.
 *
 * `reads`: the same rule for a GET. The operator's cookie is sent on a
 * navigation from another site, so a link there would start the backup's
 * download in the operator's browser; that route asks for it.
 */
export function assertSameOrigin(request: Request, { reads = false }: { reads?: boolean } = {}): void {
  if (SAFE_METHODS.has(request.method) && !reads) return;
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
  return new AppError("forbidden", errorText("auth.crossSite"));
}
