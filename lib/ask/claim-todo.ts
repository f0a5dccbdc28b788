import "server-only";
import { db } from "@/lib/db";
import { AppError, errorText } from "@/lib/http/errors";
import { getTodoRowOrThrow, todoNotFound } from "@/lib/ask/get-todo";
import { CLAIMABLE } from "@/lib/ask/moves";
import { DEFAULT_TTL_SECONDS, type TodoJson } from "@/lib/ask/schemas";
import { effectiveStatus, isLeaseHeld, toTodoJson } from "@/lib/ask/shapes";
import { leaseFree, leaseFreeOrHeldBy, statusIn } from "@/lib/ask/where";

// Claims are leases (docs/decisions/008-todo-leases.md): one guarded UPDATE decides the
// winner among any number of callers on any number of instances, and a lease
// that runs out frees the todo by itself, so a dead agent never leaves a lock
// that needs a manual fix. Time comes from the caller (`now`) so tests can
// move the clock.

export type ClaimTodoOptions = {
  id: number;
  /** Who holds the lease. */
  agent: string;
  ttlSeconds?: number;
  /** The caller named itself: holding it already, it renews its lease instead of a 409. */
  renew?: boolean;
  now?: Date;
};

export type ClaimResult = { claimedBy: string; lockExpiresAt: Date; todo: TodoJson };

export async function claimTodo({
  id,
  agent,
  ttlSeconds = DEFAULT_TTL_SECONDS,
  renew = false,
  now = new Date(),
}: ClaimTodoOptions): Promise<ClaimResult> {
  const lockExpiresAt = new Date(now.getTime() + ttlSeconds * 1000);
  const won = await db().todo.updateManyAndReturn({
    where: { id, AND: [statusIn(CLAIMABLE, now), renew ? leaseFreeOrHeldBy(agent, now) : leaseFree(now)] },
    data: { claimedBy: agent, claimedAt: now, lockExpiresAt },
    select: { id: true },
  });
  if (won.length === 0) throw await whyNotClaimed(id, now);
  const todo = toTodoJson(await getTodoRowOrThrow({ id }), now);
  return { claimedBy: agent, lockExpiresAt, todo };
}

async function whyNotClaimed(id: number, now: Date): Promise<AppError> {
  const todo = await db().todo.findUnique({ where: { id } });
  if (!todo) return todoNotFound(id);
  if (isLeaseHeld(todo, now)) {
    return new AppError(
      "conflict",
      errorText("ask.claimedUntil", {
        id,
        holder: todo.claimedBy ?? "",
        until: todo.lockExpiresAt?.toISOString() ?? "",
      }),
    );
  }
  const status = effectiveStatus(todo, now);
  if (status === "snoozed") {
    return new AppError(
      "conflict",
      errorText("ask.snoozedUntil", { id, until: todo.snoozeUntil?.toISOString() ?? "" }),
    );
  }
  return new AppError("conflict", errorText("ask.notClaimable", { id, status }));
}

export type ReleaseTodoOptions = { id: number; agent?: string; now?: Date };

/** Frees a live lease (of `agent` when given). Nothing to free → 409. */
export async function releaseTodo({ id, agent, now = new Date() }: ReleaseTodoOptions): Promise<TodoJson> {
  const { count } = await db().todo.updateMany({
    where: { id, claimedBy: agent ?? { not: null }, lockExpiresAt: { gt: now } },
    data: { claimedBy: null, claimedAt: null, lockExpiresAt: null },
  });
  if (count === 0) throw await whyNotReleased(id, agent, now);
  return toTodoJson(await getTodoRowOrThrow({ id }), now);
}

async function whyNotReleased(id: number, agent: string | undefined, now: Date): Promise<AppError> {
  const todo = await db().todo.findUnique({ where: { id } });
  if (!todo) return todoNotFound(id);
  if (isLeaseHeld(todo, now)) {
    return new AppError(
      "conflict",
      errorText("ask.claimedByOther", { id, holder: todo.claimedBy ?? "", agent: agent ?? "" }),
    );
  }
  if (todo.claimedBy && todo.lockExpiresAt) {
    return new AppError(
      "conflict",
      errorText("ask.leaseRanOut", { id, holder: todo.claimedBy, at: todo.lockExpiresAt.toISOString() }),
    );
  }
  return new AppError("conflict", errorText("ask.nothingToRelease", { id }));
}
