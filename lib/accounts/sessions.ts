import "server-only";
import { createHash, randomBytes } from "node:crypto";
import { db } from "@/lib/db";

// A signed-in account's browser (docs/decisions/034-accounts-and-credits.md):
// the `labs_account` cookie holds a random token, the database its hash, so a
// session ends everywhere when its row goes (sign-out, the account deleted).

export const ACCOUNT_COOKIE = "labs_account";
export const ACCOUNT_SESSION_SECONDS = 30 * 24 * 3600;

export type AccountCaller = { kind: "account"; accountId: number };

const hashToken = (token: string) => createHash("sha256").update(token, "utf8").digest("hex");

/** The account a `labs_account` cookie signs in, while its session lasts; else null. */
export async function findAccountSession(token: string | undefined): Promise<AccountCaller | null> {
  if (!token || !/^[A-Za-z0-9_-]{43}$/.test(token)) return null;
  const row = await db().accountSession.findFirst({
    where: { hash: hashToken(token), expiresAt: { gt: new Date() } },
    select: { accountId: true },
  });
  return row ? { kind: "account", accountId: row.accountId } : null;
}

/** A new session of the account; the cookie to set with it. */
export async function startAccountSession(options: {
  accountId: number;
  secure: boolean;
  now?: Date;
}): Promise<string> {
  const now = options.now ?? new Date();
  const token = randomBytes(32).toString("base64url");
  await db().$transaction([
    db().accountSession.create({
      data: {
        accountId: options.accountId,
        hash: hashToken(token),
        expiresAt: new Date(now.getTime() + ACCOUNT_SESSION_SECONDS * 1000),
      },
    }),
    // Sessions past their time are of no use to anyone.
    db().accountSession.deleteMany({ where: { expiresAt: { lt: now } } }),
  ]);
  return accountCookie(token, ACCOUNT_SESSION_SECONDS, options.secure);
}

/** Ends the session a cookie holds; the cookie that clears it. */
export async function endAccountSession(token: string | undefined, secure: boolean): Promise<string> {
  if (token) await db().accountSession.deleteMany({ where: { hash: hashToken(token) } });
  return accountCookie("", 0, secure);
}

function accountCookie(value: string, maxAge: number, secure: boolean): string {
  return `${ACCOUNT_COOKIE}=${value}; Path=/; Max-Age=${maxAge}; HttpOnly; SameSite=Lax${secure ? "; Secure" : ""}`;
}
