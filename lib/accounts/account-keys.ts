import "server-only";
import type { AccountKeyJson } from "@/lib/accounts/schemas";
import { keyColumns, newKeySecret, shapeKey, type KeyRow } from "@/lib/auth/api-keys";
import { ACCOUNT_SCOPES, type AccountScope } from "@/lib/auth/scopes";
import { db } from "@/lib/db";
import { env } from "@/lib/env";
import { AppError, errorText, fieldError } from "@/lib/http/errors";

// An account's own keys (docs/decisions/034-accounts-and-credits.md): minted
// and revoked by the account, with the scopes its plan allows, at most
// ACCOUNT_MAX_KEYS at once. They are counted against the account's plan.

/** A key as its account sees it: no plan (the account's own), only the scopes an account may hold. */
function shapeAccountKey(row: KeyRow): AccountKeyJson {
  const { id, name, prefix, created_at, last_used_at, revoked_at } = shapeKey(row);
  const scopes = ACCOUNT_SCOPES.filter((scope) => row.scopes.includes(scope));
  return { id, name, scopes, prefix, created_at, last_used_at, revoked_at };
}

export async function listAccountKeys(options: { accountId: number }): Promise<AccountKeyJson[]> {
  const rows = await db().apiKey.findMany({
    where: { accountId: options.accountId },
    select: keyColumns,
    orderBy: { id: "desc" },
  });
  return rows.map(shapeAccountKey);
}

/**
 * A new key of an active account, with scopes its plan allows; the secret is
 * returned this once. Counted under the account's row lock, in a transaction
 * of its own, so parallel mints cannot pass ACCOUNT_MAX_KEYS.
 */
export async function mintAccountKey(options: { accountId: number; name: string; scopes: AccountScope[] }) {
  const { accountId, name, scopes } = options;
  const max = env().ACCOUNT_MAX_KEYS;
  const { key, prefix, hash } = newKeySecret();
  const row = await db().$transaction(async (tx) => {
    await tx.$executeRaw`SELECT 1 FROM account WHERE id = ${accountId} FOR UPDATE`;
    const account = await tx.account.findUnique({
      where: { id: accountId },
      select: { status: true, plan: true, apiPlan: { select: { scopes: true } } },
    });
    if (!account) throw new AppError("not_found", errorText("labs.accountNotFound", { id: accountId }));
    if (account.status !== "active") throw new AppError("forbidden", errorText("auth.accountSuspended"));
    const refused = scopes.filter((scope) => !account.apiPlan.scopes.includes(scope));
    if (refused.length) {
      throw fieldError("validation_failed", "scopes", errorText("labs.scopeNotInPlan", { scopes: refused.join(", ") }));
    }
    const live = await tx.apiKey.count({ where: { accountId, revokedAt: null } });
    if (live >= max) throw new AppError("conflict", errorText("labs.accountKeyLimit", { max }));
    return tx.apiKey.create({
      data: { name, plan: account.plan, prefix, hash, scopes, accountId },
      select: { id: true },
    });
  });
  return { id: row.id, key, name, scopes, prefix };
}

/** Revokes one of the account's own keys; another's key reads as not found. */
export async function revokeAccountKey(options: { accountId: number; id: number }): Promise<AccountKeyJson> {
  const { accountId, id } = options;
  await db().apiKey.updateMany({ where: { id, accountId, revokedAt: null }, data: { revokedAt: new Date() } });
  const row = await db().apiKey.findFirst({ where: { id, accountId }, select: keyColumns });
  if (!row) throw new AppError("not_found", errorText("labs.keyNotFound", { id }));
  return shapeAccountKey(row);
}
