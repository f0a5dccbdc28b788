import { createHash, randomBytes } from "node:crypto";
import { db } from "@/lib/db";
import { AppError, errorText } from "@/lib/http/errors";
import type { ApiPlan } from "@/lib/auth/plans";
import { API_SCOPES, type ApiScope } from "@/lib/auth/scopes";
import type { ApiKey } from "@/lib/labs/schemas";

export type KeyCaller = { kind: "key"; keyId: number; name: string; plan: string; scopes: ApiScope[] };

// Keys look like `labs_<43 base64url characters>` (256 random bits). The
// prefix shown in lists is long enough to tell keys apart, far too short to guess.
const KEY_PREFIX = "labs_";
const SHOWN_PREFIX_LENGTH = KEY_PREFIX.length + 6;

export function hashApiKey(key: string): string {
  return createHash("sha256").update(key, "utf8").digest("hex");
}

/** The active key for a bearer token, or null when unknown or revoked. */
export async function findActiveApiKey(token: string): Promise<KeyCaller | null> {
  if (token.length < 16 || token.length > 200) return null;
  const key = await db().apiKey.findUnique({
    where: { hash: hashApiKey(token) },
    select: { id: true, name: true, plan: true, scopes: true, revokedAt: true },
  });
  if (!key || key.revokedAt) return null;
  return { kind: "key", keyId: key.id, name: key.name, plan: key.plan, scopes: knownScopes(key.scopes) };
}

/** A new key; the secret is returned this once and only its hash is stored. */
export async function mintApiKey(options: { name: string; plan: ApiPlan; scopes: ApiScope[] }) {
  const key = `${KEY_PREFIX}${randomBytes(32).toString("base64url")}`;
  const prefix = key.slice(0, SHOWN_PREFIX_LENGTH);
  const row = await db().apiKey.create({
    data: { name: options.name, plan: options.plan, scopes: options.scopes, prefix, hash: hashApiKey(key) },
    select: { id: true, name: true, plan: true, scopes: true, prefix: true },
  });
  return { ...row, scopes: knownScopes(row.scopes), key };
}

const keyColumns = {
  id: true,
  name: true,
  plan: true,
  scopes: true,
  prefix: true,
  createdAt: true,
  lastUsedAt: true,
  revokedAt: true,
} as const;

type KeyRow = {
  id: number;
  name: string;
  plan: string;
  scopes: string[];
  prefix: string;
  createdAt: Date;
  lastUsedAt: Date | null;
  revokedAt: Date | null;
};

function shapeKey(row: KeyRow): ApiKey {
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

/** Every key, newest first, without secrets; revoked ones too so their usage stays readable. */
export async function listApiKeys(): Promise<ApiKey[]> {
  const rows = await db().apiKey.findMany({ select: keyColumns, orderBy: { id: "desc" } });
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
