import "server-only";
import { createHash, randomBytes } from "node:crypto";
import { db } from "@/lib/db";
import type { Prisma } from "@/lib/generated/prisma/client";
import { AppError, errorText, fieldError } from "@/lib/http/errors";
import { ACCOUNT_SCOPES, API_SCOPES, type AccountScope, type ApiScope } from "@/lib/auth/scopes";
import type { ApiKey } from "@/lib/labs/schemas";

/**
 * A key that was sent and is active. The operator's keys hold `scopes`; an
 * account's keys hold `accountScopes` only, so every check of `scopes`
 * refuses them (docs/decisions/034-accounts-and-credits.md).
 */
export type KeyCaller = {
  kind: "key";
  keyId: number;
  name: string;
  /** The plan it is counted against: an account's key, its account's. */
  plan: string;
  requestsPerMinute: number;
  scopes: ApiScope[];
  accountScopes: AccountScope[];
  /** The account whose key it is; null for the operator's keys. */
  accountId: number | null;
  /** Its account is suspended: every call is refused. */
  suspended: boolean;
};

// Keys look like `labs_<43 base64url characters>` (256 random bits). The
// prefix shown in lists is long enough to tell keys apart, far too short to guess.
const KEY_PREFIX = "labs_";
const SHOWN_PREFIX_LENGTH = KEY_PREFIX.length + 6;

export function hashApiKey(key: string): string {
  return createHash("sha256").update(key, "utf8").digest("hex");
}

type ActiveKeyRow = {
  id: number;
  name: string;
  plan: string;
  scopes: string[];
  requests_per_minute: number;
  account_id: number | null;
  account_status: string | null;
};

/**
 * The active key for a bearer token, or null when unknown or revoked. One
 * statement with its plan and account: a plan changed or an account
 * suspended holds from the next request, on every instance.
 */
export async function findActiveApiKey(token: string): Promise<KeyCaller | null> {
  if (token.length < 16 || token.length > 200) return null;
  const [key] = await db().$queryRaw<ActiveKeyRow[]>`
    SELECT k.id, k.name, p.name AS plan, k.scopes, p.requests_per_minute,
           k.account_id, a.status AS account_status
    FROM api_key k
    LEFT JOIN account a ON a.id = k.account_id
    JOIN api_plan p ON p.name = COALESCE(a.plan, k.plan)
    WHERE k.hash = ${hashApiKey(token)} AND k.revoked_at IS NULL`;
  if (!key) return null;
  const ofAccount = key.account_id !== null;
  return {
    kind: "key",
    keyId: key.id,
    name: key.name,
    plan: key.plan,
    requestsPerMinute: key.requests_per_minute,
    scopes: ofAccount ? [] : knownScopes(key.scopes),
    accountScopes: ofAccount ? ACCOUNT_SCOPES.filter((scope) => key.scopes.includes(scope)) : [],
    accountId: key.account_id,
    suspended: ofAccount && key.account_status !== "active",
  };
}

/** A new secret, and what is stored of it: its hash and the prefix shown in lists. */
export function newKeySecret(): { key: string; prefix: string; hash: string } {
  const key = `${KEY_PREFIX}${randomBytes(32).toString("base64url")}`;
  return { key, prefix: key.slice(0, SHOWN_PREFIX_LENGTH), hash: hashApiKey(key) };
}

/** A new key of the operator's; the secret is returned this once and only its hash is stored. */
export async function mintApiKey(options: { name: string; plan: string; scopes: ApiScope[] }) {
  const { key, prefix, hash } = newKeySecret();
  const plan = await db().apiPlan.findUnique({ where: { name: options.plan }, select: { name: true } });
  if (!plan) throw fieldError("validation_failed", "plan", errorText("labs.planNotFound", { name: options.plan }));
  const row = await db().apiKey.create({
    data: { name: options.name, plan: options.plan, scopes: options.scopes, prefix, hash },
    select: { id: true, name: true, plan: true, scopes: true, prefix: true },
  });
  return { ...row, scopes: knownScopes(row.scopes), key };
}

/** The columns a key is shown from: never its hash. */
export const keyColumns = {
  id: true,
  name: true,
  plan: true,
  scopes: true,
  prefix: true,
  createdAt: true,
  lastUsedAt: true,
  revokedAt: true,
} as const satisfies Prisma.ApiKeySelect;

export type KeyRow = Prisma.ApiKeyGetPayload<{ select: typeof keyColumns }>;

/** A key as the API shows it. */
export function shapeKey(row: KeyRow): ApiKey {
  return {
    id: row.id,
    name: row.name,
    plan: row.plan,
    scopes: knownScopes(row.scopes),
    prefix: row.prefix,
    created_at: row.createdAt.toISOString(),
    last_used_at: row.lastUsedAt?.toISOString() ?? null,
    revoked_at: row.revokedAt?.toISOString() ?? null,
  };
}

/** The operator's keys, newest first, without secrets; revoked ones too so their usage stays readable. */
export async function listApiKeys(): Promise<ApiKey[]> {
  const rows = await db().apiKey.findMany({ where: { accountId: null }, select: keyColumns, orderBy: { id: "desc" } });
  return rows.map(shapeKey);
}

/** Revokes a key from now on; revoking a revoked key keeps its first revocation time. */
export async function revokeApiKey(options: { id: number }): Promise<ApiKey> {
  const { id } = options;
  await db().apiKey.updateMany({ where: { id, revokedAt: null }, data: { revokedAt: new Date() } });
  const row = await db().apiKey.findUnique({ where: { id }, select: keyColumns });
  if (!row) throw new AppError("not_found", errorText("labs.keyNotFound", { id }));
  return shapeKey(row);
}

/** The stored scopes we know, in their canonical order. */
function knownScopes(stored: string[]): ApiScope[] {
  return API_SCOPES.filter((scope) => stored.includes(scope));
}
