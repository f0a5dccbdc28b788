import { db } from "@/lib/db";
import { AppError } from "@/lib/http/errors";
import type { LogTodoBody, TodoJson } from "@/lib/ask/schemas";
import { todoInclude, toTodoJson } from "@/lib/ask/shapes";

export type UploadedFile = { filename: string; contentType: string; data: Uint8Array };

export type LogTodoOptions = { input: LogTodoBody; files?: UploadedFile[]; now?: Date };

/**
 * Records a captured request, bug or idea with its attachments in one insert.
 * A follow-up names its parent; a follow-up of a follow-up hangs under the
 * same root, so follow-ups are one level deep, and it takes the parent's
 * priority unless it gives its own.
 */
export async function logTodo({ input, files = [], now = new Date() }: LogTodoOptions): Promise<TodoJson> {
  let parentId: number | undefined;
  let priority = input.priority;
  if (input.parent_id !== undefined) {
    const parent = await db().todo.findUnique({
      where: { id: input.parent_id },
      select: { id: true, parentId: true, priority: true },
    });
    if (!parent) throw new AppError("not_found", `parent_id: there is no todo with id ${input.parent_id}.`);
    parentId = parent.parentId ?? parent.id;
    priority ??= parent.priority;
  }
  const todo = await db().todo.create({
    data: {
      text: input.text,
      priority: priority ?? 0,
      source: input.source ?? null,
      pageUrl: input.page_url ?? null,
      pageContext: input.page_context,
      parentId,
      // Nested, so the todo and its files are stored together or not at all.
      ...(files.length
        ? {
            attachments: {
              create: files.map((file) => ({
                filename: file.filename,
                contentType: file.contentType,
                size: file.data.byteLength,
                data: file.data as Uint8Array<ArrayBuffer>,
              })),
            },
          }
        : {}),
    },
    // A new todo has no follow-ups; without files, one INSERT … RETURNING is all it takes.
    include: files.length ? { attachments: todoInclude.attachments } : undefined,
  });
  return toTodoJson({ attachments: [], ...todo, _count: { followUps: 0 } }, now);
}
