import { findActiveApiKey, type KeyCaller } from "@/lib/auth/api-keys";
import { assertSameOrigin } from "@/lib/auth/same-origin";
import { isOperatorSeal, readSessionCookie } from "@/lib/auth/session";
import { AppError } from "@/lib/http/errors";

export type OperatorCaller = { kind: "cookie" } | KeyCaller;

/**
 * The one auth check of operator endpoints: an API key (`Authorization:
 * Bearer …`) or the `labs_op` cookie; cookie writes must be same-origin.
 */
export async function requireOperator(request: Request): Promise<OperatorCaller> {
  const authorization = request.headers.get("authorization");
  if (authorization) {
    const token = /^Bearer\s+(\S+)$/i.exec(authorization)?.[1];
    const caller = token ? await findActiveApiKey(token) : null;
    if (!caller) throw new AppError("unauthorized", "The API key is unknown or revoked.");
    return caller;
  }
  if (!(await isOperatorSeal(readSessionCookie(request)))) {
    throw new AppError("unauthorized", "Log in as the operator at /admin/login, or send an API key.");
  }
  assertSameOrigin(request);
  return { kind: "cookie" };
}
