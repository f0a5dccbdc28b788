import "server-only";
import { noteCreditsLeft } from "@/lib/auth/keyed-request";
import type { OperatorCaller } from "@/lib/auth/authenticate";
import { db } from "@/lib/db";
import { Prisma } from "@/lib/generated/prisma/client";
import { AppError, errorText } from "@/lib/http/errors";

// Credits (docs/decisions/034-accounts-and-credits.md): each call with an
// account's key costs its route's price, taken just before the handler runs,
// so a call refused before it (401, 403, 415, 429, a bad body) costs nothing.

/**
 * What account `a` has to spend now, on its plan `p`: once its month has
 * ended, the plan's monthly credits replace what was left (the next call or
 * grant writes them, with RESETS_AT). In SQL, so it is read under the row's lock.
 */
export const BALANCE = Prisma.sql`CASE WHEN a.credits_reset_at <= now() THEN p.credits_per_month ELSE a.credits_remaining END`;

/** When account `a`'s credits come back next, by the same rule. */
export const RESETS_AT = Prisma.sql`CASE WHEN a.credits_reset_at <= now() THEN now() + interval '1 month' ELSE a.credits_reset_at END`;

/**
 * Charges an account's key for one call of `price` credits, or refuses it
 * with 402 `credits_exhausted` and when they come back. The operator's keys,
 * cookies and anonymous callers pay nothing.
 *
 * One UPDATE decides: the balance is read and lowered in the same statement,
 * under the row's lock, so parallel calls on any number of instances can
 * never spend more than there is. A balance whose month has ended is first
 * replaced by the plan's monthly credits, with a month more to run.
 */
export async function chargeCall(request: Request, caller: OperatorCaller | null, price = 1): Promise<void> {
  if (caller?.kind !== "key" || caller.accountId === null) return;
  const [charged] = await db().$queryRaw<{ remaining: number; resets_at: Date; per_month: number }[]>`
    UPDATE account a SET credits_remaining = ${BALANCE} - ${price}, credits_reset_at = ${RESETS_AT}, last_used_at = now()
    FROM api_plan p
    WHERE a.id = ${caller.accountId} AND p.name = a.plan AND ${BALANCE} >= ${price}
    RETURNING a.credits_remaining AS remaining, a.credits_reset_at AS resets_at, p.credits_per_month AS per_month`;
  if (charged) {
    noteCreditsLeft(request, {
      remaining: charged.remaining,
      resetsAt: charged.resets_at,
      perMonth: charged.per_month,
    });
    return;
  }
  const [left] = await db().$queryRaw<{ remaining: number; resets_at: Date; per_month: number }[]>`
    SELECT a.credits_remaining AS remaining, a.credits_reset_at AS resets_at, p.credits_per_month AS per_month
    FROM account a JOIN api_plan p ON p.name = a.plan WHERE a.id = ${caller.accountId}`;
  const resetsAt = left?.resets_at ?? new Date();
  noteCreditsLeft(request, { remaining: left?.remaining ?? 0, resetsAt, perMonth: left?.per_month ?? 0 });
  throw new AppError("credits_exhausted", errorText("auth.creditsExhausted", { price }), { resetsAt });
}
