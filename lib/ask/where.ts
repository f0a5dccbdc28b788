import type { Prisma } from "@/lib/generated/prisma/client";
import type { TodoStatus } from "@/lib/ask/schemas";

// The clock-dependent conditions as query filters, so every read and every
// guarded write agrees with shapes.ts without a timer or a sweeper.

/** Todos whose effective status is one of `statuses` at `now`. */
export function statusIn(statuses: readonly TodoStatus[], now: Date): Prisma.TodoWhereInput {
  const stored = statuses.filter((status) => status !== "pending" && status !== "snoozed");
  const or: Prisma.TodoWhereInput[] = [];
  if (stored.length) or.push({ status: { in: stored } });
  if (statuses.includes("pending")) or.push({ status: "pending" }, { status: "snoozed", snoozeUntil: { lte: now } });
  if (statuses.includes("snoozed")) or.push({ status: "snoozed", snoozeUntil: { gt: now } });
  return { OR: or };
}

/** No lease, or one that ran out: anyone may take it. */
export function leaseFree(now: Date): Prisma.TodoWhereInput {
  return { OR: [{ claimedBy: null }, { lockExpiresAt: null }, { lockExpiresAt: { lte: now } }] };
}

export function leaseHeld(now: Date): Prisma.TodoWhereInput {
  return { claimedBy: { not: null }, lockExpiresAt: { gt: now } };
}

/** Free, or held by `agent` itself. */
export function leaseFreeOrHeldBy(agent: string, now: Date): Prisma.TodoWhereInput {
  return { OR: [...(leaseFree(now).OR as Prisma.TodoWhereInput[]), { claimedBy: agent }] };
}
