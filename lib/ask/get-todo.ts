import "server-only";
import { db } from "@/lib/db";
import { AppError, errorText } from "@/lib/http/errors";
import { afterCursor, orderByOf, pageOf, type SortOrder } from "@/lib/ask/keyset";
import { FOLLOW_UPS_LIMIT_DEFAULT, type TodoDetailJson, type TodoJson } from "@/lib/ask/schemas";
import { todoInclude, toTodoJson, type TodoRow } from "@/lib/ask/shapes";

export function todoNotFound(id: number): AppError {
  return new AppError("not_found", errorText("ask.todoNotFound", { id }));
}

export async function getTodoRowOrThrow({ id }: { id: number }): Promise<TodoRow> {
  const todo = await db().todo.findUnique({ where: { id }, include: todoInclude });
  if (!todo) throw todoNotFound(id);
  return todo;
}

export async function getTodoOrThrow({ id, now = new Date() }: { id: number; now?: Date }): Promise<TodoJson> {
  return toTodoJson(await getTodoRowOrThrow({ id }), now);
}

// Follow-ups are read newest first, so a page holds the latest ones and
// `follow_ups_next` leads back in time; each page is shown oldest first.
const FOLLOW_UPS_NEWEST_FIRST: SortOrder = [
  ["createdAt", "desc"],
  ["id", "desc"],
];

/**
 * One todo with its parent (for a follow-up) and its latest `followUpsLimit`
 * follow-ups, oldest first; `followUpsBefore` (a `follow_ups_next`) asks for
 * the ones before those. `follow_up_count` is how many there are in all.
 */
export async function getTodoDetailOrThrow({
  id,
  followUpsLimit = FOLLOW_UPS_LIMIT_DEFAULT,
  followUpsBefore,
  now = new Date(),
}: {
  id: number;
  followUpsLimit?: number;
  followUpsBefore?: readonly number[];
  now?: Date;
}): Promise<TodoDetailJson> {
  const todo = await db().todo.findUnique({
    where: { id },
    include: {
      ...todoInclude,
      parent: { include: todoInclude },
      followUps: {
        where: followUpsBefore ? afterCursor(FOLLOW_UPS_NEWEST_FIRST, followUpsBefore) : undefined,
        include: todoInclude,
        orderBy: orderByOf(FOLLOW_UPS_NEWEST_FIRST),
        take: followUpsLimit + 1,
      },
    },
  });
  if (!todo) throw todoNotFound(id);
  const followUps = pageOf(FOLLOW_UPS_NEWEST_FIRST, todo.followUps, followUpsLimit);
  return {
    ...toTodoJson(todo, now),
    parent: todo.parent ? toTodoJson(todo.parent, now) : null,
    follow_ups: followUps.rows.reverse().map((followUp) => toTodoJson(followUp, now)),
    follow_ups_next: followUps.next,
  };
}
