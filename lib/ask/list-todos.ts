import "server-only";
import { db } from "@/lib/db";
import type { Prisma } from "@/lib/generated/prisma/client";
import { LIST_LIMIT_DEFAULT, type TodoJson } from "@/lib/ask/schemas";
import { afterCursor, compareBy, orderByOf, pageOf, type SortOrder } from "@/lib/ask/keyset";
import { todoInclude, toTodoJson } from "@/lib/ask/shapes";
import { leaseFree, leaseHeld, statusIn } from "@/lib/ask/where";

// The queue's lists, each read a page at a time (keyset paging, see
// keyset.ts): `count` is how many there are in all, `next` the cursor of the
// page after this one. Order everywhere an agent picks from: highest priority
// first, then oldest first (docs/contract.md, "Ask decisions"), id breaking ties.
export const QUEUE_ORDER: SortOrder = [
  ["priority", "desc"],
  ["createdAt", "asc"],
  ["id", "asc"],
];
/** Snoozed: the first to wake first. */
export const SNOOZED_ORDER: SortOrder = [
  ["snoozeUntil", "asc"],
  ["id", "asc"],
];
/** Closed: newest change first. */
export const CLOSED_ORDER: SortOrder = [
  ["updatedAt", "desc"],
  ["id", "desc"],
];

export type TodoPage = { count: number; todos: TodoJson[]; next: string | null };

export type PageOptions = {
  /** At most this many todos; 0 asks for the count alone. */
  limit?: number;
  /** The `next` of the page before, parsed by the list's cursor schema. */
  before?: readonly number[];
  now?: Date;
};

/**
 * What an agent may take now: pending (or woken from a snooze), with no live
 * lease. Two parts, one per stored status, so each query walks the
 * (status, priority, created_at) index in queue order instead of sorting
 * every pending row; the two ordered parts are merged here.
 */
function pendingParts(now: Date): Prisma.TodoWhereInput[] {
  return [
    { status: "pending", ...leaseFree(now) },
    { status: "snoozed", snoozeUntil: { lte: now }, ...leaseFree(now) },
  ];
}

const inProgress = (now: Date): Prisma.TodoWhereInput => ({ AND: [statusIn(["pending"], now), leaseHeld(now)] });
const decisionsReady: Prisma.TodoWhereInput = { status: "needs_decision" };
const snoozed = (now: Date): Prisma.TodoWhereInput => statusIn(["snoozed"], now);
const closed: Prisma.TodoWhereInput = { status: { in: ["answered", "done", "wontfix"] } };

/** One page of the todos matching any of `parts`, in `order`. */
async function listTodos(
  parts: Prisma.TodoWhereInput[],
  order: SortOrder,
  { limit = LIST_LIMIT_DEFAULT, before, now = new Date() }: PageOptions,
): Promise<TodoPage> {
  const startAfter = before ? afterCursor(order, before) : null;
  const [counts, rows] = await Promise.all([
    Promise.all(parts.map((where) => db().todo.count({ where }))),
    Promise.all(
      parts.map((where) =>
        limit
          ? db().todo.findMany({
              where: startAfter ? { AND: [where, startAfter] } : where,
              include: todoInclude,
              orderBy: orderByOf(order),
              take: limit + 1,
            })
          : [],
      ),
    ),
  ]);
  const page = pageOf(
    order,
    rows
      .flat()
      .sort(compareBy(order))
      .slice(0, limit + 1),
    limit,
  );
  return {
    count: counts.reduce((sum, count) => sum + count, 0),
    todos: page.rows.map((row) => toTodoJson(row, now)),
    next: page.next,
  };
}

export function listPendingTodos({ now = new Date(), ...options }: PageOptions = {}): Promise<TodoPage> {
  return listTodos(pendingParts(now), QUEUE_ORDER, { ...options, now });
}

/** Todos where an agent prepared options and waits for the operator's decision. */
export function listDecisionsReady(options: PageOptions = {}): Promise<TodoPage> {
  return listTodos([decisionsReady], QUEUE_ORDER, options);
}

/** Pending todos an agent is working on right now (a live lease). */
export function listInProgress({ now = new Date(), ...options }: PageOptions = {}): Promise<TodoPage> {
  return listTodos([inProgress(now)], QUEUE_ORDER, { ...options, now });
}

export function listSnoozed({ now = new Date(), ...options }: PageOptions = {}): Promise<TodoPage> {
  return listTodos([snoozed(now)], SNOOZED_ORDER, { ...options, now });
}

/** Recently closed, newest change first. */
export function listClosed(options: PageOptions = {}): Promise<TodoPage> {
  return listTodos([closed], CLOSED_ORDER, options);
}

export type QueueCounts = { pending: number; progress: number; decisions: number; snoozed: number; closed: number };

/** How many todos each of the queue page's tabs holds, without reading any. */
export async function countQueue({ now = new Date() }: { now?: Date } = {}): Promise<QueueCounts> {
  const count = (where: Prisma.TodoWhereInput) => db().todo.count({ where });
  const [pendingCounts, progress, decisions, snoozedCount, closedCount] = await Promise.all([
    Promise.all(pendingParts(now).map(count)),
    count(inProgress(now)),
    count(decisionsReady),
    count(snoozed(now)),
    count(closed),
  ]);
  return {
    pending: pendingCounts.reduce((sum, part) => sum + part, 0),
    progress,
    decisions,
    snoozed: snoozedCount,
    closed: closedCount,
  };
}
