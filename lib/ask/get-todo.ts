import { db } from "@/lib/db";
import { AppError } from "@/lib/http/errors";
import type { TodoDetailJson, TodoJson } from "@/lib/ask/schemas";
import { todoInclude, toTodoJson, type TodoRow } from "@/lib/ask/shapes";

export function todoNotFound(id: number): AppError {
  return new AppError("not_found", `There is no todo with id ${id}.`);
}

export async function getTodoRowOrThrow({ id }: { id: number }): Promise<TodoRow> {
  const todo = await db().todo.findUnique({ where: { id }, include: todoInclude });
  if (!todo) throw todoNotFound(id);
  return todo;
}

export async function getTodoOrThrow({ id, now = new Date() }: { id: number; now?: Date }): Promise<TodoJson> {
  return toTodoJson(await getTodoRowOrThrow({ id }), now);
}

/** One todo with its parent (for a follow-up) and its follow-ups, oldest first. */
export async function getTodoDetailOrThrow({
  id,
  now = new Date(),
}: {
  id: number;
  now?: Date;
}): Promise<TodoDetailJson> {
  const todo = await db().todo.findUnique({
    where: { id },
    include: {
      ...todoInclude,
      parent: { include: todoInclude },
      followUps: { include: todoInclude, orderBy: [{ createdAt: "asc" }, { id: "asc" }] },
    },
  });
  if (!todo) throw todoNotFound(id);
  return {
    ...toTodoJson(todo, now),
    parent: todo.parent ? toTodoJson(todo.parent, now) : null,
    follow_ups: todo.followUps.map((followUp) => toTodoJson(followUp, now)),
  };
}
