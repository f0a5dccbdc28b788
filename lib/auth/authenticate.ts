import { ACCOUNT_COOKIE, findAccountSession, type AccountCaller } from "@/lib/accounts/sessions";
import { assertSignUpOpen } from "@/lib/accounts/sign-up-mode";
import { findActiveApiKey, type KeyCaller } from "@/lib/auth/api-keys";
import { hasMemberSession } from "@/lib/auth/devices";
import { authenticateApiKey, bearerToken } from "@/lib/auth/keyed-request";
import { MEMBER_COOKIE } from "@/lib/auth/member-seal";
import { hasOperatorSession } from "@/lib/auth/operator-sessions";
import type { AccountScope, ApiScope } from "@/lib/auth/scopes";
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
 *   (/api/mcp), where each tool checks the scope it needs;
 * - `account`: a signed-in account's `labs_account` cookie (its own page's
 *   API, docs/decisions/034-accounts-and-credits.md).
 */
export type AuthPolicy = "anyone" | "public" | "operator" | "key" | "account";

/**
 * A route's access rule: its policy, the key scope that lets the operator's
 * API keys in and the account scope that lets an account's keys in (none:
 * such keys are not taken), whether an operator route also lets an account
 * act on itself (`accountSelf`), and whether its reads, too, must come from
 * our own pages or a client that is not a browser (lib/auth/same-origin.ts).
 */
export type Access = {
  auth: AuthPolicy;
  scope?: ApiScope;
  accountScope?: AccountScope;
  accountSelf?: boolean;
  sameOriginReads?: boolean;
};

export type OperatorCaller = { kind: "cookie" } | KeyCaller | AccountCaller;

/**
 * The one auth check (docs/decisions/003-key-scopes.md):
 * - a bearer key is taken only where the route names a scope, and only if
 *   the key was given that scope; it is counted against its plan and logged
 *   (the request core finishes it);
 * - elsewhere a key opens nothing: operator routes then need the cookie, so a
 *   key cannot mint, list or revoke keys;
 * - the `labs_op` cookie must be a live session (cross-site writes are
 *   refused before this, in the request core);
 * - an account's key (docs/decisions/034-accounts-and-credits.md) is taken
 *   only where the route names an account scope, and refused everywhere
 *   else; an account's own routes take its `labs_account` session.
 * Public routes answer `null` for an anonymous caller.
 */
export async function authenticate(request: Request, access: Access): Promise<OperatorCaller | null> {
  const authorization = request.headers.get("authorization");
  const bearer = authorization !== null && /^Bearer\s/i.test(authorization);
  if (bearer && (access.scope || access.accountScope)) {
    const caller = await authenticateApiKey(request, bearerToken(authorization));
    assertKeyScope(caller, access);
    return caller;
  }
  if (access.auth === "key") {
    if (!bearer) throw new AppError("unauthorized", errorText("auth.keyRequired"));
    return authenticateApiKey(request, bearerToken(authorization));
  }
  if (access.auth === "anyone") return null;
  // Elsewhere a key opens nothing, and an account's key is refused outright:
  // it must never pass as the stranger it would otherwise be taken for.
  if (bearer && (await isAccountKey(bearerToken(authorization)))) {
    throw new AppError("forbidden", errorText("auth.notForAccounts"));
  }
  if (access.auth === "public") {
    if (env().LABS_ACCESS === "household") await assertHousehold(request, bearer ? authorization : null);
    return null;
  }
  if (access.auth === "account") {
    assertSignUpOpen();
    const account = await findAccountSession(readCookie(request, ACCOUNT_COOKIE));
    if (account) return account;
    if (bearer) throw new AppError("forbidden", errorText("auth.accountPageOnly"));
    throw new AppError("unauthorized", errorText("auth.accountSignInRequired"));
  }
  if (await hasOperatorSession(readCookie(request, SESSION_COOKIE))) return { kind: "cookie" };
  if (access.accountSelf) {
    const account = await findAccountSession(readCookie(request, ACCOUNT_COOKIE));
    if (account) return account;
  }
  if (bearer) throw new AppError("forbidden", errorText("auth.operatorOnly"));
  throw new AppError("unauthorized", errorText("auth.loginRequired"));
}

/**
 * The operator's key needs the route's scope; an account's key, the route's
 * account scope, which no route reaching the household's own data has.
 */
export function assertKeyScope(caller: KeyCaller, access: Pick<Access, "scope" | "accountScope">): void {
  if (caller.accountId !== null) {
    if (access.accountScope && caller.accountScopes.includes(access.accountScope)) return;
    throw new AppError(
      "forbidden",
      access.accountScope
        ? errorText("auth.missingScope", { scope: access.accountScope })
        : errorText("auth.notForAccounts"),
    );
  }
  if (!access.scope || !caller.scopes.includes(access.scope)) {
    throw new AppError("forbidden", errorText("auth.missingScope", { scope: access.scope ?? "—" }));
  }
}

async function isAccountKey(token: string | null): Promise<boolean> {
  const key = token ? await findActiveApiKey(token) : null;
  return key !== null && key.accountId !== null;
}

/**
 * Household mode: a public route answers the household only. The caller is
 * still anonymous to the handler; this only decides whether it may ask.
 */
async function assertHousehold(request: Request, authorization: string | null): Promise<void> {
  if (isLocalRequest(request)) return;
  if (authorization !== null) {
    // An account's key is someone outside the household.
    const caller = await authenticateApiKey(request, bearerToken(authorization));
    if (caller.accountId === null) return;
  }
  if (await isHouseholdMember(request)) return;
  throw new AppError("unauthorized", errorText("auth.householdOnly"));
}

/** The operator's live session, or a paired device that is not revoked. */
export async function isHouseholdMember(request: Request): Promise<boolean> {
  if (await hasOperatorSession(readCookie(request, SESSION_COOKIE))) return true;
  return hasMemberSession(readCookie(request, MEMBER_COOKIE));
}
