import { db } from "@/lib/db";
import { USAGE_DEFAULT_LIMIT, type ApiUsageEntry } from "@/lib/labs/schemas";

const PATH_MAX = 500;

/** One line of the usage log, and the key's last use; both in one round trip. `at`: when the request came. */
export async function recordApiUsage(options: {
  keyId: number;
  method: string;
  path: string;
  status: number;
  at: Date;
}) {
  const { keyId, method, path, status, at } = options;
  await db().$transaction([
    db().apiUsage.create({
      data: { keyId, method: method.slice(0, 10), path: path.slice(0, PATH_MAX), status, createdAt: at },
    }),
    // Never moves back when an older request's line is written last.
    db().apiKey.updateMany({
      where: { id: keyId, OR: [{ lastUsedAt: null }, { lastUsedAt: { lt: at } }] },
      data: { lastUsedAt: at },
    }),
  ]);
}

/** The newest usage lines, of one key or of all. */
export async function listApiUsage(options: { keyId?: number; limit?: number }): Promise<ApiUsageEntry[]> {
  const rows = await db().apiUsage.findMany({
    where: options.keyId ? { keyId: options.keyId } : {},
    orderBy: [{ createdAt: "desc" }, { id: "desc" }],
    take: options.limit ?? USAGE_DEFAULT_LIMIT,
    select: {
      id: true,
      keyId: true,
      method: true,
      path: true,
      status: true,
      createdAt: true,
      key: { select: { name: true } },
    },
  });
  return rows.map((row) => ({
    id: row.id,
    key_id: row.keyId,
    key_name: row.key.name,
    method: row.method,
    path: row.path,
    status: row.status,
    created_at: row.createdAt.toISOString(),
  }));
}
