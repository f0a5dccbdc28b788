import type { AccountCaller } from "@/lib/accounts/sessions";
import type { Caller } from "@/lib/http/request-core";
import { env } from "@/lib/env";
import { AppError, errorText } from "@/lib/http/errors";

/** SIGNUP=off: sign-up, sign-in and the account's own routes answer as if they did not exist. */
export function assertSignUpOpen(): void {
  if (env().SIGNUP === "off") throw new AppError("not_found", errorText("generic.notFound"));
}

/** The signed-in account a route of policy `account` was called by (authenticate() has checked the session). */
export function accountOf(caller: Caller): number {
  if (caller?.kind !== "account") throw new AppError("unauthorized", errorText("auth.accountSignInRequired"));
  return (caller as AccountCaller).accountId;
}

/**
 * An operator route an account may call about itself (`accountSelf`): the
 * operator reaches any account, an account only its own; another's id reads
 * as not found, so ids cannot be probed.
 */
export function assertReaches(caller: Caller, id: number): void {
  if (caller?.kind === "account" && caller.accountId !== id) {
    throw new AppError("not_found", errorText("labs.accountNotFound", { id }));
  }
}
