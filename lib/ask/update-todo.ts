import "server-only";
import { db } from "@/lib/db";
import type { Prisma } from "@/lib/generated/prisma/client";
import { AppError, errorText, fieldError, type ErrorText } from "@/lib/http/errors";
import { getTodoRowOrThrow, todoNotFound } from "@/lib/ask/get-todo";
import { MOVES, RELEASING, statusesReaching } from "@/lib/ask/moves";
import type { TodoJson, TodoStatus, UpdateTodoBody } from "@/lib/ask/schemas";
import { effectiveStatus, isLeaseHeld, toTodoJson } from "@/lib/ask/shapes";
import { leaseFreeOrHeldBy, statusIn } from "@/lib/ask/where";
import { decisionReady, todoAnswered } from "@/lib/events/ask-events";
import { eventsCommitted, recordEvent } from "@/lib/events/record-event";
import type { Camelized } from "@/lib/http/wire";

// Edits and status moves in one guarded UPDATE: the allowed "from" statuses
// are part of the WHERE, so a move is checked against the row as it is at that
// instant, not as it was when we read it.

export type UpdateTodoOptions = {
  id: number;
  input: Camelized<UpdateTodoBody>;
  /** Who moves it (originLabel), for the event a move to needs_decision or answered raises. */
  origin?: string;
  now?: Date;
};

/** The moves that raise an event, with the event each raises (lib/events/ask-events.ts). */
const MOVE_EVENTS = { needs_decision: decisionReady, answered: todoAnswered } as const;

export async function updateTodo({
  id,
  input,
  origin = "operator",
  now = new Date(),
}: UpdateTodoOptions): Promise<TodoJson> {
  const target = targetStatus(input, now);
  const data: Prisma.TodoUpdateManyMutationInput = {};
  if (input.text !== undefined) data.text = input.text;
  if (input.priority !== undefined) data.priority = input.priority;
  if (input.response !== undefined) data.response = input.response;
  if (input.draftResponse !== undefined) data.draftResponse = input.draftResponse;
  if (input.decision !== undefined) data.decision = input.decision;
  if (target) {
    data.status = target;
    data.snoozeUntil = target === "snoozed" ? input.snoozeUntil : null;
    if (RELEASING.has(target)) Object.assign(data, { claimedBy: null, claimedAt: null, lockExpiresAt: null });
  }
  const conditions: Prisma.TodoWhereInput[] = [];
  if (target) conditions.push(statusIn(statusesReaching(target), now));
  if (input.agent) conditions.push(leaseFreeOrHeldBy(input.agent, now));

  const raise = target && target in MOVE_EVENTS ? MOVE_EVENTS[target as keyof typeof MOVE_EVENTS] : null;
  if (!raise) {
    const { count } = await db().todo.updateMany({ where: { id, AND: conditions }, data });
    if (count === 0) throw await whyNotUpdated(id, target, input.agent, now);
    return toTodoJson(await getTodoRowOrThrow({ id }), now);
  }
  // The move and its event commit together: the event reads the todo as the move left it.
  const moved = await db().$transaction(async (tx) => {
    const { count } = await tx.todo.updateMany({ where: { id, AND: conditions }, data });
    if (count === 0) return false;
    const todo = await tx.todo.findUniqueOrThrow({ where: { id } });
    await recordEvent(tx, raise(todo, origin));
    return true;
  });
  if (!moved) throw await whyNotUpdated(id, target, input.agent, now);
  eventsCommitted();
  return toTodoJson(await getTodoRowOrThrow({ id }), now);
}

/** The status this update moves to, if any; snooze rules are checked here (400). */
function targetStatus(input: Camelized<UpdateTodoBody>, now: Date): TodoStatus | undefined {
  const snoozeUntil = input.snoozeUntil;
  const target = input.status ?? (snoozeUntil ? "snoozed" : undefined);
  if (target === "snoozed") {
    if (!snoozeUntil) throw invalid("snooze_until", errorText("ask.snoozeUntilMissing"));
    if (snoozeUntil <= now) throw invalid("snooze_until", errorText("ask.snoozeUntilPast"));
  } else if (snoozeUntil) {
    throw invalid("snooze_until", errorText("ask.snoozeUntilOnlySnoozed"));
  }
  return target;
}

function invalid(path: string, message: ErrorText): AppError {
  return fieldError("validation_failed", path, message);
}

async function whyNotUpdated(id: number, target: TodoStatus | undefined, agent: string | undefined, now: Date) {
  const todo = await db().todo.findUnique({ where: { id } });
  if (!todo) return todoNotFound(id);
  if (agent && isLeaseHeld(todo, now) && todo.claimedBy !== agent) {
    return new AppError(
      "conflict",
      errorText("ask.claimedUntilNotBy", {
        id,
        holder: todo.claimedBy ?? "",
        until: todo.lockExpiresAt?.toISOString() ?? "",
        agent,
      }),
    );
  }
  const status = effectiveStatus(todo, now);
  const moves = MOVES[status];
  return new AppError(
    "conflict",
    errorText("ask.cannotMove", { id, status, target: String(target), moves: moves.join(", ") }),
  );
}

/**
 * The operator's answer to a needs_decision todo: the decision is stored and
 * the todo goes back to pending, where an agent picks it up and carries it out.
 */
export async function decideTodo({
  id,
  decision,
  now = new Date(),
}: {
  id: number;
  decision: string;
  now?: Date;
}): Promise<TodoJson> {
  const { count } = await db().todo.updateMany({
    where: { id, status: "needs_decision" },
    data: { decision, status: "pending", snoozeUntil: null, claimedBy: null, claimedAt: null, lockExpiresAt: null },
  });
  if (count === 0) {
    const todo = await db().todo.findUnique({ where: { id } });
    if (!todo) throw todoNotFound(id);
    throw new AppError("conflict", errorText("ask.noDecisionAwaited", { id, status: effectiveStatus(todo, now) }));
  }
  return toTodoJson(await getTodoRowOrThrow({ id }), now);
}
