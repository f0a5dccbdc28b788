import "server-only";
import { db } from "@/lib/db";
import { Prisma } from "@/lib/generated/prisma/client";
import { eventsCommitted, eventsForRows, isoTime } from "@/lib/events/record-event";

// todo.claim_expired (docs/contract.md, "Events"): a lease that ran out
// without its agent finishing, releasing or renewing it. Leases end by
// themselves (decision 008): nothing writes at that moment, so the server
// looks for ended ones every few seconds (CLAIM_EXPIRY_CHECK_MS) and
// announces each once, marking it in the same statement as its event.

export const CLAIM_EXPIRY_CHECK_MS = 5000;

/** Leases that ended longer ago than this are not announced (a server that was off for days). */
const LOOK_BACK = "1 day";

/** Announces every lease that has ended and was not announced yet; returns how many. */
export async function announceExpiredClaims(): Promise<number> {
  const [row] = await db().$queryRaw<{ events: number }[]>`
    WITH expired AS (
      UPDATE todo SET lease_expiry_announced = lock_expires_at
      WHERE claimed_by IS NOT NULL
        AND lock_expires_at <= now() AND lock_expires_at > now() - ${LOOK_BACK}::interval
        AND lease_expiry_announced IS DISTINCT FROM lock_expires_at
      RETURNING id, text, priority, claimed_by, claimed_at, lock_expires_at),
    ${eventsForRows({
      rows: "expired",
      type: "todo.claim_expired",
      order: "lock_expires_at, id",
      subject: Prisma.sql`jsonb_build_object('kind', 'todo', 'id', numbered.id, 'url', '/base-ask/queue/' || numbered.id)`,
      data: Prisma.sql`jsonb_build_object(
        'todo_id', numbered.id, 'text', left(numbered.text, 280), 'priority', numbered.priority,
        'claimed_by', numbered.claimed_by, 'claimed_at', ${isoTime("numbered.claimed_at")},
        'lock_expires_at', ${isoTime("numbered.lock_expires_at")})`,
    })}`;
  const events = row?.events ?? 0;
  if (events > 0) eventsCommitted();
  return events;
}
