import "server-only";
import { db } from "@/lib/db";
import { pruneIdempotentAnswers } from "@/lib/http/idempotency";
import { USAGE_DEFAULT_LIMIT, type ApiUsageEntry } from "@/lib/labs/schemas";

const PATH_MAX = 500;

/** How long usage lines are kept. */
export const USAGE_RETENTION_DAYS = 90;
/** Every this many lines, logging one also deletes the lines past retention. */
export const USAGE_PRUNE_EVERY = 100;

/**
 * One line of the usage log, and the key's last use; both in one round trip.
 * A line without a key is an action taken with a cookie (accounts, plans:
 * route specs marked `logged`), and `actor` says whose (lib/auth/origin.ts).
 * `at`: when the request came. The log would grow without end, so every
 * USAGE_PRUNE_EVERY-th line (by id: no counter to keep, the same on every
 * instance) also prunes it, relative to `at`.
 */
export async function recordApiUsage(options: {
  keyId: number | null;
  actor?: string;
  method: string;
  path: string;
  status: number;
  client: string;
  at: Date;
}) {
  const { keyId, actor = null, method, path, status, client, at } = options;
  const [line] = await db().$transaction([
    db().apiUsage.create({
      data: {
        keyId,
        actor,
        method: method.slice(0, 10),
        path: path.slice(0, PATH_MAX),
        status,
        client: client.slice(0, 100),
        createdAt: at,
      },
      select: { id: true },
    }),
    // Never moves back when an older request's line is written last.
    db().apiKey.updateMany({
      // No key (an action with a cookie): `id: -1` matches nothing, and the round trip stays one.
      where: { id: keyId ?? -1, OR: [{ lastUsedAt: null }, { lastUsedAt: { lt: at } }] },
      data: { lastUsedAt: at },
    }),
  ]);
  if (line.id % USAGE_PRUNE_EVERY === 0) {
    await pruneApiUsage({ now: at });
    // Kept answers of retried writes lapse in a day; keyed calls come here often enough to sweep them.
    await pruneIdempotentAnswers({ now: at });
  }
}

/**
 * Deletes usage lines older than the retention before `now`, in one
 * statement on the created_at index; returns how many went. Kept out of the
 * logging transaction: the line and the key's last use are committed first.
 */
export async function pruneApiUsage({ now = new Date() }: { now?: Date } = {}): Promise<number> {
  const cutoff = new Date(now.getTime() - USAGE_RETENTION_DAYS * 86_400_000);
  const { count } = await db().apiUsage.deleteMany({ where: { createdAt: { lt: cutoff } } });
  return count;
}

/** The newest usage lines, of one key or of all (with the actions taken without one). */
export async function listApiUsage(options: {
  keyId?: number;
  actor?: string;
  limit?: number;
}): Promise<ApiUsageEntry[]> {
  const rows = await db().apiUsage.findMany({
    where: { keyId: options.keyId, actor: options.actor },
    orderBy: [{ createdAt: "desc" }, { id: "desc" }],
    take: options.limit ?? USAGE_DEFAULT_LIMIT,
    select: {
      id: true,
      keyId: true,
      actor: true,
      method: true,
      path: true,
      status: true,
      client: true,
      createdAt: true,
      key: { select: { name: true } },
    },
  });
  return rows.map((row) => ({
    id: row.id,
    key_id: row.keyId,
    key_name: row.key?.name ?? null,
    actor: row.actor,
    method: row.method,
    path: row.path,
    status: row.status,
    client: row.client,
    created_at: row.createdAt.toISOString(),
  }));
}
