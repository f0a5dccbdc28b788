import type { KeyCaller } from "@/lib/auth/api-keys";
import { hasMemberSession } from "@/lib/auth/devices";
import { authenticateApiKey, bearerToken } from "@/lib/auth/keyed-request";
import { MEMBER_COOKIE } from "@/lib/auth/member-seal";
import { hasOperatorSession } from "@/lib/auth/operator-sessions";
import type { ApiScope } from "@/lib/auth/scopes";
import { SESSION_COOKIE } from "@/lib/auth/session";
import { env } from "@/lib/env";
import { isLocalRequest } from "@/lib/http/client-address";
import { readCookie } from "@/lib/http/cookies";
import { AppError, errorText } from "@/lib/http/errors";

/**
 * Who may call a route:
 * - `anyone`, always: health checks, the login form, pairing;
 * - `public`: anyone while LABS_ACCESS=open; in household mode the household
 *   only (the operator, a key, a paired device, this machine itself);
 * - `operator`: the operator's cookie, or a key where the route names a scope;
 * - `key`: an API key of any scope and nothing else: the agent's door
 *   (/api/mcp), where each tool checks the scope it needs.
 */
export type AuthPolicy = "anyone" | "public" | "operator" | "key";

/**
 * A route's access rule: its policy, the key scope that lets an API key in
 * (none: keys are not taken), and whether its reads, too, must come from our
 * own pages or a client that is not a browser (lib/auth/same-origin.ts).
 */
export type Access = { auth: AuthPolicy; scope?: ApiScope; sameOriginReads?: boolean };

export type OperatorCaller = { kind: "cookie" } | KeyCaller;

/**
 * The one auth check (docs/decisions/003-key-scopes.md):
 * - a bearer key is taken only where the route names a scope, and only if
 *   the key was given that scope; it is counted against its plan and logged
 *   (the request core finishes it);
 * - elsewhere a key opens nothing: operator routes then need the cookie, so a
 *   key cannot mint, list or revoke keys;
 * - the `labs_op` cookie must be a live session (cross-site writes are
 *   refused before this, in the request core).
 * Public routes answer `null` for an anonymous caller.
 */
export async function authenticate(request: Request, access: Access): Promise<OperatorCaller | null> {
  const authorization = request.headers.get("authorization");
  const bearer = authorization !== null && /^Bearer\s/i.test(authorization);
  if (bearer && access.scope) {
    const caller = await authenticateApiKey(request, bearerToken(authorization));
    if (!caller.scopes.includes(access.scope)) {
      throw new AppError("forbidden", errorText("auth.missingScope", { scope: access.scope }));
    }
    return caller;
  }
  if (access.auth === "key") {
    if (!bearer) throw new AppError("unauthorized", errorText("auth.keyRequired"));
    return authenticateApiKey(request, bearerToken(authorization));
  }
  if (access.auth === "anyone") return null;
  if (access.auth === "public") {
    if (env().LABS_ACCESS === "household") await assertHousehold(request, bearer ? authorization : null);
    return null;
  }
  if (await hasOperatorSession(readCookie(request, SESSION_COOKIE))) return { kind: "cookie" };
  if (bearer) throw new AppError("forbidden", errorText("auth.operatorOnly"));
  throw new AppError("unauthorized", errorText("auth.loginRequired"));
}

/**
 * Household mode: a public route answers the household only. The caller is
 * still anonymous to the handler; this only decides whether it may ask.
 */
async function assertHousehold(request: Request, authorization: string | null): Promise<void> {
  if (isLocalRequest(request)) return;
  if (authorization !== null) {
    await authenticateApiKey(request, bearerToken(authorization));
    return;
  }
  if (await isHouseholdMember(request)) return;
  throw new AppError("unauthorized", errorText("auth.householdOnly"));
}

/** The operator's live session, or a paired device that is not revoked. */
export async function isHouseholdMember(request: Request): Promise<boolean> {
  if (await hasOperatorSession(readCookie(request, SESSION_COOKIE))) return true;
  return hasMemberSession(readCookie(request, MEMBER_COOKIE));
}
