import "server-only";
import { db } from "@/lib/db";
import { env } from "@/lib/env";
import { Prisma } from "@/lib/generated/prisma/client";
import { AppError, errorText } from "@/lib/http/errors";
import { originLabel, type Origin } from "@/lib/auth/origin";
import type { LogTodoBody, Source, TodoJson } from "@/lib/ask/schemas";
import type { Camelized } from "@/lib/http/wire";
import { clientSource, todoInclude, toTodoJson } from "@/lib/ask/shapes";
import { todoCreated } from "@/lib/events/ask-events";
import { eventsCommitted, recordEvent } from "@/lib/events/record-event";

export type UploadedFile = { filename: string; contentType: string; data: Uint8Array };

export type LogTodoOptions = { input: Camelized<LogTodoBody>; origin: Origin; files?: UploadedFile[]; now?: Date };

/**
 * Records a captured request, bug or idea with its attachments, together or
 * not at all. A follow-up names its parent; a follow-up of a follow-up hangs
 * under the same root, so follow-ups are one level deep, and it takes the
 * parent's priority unless it gives its own.
 *
 * What a stranger captures is held to less (docs/decisions/005-origins-and-anonymous-limits.md):
 * its priority is capped at ASK_ANON_MAX_PRIORITY, and it cannot follow up
 * on a todo, since it can see none.
 */
export async function logTodo({ input, origin, files = [], now = new Date() }: LogTodoOptions): Promise<TodoJson> {
  const anonymous = origin.kind === "anonymous";
  if (anonymous && input.parentId !== undefined) {
    throw new AppError("forbidden", errorText("ask.followUpHouseholdOnly"), {
      issues: [{ path: "parent_id", message: errorText("ask.followUpHouseholdOnlyIssue") }],
    });
  }
  let parentId: number | undefined;
  let priority = input.priority;
  if (input.parentId !== undefined) {
    const parent = await db().todo.findUnique({
      where: { id: input.parentId },
      select: { id: true, parentId: true, priority: true },
    });
    if (!parent) throw new AppError("not_found", errorText("ask.parentNotFound", { id: input.parentId }));
    parentId = parent.parentId ?? parent.id;
    priority ??= parent.priority;
  }
  if (anonymous && priority !== undefined) priority = Math.min(priority, env().ASK_ANON_MAX_PRIORITY);
  const fields = {
    text: input.text,
    priority: priority ?? 0,
    source: input.source ?? null,
    pageUrl: input.pageUrl ?? null,
    pageContext: input.pageContext,
    parentId,
    origin: originLabel(origin),
  };
  // The todo, its files and its todo.created event commit together or not at all.
  const created = await db().$transaction(async (tx) => {
    // A new todo without files has no follow-ups or attachments: its row is all it takes.
    const todo =
      files.length === 0 ? await tx.todo.create({ data: { ...fields, source: clientSource(fields.source) } }) : null;
    const id = todo?.id ?? (await insertTodoWithFiles(tx, fields, files));
    const facts = { id, ...fields, parentId: fields.parentId ?? null };
    await recordEvent(tx, todoCreated(facts, fields.origin, files.length));
    return { id, todo };
  });
  eventsCommitted();
  if (created.todo) return toTodoJson({ ...created.todo, attachments: [], _count: { followUps: 0 } }, now);
  const todo = await db().todo.findUniqueOrThrow({ where: { id: created.id }, include: todoInclude });
  return toTodoJson(todo, now);
}

/**
 * The todo and its files in one statement. The bytes travel as base64 text
 * and are decoded by the database: PGlite encodes a binary parameter in
 * JavaScript byte by byte, which held the event loop (and every other
 * request) for about 1.4 s per 5 MiB; as text it takes a tenth of that
 * (bench/upload-stall.ts).
 */
async function insertTodoWithFiles(
  tx: Pick<ReturnType<typeof db>, "$queryRaw">,
  fields: {
    text: string;
    priority: number;
    source: Source | null;
    pageUrl: string | null;
    pageContext: LogTodoBody["page_context"];
    parentId: number | undefined;
    origin: string;
  },
  files: UploadedFile[],
): Promise<number> {
  const rows = Prisma.join(
    files.map(
      (file) =>
        Prisma.sql`(${file.filename}::text, ${file.contentType}::text, ${file.data.byteLength}::int, ${Buffer.from(
          file.data.buffer,
          file.data.byteOffset,
          file.data.byteLength,
        ).toString("base64")}::text)`,
    ),
  );
  const context = fields.pageContext === undefined ? null : JSON.stringify(fields.pageContext);
  const [row] = await tx.$queryRaw<{ id: number }[]>`
    WITH t AS (
      INSERT INTO todo (text, priority, source, page_url, page_context, parent_id, origin, updated_at)
      VALUES (${fields.text}, ${fields.priority}::int, ${fields.source}::todo_source, ${fields.pageUrl}::text,
              ${context}::jsonb, ${fields.parentId ?? null}::int, ${fields.origin}, now())
      RETURNING id),
    a AS (
      INSERT INTO attachment (todo_id, filename, content_type, size, data)
      SELECT t.id, f.filename, f.content_type, f.size, decode(f.data, 'base64')
      FROM t, (VALUES ${rows}) AS f(filename, content_type, size, data)
      RETURNING id)
    SELECT id FROM t`;
  if (!row) throw new Error("todo insert returned no row");
  return row.id;
}
