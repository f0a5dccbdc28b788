import type { KeyCaller } from "@/lib/auth/api-keys";
import { authenticateApiKey, bearerToken } from "@/lib/auth/keyed-request";
import { assertSameOrigin } from "@/lib/auth/same-origin";
import { isOperatorSeal, readSessionCookie } from "@/lib/auth/session";
import { AppError } from "@/lib/http/errors";

export type OperatorCaller = { kind: "cookie" } | KeyCaller;

/**
 * The one auth check of operator endpoints: an API key (`Authorization:
 * Bearer …`, counted against its plan) or the `labs_op` cookie; cookie writes
 * must be same-origin. Whoever calls this must pass its answer through
 * finishKeyedRequest (route() does) so keyed requests are logged.
 */
export async function requireOperator(request: Request): Promise<OperatorCaller> {
  const authorization = request.headers.get("authorization");
  if (authorization) return authenticateApiKey(request, bearerToken(authorization));
  if (!(await isOperatorSeal(readSessionCookie(request)))) {
    throw new AppError("unauthorized", "Log in as the operator at /admin/login, or send an API key.");
  }
  assertSameOrigin(request);
  return { kind: "cookie" };
}

/**
 * Public endpoints: a bearer key is still checked, counted and logged (an
 * unknown or revoked one is a 401, as anywhere); without one, anyone may call.
 * Other Authorization schemes are not ours and are ignored here.
 */
export async function optionalApiKey(request: Request): Promise<KeyCaller | null> {
  const authorization = request.headers.get("authorization");
  if (!authorization || !/^Bearer\s/i.test(authorization)) return null;
  return authenticateApiKey(request, bearerToken(authorization));
}
