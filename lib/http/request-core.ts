import { consumeAnonymousWrite } from "@/lib/auth/anonymous-writes";
import { authenticate, type Access, type OperatorCaller } from "@/lib/auth/authenticate";
import { finishKeyedRequest } from "@/lib/auth/keyed-request";
import { identifyOrigin, type Origin } from "@/lib/auth/origin";
import { assertSameOrigin } from "@/lib/auth/same-origin";
import { assertAllowedHost } from "@/lib/http/allowed-hosts";
import { isHttps } from "@/lib/http/client-address";
import type { AppError } from "@/lib/http/errors";
import { HSTS } from "@/lib/http/security-headers";
import { errorLine } from "@/lib/http/log-line";
import { toAppError } from "@/lib/http/to-app-error";

// The one request pipeline of every handler: Host allowlist → no cross-site
// writes → auth → who is writing, and the anonymous write limit → the
// handler → errors into a refusal → keyed-request bookkeeping → transport
// headers. route() (JSON), formRoute() (303 back to a
// page) and htmlRoute() (login, pairing) differ only in how they answer: the
// `run` and `refuse` they pass.

export type Caller = OperatorCaller | null;

const READ_METHODS = new Set(["GET", "HEAD", "OPTIONS"]);

export async function handleRequest(
  request: Request,
  access: Access,
  run: (caller: Caller, origin: Origin) => Promise<Response>,
  refuse: (error: AppError, request: Request) => Response,
): Promise<Response> {
  let response: Response;
  try {
    assertAllowedHost(request);
    assertSameOrigin(request, { reads: access.sameOriginReads });
    const caller = await authenticate(request, access);
    const origin = await identifyOrigin(request, caller);
    if (origin.kind === "anonymous" && !READ_METHODS.has(request.method)) await consumeAnonymousWrite(origin.client);
    response = await run(caller, origin);
  } catch (error) {
    const appError = toAppError(error);
    // The database down and the disk full are logged where they are noticed, not once a request.
    if (appError.status >= 500 && appError.code !== "unavailable" && appError.code !== "insufficient_storage") {
      const { pathname } = new URL(request.url);
      console.error(`[${request.method} ${pathname}] ${appError.code}: ${errorLine(appError.cause ?? appError)}`);
    }
    response = refuse(appError, request);
  }
  // Keyed requests get their rate-limit headers and a usage line, whatever the outcome.
  response = finishKeyedRequest(request, response);
  if (isHttps(request)) setHeader(response, "strict-transport-security", HSTS);
  return response;
}

function setHeader(response: Response, name: string, value: string): void {
  try {
    response.headers.set(name, value);
  } catch {
    // Response.redirect() answers have immutable headers.
  }
}
