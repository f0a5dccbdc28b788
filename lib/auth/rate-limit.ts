import "server-only";
import { db } from "@/lib/db";
import { Prisma } from "@/lib/generated/prisma/client";

export type RateLimitResult = {
  limit: number;
  /** Requests counted in the current window, this one included. */
  count: number;
  remaining: number;
  /** Seconds until the window ends and the count starts again. */
  resetSeconds: number;
  allowed: boolean;
};

/**
 * Counts one request of a key and says whether it is within its plan's
 * `limit` a minute; an account's key is counted for its account
 * (`accountId`), so its plan's minute is the account's whichever key calls.
 * One atomic upsert on the window's row, so any number of app instances on
 * one database share the count: a window starts with the first request after
 * the previous one ended and lasts a minute. The database's clock decides,
 * never an instance's.
 */
export async function consumeRateLimit(options: {
  keyId: number;
  accountId?: number | null;
  limit: number;
}): Promise<RateLimitResult> {
  const { keyId, accountId = null, limit } = options;
  const [table, column, id] =
    accountId === null
      ? [Prisma.raw("api_rate_window"), Prisma.raw("key_id"), keyId]
      : [Prisma.raw("account_rate_window"), Prisma.raw("account_id"), accountId];
  const [row] = await db().$queryRaw<{ count: number; reset_seconds: number }[]>`
    INSERT INTO ${table} AS w (${column}, window_start, count)
    VALUES (${id}, now(), 1)
    ON CONFLICT (${column}) DO UPDATE SET
      count = CASE
        WHEN w.window_start <= now() - interval '1 minute' THEN 1
        ELSE w.count + 1
      END,
      window_start = CASE
        WHEN w.window_start <= now() - interval '1 minute' THEN now()
        ELSE w.window_start
      END
    RETURNING
      count,
      EXTRACT(EPOCH FROM (window_start + interval '1 minute' - now()))::float8 AS reset_seconds`;
  if (!row) throw new Error("rate limit upsert returned no row");
  return {
    limit,
    count: row.count,
    remaining: Math.max(0, limit - row.count),
    // window_start is stored to the millisecond, so a new window can read 60.0004 s.
    resetSeconds: Math.min(60, Math.max(1, Math.ceil(row.reset_seconds))),
    allowed: row.count <= limit,
  };
}
