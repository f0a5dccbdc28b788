import { createHash } from "node:crypto";
import { db } from "@/lib/db";

export type KeyCaller = { kind: "key"; keyId: number; plan: string };

export function hashApiKey(key: string): string {
  return createHash("sha256").update(key, "utf8").digest("hex");
}

/** The active key for a bearer token, or null when unknown or revoked. */
export async function findActiveApiKey(token: string): Promise<KeyCaller | null> {
  if (token.length < 16 || token.length > 200) return null;
  const key = await db().apiKey.findUnique({
    where: { hash: hashApiKey(token) },
    select: { id: true, plan: true, revokedAt: true },
  });
  if (!key || key.revokedAt) return null;
  return { kind: "key", keyId: key.id, plan: key.plan };
}
