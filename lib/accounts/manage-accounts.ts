import "server-only";
import type { AccountJson, AccountUsageJson, ListedAccountJson, UpdateAccountBody } from "@/lib/accounts/schemas";
import { listAccountKeys } from "@/lib/accounts/account-keys";
import { BALANCE, RESETS_AT } from "@/lib/accounts/credits";
import { mintSignInLink, startTrial } from "@/lib/accounts/sign-up";
import { ACCOUNT_SCOPES } from "@/lib/auth/scopes";
import { db } from "@/lib/db";
import { ownSlug } from "@/lib/research/for-accounts";
import { AppError, errorText, fieldError } from "@/lib/http/errors";
import { INT4_MAX } from "@/lib/http/wire";

// An account as it reads itself and as the operator manages it
// (docs/decisions/034-accounts-and-credits.md).

const accountColumns = {
  id: true,
  email: true,
  name: true,
  plan: true,
  status: true,
  creditsRemaining: true,
  creditsResetAt: true,
  createdAt: true,
  lastUsedAt: true,
  apiPlan: { select: { creditsPerMonth: true, scopes: true } },
  _count: { select: { keys: { where: { revokedAt: null } } } },
} as const;

type AccountRow = {
  id: number;
  email: string;
  name: string;
  plan: string;
  status: string;
  creditsRemaining: number;
  creditsResetAt: Date;
  createdAt: Date;
  lastUsedAt: Date | null;
  apiPlan: { creditsPerMonth: number; scopes: string[] };
  _count: { keys: number };
};

/** Credits as the next call would find them: a month that has ended brings the plan's credits. */
function shapeAccount(row: AccountRow, now = new Date()): AccountJson {
  const renewed = row.creditsResetAt <= now;
  return {
    id: row.id,
    email: row.email,
    name: row.name,
    plan: row.plan,
    status: row.status as AccountJson["status"],
    credits_remaining: renewed ? row.apiPlan.creditsPerMonth : row.creditsRemaining,
    credits_reset_at: (renewed ? addMonth(now) : row.creditsResetAt).toISOString(),
    scopes_allowed: ACCOUNT_SCOPES.filter((scope) => row.apiPlan.scopes.includes(scope)),
    created_at: row.createdAt.toISOString(),
    last_used_at: row.lastUsedAt?.toISOString() ?? null,
  };
}

function addMonth(date: Date): Date {
  const next = new Date(date);
  next.setUTCMonth(next.getUTCMonth() + 1);
  return next;
}

function accountNotFound(id: number): AppError {
  return new AppError("not_found", errorText("labs.accountNotFound", { id }));
}

export async function getAccountOrThrow(options: { id: number }): Promise<AccountJson> {
  const row = await db().account.findUnique({ where: { id: options.id }, select: accountColumns });
  if (!row) throw accountNotFound(options.id);
  return shapeAccount(row);
}

/** Every account, the ones waiting for the operator first, then the newest. */
export async function listAccounts(): Promise<ListedAccountJson[]> {
  const rows = await db().account.findMany({ select: accountColumns, orderBy: { id: "desc" } });
  const accounts = rows.map((row) => ({ ...shapeAccount(row), keys: row._count.keys }));
  return [...accounts.filter((a) => a.status === "waiting"), ...accounts.filter((a) => a.status !== "waiting")];
}

/**
 * The operator moves an account to another plan, suspends it or lets it in
 * again. A new plan starts a month of it at once: its monthly credits replace
 * what was left (an upgrade is felt on the next call, not at the old plan's
 * renewal). Letting in an account that waits (SIGNUP=approval) starts its trial.
 * A suspended account's keys are refused from the next call, on every
 * instance: each call reads its account's status (lib/auth/api-keys.ts).
 */
export async function updateAccount(options: { id: number; changes: UpdateAccountBody }): Promise<AccountJson> {
  const { id, changes } = options;
  const found = await db().account.findUnique({ where: { id }, select: { status: true, plan: true } });
  if (!found) throw accountNotFound(id);
  if (changes.status === "active" && found.status !== "suspended") await startTrial({ accountId: id });
  let month = {};
  if (changes.plan !== undefined && changes.plan !== found.plan) {
    const plan = await db().apiPlan.findUnique({ where: { name: changes.plan }, select: { creditsPerMonth: true } });
    if (!plan) throw fieldError("validation_failed", "plan", errorText("labs.planNotFound", { name: changes.plan }));
    month = { plan: changes.plan, creditsRemaining: plan.creditsPerMonth, creditsResetAt: addMonth(new Date()) };
  }
  await db().account.update({
    where: { id },
    data: { ...month, ...(changes.status !== undefined ? { status: changes.status } : {}) },
  });
  return getAccountOrThrow({ id });
}

/**
 * A sign-in link for the operator to hand over (SIGNUP=approval): an account
 * still waiting is let in by it, its trial started.
 */
export async function handOverSignInLink(options: { id: number; origin: string }) {
  const found = await db().account.findUnique({ where: { id: options.id }, select: { id: true } });
  if (!found) throw accountNotFound(options.id);
  await startTrial({ accountId: options.id });
  return mintSignInLink({ accountId: options.id, origin: options.origin });
}

/** Adds credits to what the account has left this month. */
export async function grantCredits(options: { id: number; credits: number }): Promise<AccountJson> {
  const { id, credits } = options;
  // A month that has ended is renewed first, as a call would renew it, so the gift is not lost to it.
  const changed = await db().$executeRaw`
    UPDATE account a SET
      credits_remaining = LEAST(${INT4_MAX}, ${BALANCE} + ${credits}::bigint),
      credits_reset_at = ${RESETS_AT}
    FROM api_plan p
    WHERE a.id = ${id} AND p.name = a.plan`;
  if (changed === 0) throw accountNotFound(id);
  return getAccountOrThrow({ id });
}

/** An account's calls a day and by route, the last 30 days. */
export async function accountUsage(options: { id: number }): Promise<AccountUsageJson> {
  const days = await db().$queryRaw<{ day: string; calls: bigint }[]>`
    SELECT to_char(date_trunc('day', u.created_at AT TIME ZONE 'UTC'), 'YYYY-MM-DD') AS day, count(*) AS calls
    FROM api_usage u JOIN api_key k ON k.id = u.key_id
    WHERE k.account_id = ${options.id} AND u.created_at > now() - interval '30 days'
    GROUP BY 1 ORDER BY 1`;
  const routes = await db().$queryRaw<{ path: string; calls: bigint }[]>`
    SELECT u.path, count(*) AS calls
    FROM api_usage u JOIN api_key k ON k.id = u.key_id
    WHERE k.account_id = ${options.id} AND u.created_at > now() - interval '30 days'
    GROUP BY 1 ORDER BY 2 DESC, 1 LIMIT 20`;
  return {
    days: days.map((row) => ({ day: row.day, calls: Number(row.calls) })),
    routes: routes.map((row) => ({ path: row.path, calls: Number(row.calls) })),
  };
}

/** What marks the rows an account wrote (lib/auth/origin.ts). */
const accountOrigin = (id: number) => `account:${id}`;

/**
 * Everything kept of an account: itself, its keys (no secrets), every line
 * of its usage (its keys' calls and what it did signed in), its research
 * sessions and observations.
 */
export async function exportAccount(options: { id: number }) {
  const account = await getAccountOrThrow(options);
  const origin = accountOrigin(options.id);
  const [keys, usage, sessions, observations] = await Promise.all([
    listAccountKeys({ accountId: options.id }),
    db().apiUsage.findMany({
      where: { OR: [{ key: { accountId: options.id } }, { actor: origin }] },
      select: { keyId: true, method: true, path: true, status: true, createdAt: true },
      orderBy: { id: "asc" },
    }),
    db().researchSession.findMany({
      where: { accountId: options.id },
      select: { slug: true, title: true, context: true, createdAt: true },
      orderBy: { id: "asc" },
    }),
    db().observation.findMany({
      where: { origin },
      select: {
        brId: true,
        item: { select: { name: true } },
        session: { select: { slug: true } },
        source: true,
        condition: true,
        price: true,
        currency: true,
        url: true,
        availability: true,
        notes: true,
        observedAt: true,
      },
      orderBy: { id: "asc" },
    }),
  ]);
  return {
    account,
    keys,
    usage: usage.map((line) => ({
      method: line.method,
      path: line.path,
      status: line.status,
      key_id: line.keyId,
      at: line.createdAt.toISOString(),
    })),
    sessions: sessions.map((session) => ({
      slug: ownSlug(session.slug, options.id)!,
      title: session.title,
      context: session.context,
      created_at: session.createdAt.toISOString(),
    })),
    observations: observations.map((row) => ({
      br_id: row.brId,
      item_name: row.item.name,
      session_slug: ownSlug(row.session?.slug ?? null, options.id),
      source: row.source,
      condition: row.condition,
      price: row.price?.toFixed(2) ?? null,
      currency: row.currency,
      url: row.url,
      availability: row.availability,
      notes: row.notes,
      observed_at: row.observedAt.toISOString(),
    })),
  };
}

/**
 * Deletes an account and all that is kept of it, in one transaction: its
 * observations and the items only they named, its sessions, keys and their
 * usage, what it did signed in, links and sessions. An item it named that
 * the household also observed or watches stays, its name and fields now a
 * stranger's (`anonymous`): the account is gone, the household's prices are not.
 */
export async function deleteAccount(options: { id: number }): Promise<{ deleted: number }> {
  const origin = accountOrigin(options.id);
  const [, , , , , deleted] = await db().$transaction([
    db().$executeRaw`DELETE FROM observation WHERE origin = ${origin}`,
    db().$executeRaw`
      DELETE FROM item i WHERE i.origin = ${origin}
        AND NOT EXISTS (SELECT 1 FROM observation o WHERE o.item_id = i.id)
        AND NOT EXISTS (SELECT 1 FROM watch w WHERE w.item_id = i.id)`,
    db().$executeRaw`
      UPDATE item SET origin = CASE WHEN origin = ${origin} THEN 'anonymous' ELSE origin END,
                      category_origin = CASE WHEN category_origin = ${origin} THEN 'anonymous' ELSE category_origin END,
                      spec_origin = CASE WHEN spec_origin = ${origin} THEN 'anonymous' ELSE spec_origin END
      WHERE ${origin} IN (origin, category_origin, spec_origin)`,
    db().apiUsage.deleteMany({ where: { actor: origin } }),
    db().researchSession.deleteMany({ where: { accountId: options.id } }),
    db().account.deleteMany({ where: { id: options.id } }),
  ]);
  if (deleted.count === 0) throw accountNotFound(options.id);
  return { deleted: options.id };
}
