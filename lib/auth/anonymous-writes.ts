import "server-only";
import { db } from "@/lib/db";
import { Prisma } from "@/lib/generated/prisma/client";
import { env } from "@/lib/env";
import { clientNetwork } from "@/lib/http/client-address";
import { AppError, errorText } from "@/lib/http/errors";

// Anonymous writes per client (docs/decisions/005-origins-and-anonymous-limits.md):
// a token bucket per client network that holds ANON_RATE_LIMIT tokens and
// refills at that many a minute, so a family member's burst of scans goes
// through and a flood does not. One upsert per write, timed by the
// database's clock, so every instance on one database shares the count.
// A refused write takes no token: a client that keeps hammering gets in
// again as soon as the bucket has refilled one.
//
// Until then, each instance remembers the database's refusal and answers a
// flood from memory: refusing costs no query, so a client hammering past its
// limit does not queue its refusals in front of everyone else's writes on the
// database (bench/anonymous-flood.ts). The memory only ever refuses what the
// database already refused, for no longer than it said, so instances still
// agree. And a refusal is answered only after a pause: a client that sends
// its next write as soon as the last is answered (a script, a loop of
// fetches) is slowed to a few requests a second per connection, instead of
// taking the server's one thread from everyone else.

/** Client networks refused, and until when (ms since epoch). */
const refusedUntil = new Map<string, number>();
/** Enough for any flood of addresses; past it, expired entries go, then the oldest. */
const REFUSALS_REMEMBERED = 10_000;
/** How long a refusal waits before it is sent. */
const REFUSAL_PAUSE_MS = 1000;

/**
 * Counts `count` anonymous writes of `client` (one request, or the cards of an
 * import: docs/decisions/007-wallet-import-export.md), all or none, or
 * refuses them with 429 and Retry-After. More than the bucket holds can never
 * pass: callers cap `count` at ANON_RATE_LIMIT first.
 */
export async function consumeAnonymousWrite(client: string, count = 1): Promise<void> {
  const limit = env().ANON_RATE_LIMIT;
  if (limit === 0 || count <= 0) return;
  const perSecond = limit / 60;
  const network = clientNetwork(client);
  const until = refusedUntil.get(network);
  if (until !== undefined) {
    const wait = until - Date.now();
    if (wait > 0) throw await refusal(limit, Math.ceil(wait / 1000));
    refusedUntil.delete(network);
  }
  // Every reference is to the row as locked by ON CONFLICT (never a snapshot
  // read before it), so concurrent writes of one client queue on the row and
  // each sees the tokens the previous one left.
  const refilled = Prisma.sql`LEAST(${limit}::float8, anon_write_bucket.tokens
    + GREATEST(0, EXTRACT(EPOCH FROM now() - anon_write_bucket.updated_at))::float8 * ${perSecond}::float8)`;
  const [row] = await db().$queryRaw<{ tokens: number; allowed: boolean; created: boolean }[]>`
    INSERT INTO anon_write_bucket (client, tokens, allowed, updated_at)
    VALUES (${network}, ${count <= limit ? limit - count : limit}::float8, ${count <= limit}, now())
    ON CONFLICT (client) DO UPDATE SET
      tokens = CASE WHEN ${refilled} >= ${count}::float8 THEN ${refilled} - ${count}::float8 ELSE ${refilled} END,
      allowed = ${refilled} >= ${count}::float8,
      updated_at = GREATEST(anon_write_bucket.updated_at, now())
    RETURNING tokens, allowed, (xmax = 0) AS created`;
  if (!row) throw new Error("anonymous write bucket upsert returned no row");
  if (row.created) await pruneIdleBuckets();
  if (row.allowed) return;
  // Remembered only while not even one write would pass: a refused import
  // must not turn away the next single scan the database would take.
  if (row.tokens < 1) rememberRefusal(network, Date.now() + ((1 - row.tokens) / perSecond) * 1000);
  const waitSeconds = (Math.min(count, limit) - row.tokens) / perSecond;
  throw await refusal(limit, Math.max(1, Math.ceil(waitSeconds)));
}

async function refusal(limit: number, retryAfter: number): Promise<AppError> {
  await new Promise((resolve) => setTimeout(resolve, REFUSAL_PAUSE_MS));
  return new AppError("rate_limited", errorText("auth.anonymousRateLimited", { limit, seconds: retryAfter }), {
    headers: { "retry-after": String(retryAfter) },
  });
}

function rememberRefusal(network: string, until: number): void {
  if (refusedUntil.size >= REFUSALS_REMEMBERED) {
    const now = Date.now();
    for (const [key, end] of refusedUntil) if (end <= now) refusedUntil.delete(key);
    if (refusedUntil.size >= REFUSALS_REMEMBERED) refusedUntil.delete(refusedUntil.keys().next().value!);
  }
  refusedUntil.set(network, until);
}

/** Buckets untouched for an hour are full again and can go. */
async function pruneIdleBuckets(): Promise<void> {
  await db().$executeRaw`DELETE FROM anon_write_bucket WHERE updated_at < now() - interval '1 hour'`;
}
