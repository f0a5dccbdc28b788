import { db } from "@/lib/db";
import type { Prisma } from "@/lib/generated/prisma/client";
import type { TodoJson } from "@/lib/ask/schemas";
import { todoInclude, toTodoJson } from "@/lib/ask/shapes";
import { leaseFree, leaseHeld, statusIn } from "@/lib/ask/where";

// The queue's lists. Order everywhere an agent picks from: highest priority
// first, then oldest first (DESIGN §4), id breaking ties.
const queueOrder: Prisma.TodoOrderByWithRelationInput[] = [{ priority: "desc" }, { createdAt: "asc" }, { id: "asc" }];

type TodoList = { count: number; todos: TodoJson[] };

async function listTodos(where: Prisma.TodoWhereInput, now: Date, limit: number, orderBy = queueOrder) {
  const [count, rows] = await Promise.all([
    db().todo.count({ where }),
    db().todo.findMany({ where, include: todoInclude, orderBy, take: limit }),
  ]);
  return { count, todos: rows.map((row) => toTodoJson(row, now)) };
}

/**
 * What an agent may take now: pending (or woken from a snooze), with no live
 * lease. Asked as two queries, one per stored status, so each walks the
 * (status, priority, created_at) index in queue order instead of sorting every
 * pending row; the two ordered parts are merged here.
 */
export async function listPendingTodos({
  limit = 100,
  now = new Date(),
}: { limit?: number; now?: Date } = {}): Promise<TodoList> {
  const parts: Prisma.TodoWhereInput[] = [
    { status: "pending", ...leaseFree(now) },
    { status: "snoozed", snoozeUntil: { lte: now }, ...leaseFree(now) },
  ];
  const [counts, rows] = await Promise.all([
    Promise.all(parts.map((where) => db().todo.count({ where }))),
    Promise.all(
      parts.map((where) => db().todo.findMany({ where, include: todoInclude, orderBy: queueOrder, take: limit })),
    ),
  ]);
  const todos = rows
    .flat()
    .sort((a, b) => b.priority - a.priority || a.createdAt.getTime() - b.createdAt.getTime() || a.id - b.id)
    .slice(0, limit);
  return { count: counts[0]! + counts[1]!, todos: todos.map((row) => toTodoJson(row, now)) };
}

/** Todos where an agent prepared options and waits for the operator's decision. */
export function listDecisionsReady({ limit = 1000, now = new Date() }: { limit?: number; now?: Date } = {}) {
  return listTodos({ status: "needs_decision" }, now, limit);
}

/** Pending todos an agent is working on right now (a live lease). */
export function listInProgress({ limit = 200, now = new Date() }: { limit?: number; now?: Date } = {}) {
  return listTodos({ AND: [statusIn(["pending"], now), leaseHeld(now)] }, now, limit);
}

export function listSnoozed({ limit = 200, now = new Date() }: { limit?: number; now?: Date } = {}) {
  return listTodos(statusIn(["snoozed"], now), now, limit, [{ snoozeUntil: "asc" }, { id: "asc" }]);
}

/** Recently closed, newest change first. */
export function listClosed({ limit = 50, now = new Date() }: { limit?: number; now?: Date } = {}) {
  return listTodos({ status: { in: ["answered", "done", "wontfix"] } }, now, limit, [
    { updatedAt: "desc" },
    { id: "desc" },
  ]);
}
