import type { Prisma, TodoSource } from "@/lib/generated/prisma/client";
import type { AttachmentMeta, Source, TodoJson, TodoStatus } from "@/lib/ask/schemas";

// What leaves the server: attachments as metadata only (never their bytes),
// and the two things that depend on the clock computed, not stored: a snooze
// that has passed reads as pending, a lease that has run out as no lease.

export const todoInclude = {
  attachments: {
    select: { id: true, filename: true, contentType: true, size: true, createdAt: true },
    orderBy: { id: "asc" },
  },
  _count: { select: { followUps: true } },
} satisfies Prisma.TodoInclude;

export type TodoRow = Prisma.TodoGetPayload<{ include: typeof todoInclude }>;

// The wire and the database spell a todo's sources `ask-quick` and
// `ask-full`; Prisma's client names an enum's members as identifiers, so
// to it they are `ask_quick` and `ask_full` (TodoSource, mapped in
// prisma/schema.prisma). Raw SQL reads and writes the wire's spelling.
const CLIENT_SOURCE = { "ask-quick": "ask_quick", "ask-full": "ask_full", bug: "bug" } as const satisfies Record<
  Source,
  TodoSource
>;
const WIRE_SOURCE = Object.fromEntries(Object.entries(CLIENT_SOURCE).map(([wire, client]) => [client, wire])) as Record<
  TodoSource,
  Source
>;

/** A source as Prisma's client takes it. */
export function clientSource(source: Source | null): TodoSource | null {
  return source === null ? null : CLIENT_SOURCE[source];
}

type LeaseFields = {
  status: TodoStatus;
  snoozeUntil: Date | null;
  claimedBy: string | null;
  lockExpiresAt: Date | null;
};

export function effectiveStatus(todo: LeaseFields, now: Date): TodoStatus {
  if (todo.status === "snoozed" && todo.snoozeUntil && todo.snoozeUntil <= now) return "pending";
  return todo.status;
}

export function isLeaseHeld(todo: LeaseFields, now: Date): boolean {
  return todo.claimedBy !== null && todo.lockExpiresAt !== null && todo.lockExpiresAt > now;
}

export function attachmentUrl(id: number): string {
  return `/api/core-ask/attachments/${id}`;
}

export function toAttachmentMeta(attachment: TodoRow["attachments"][number]): AttachmentMeta {
  return {
    id: attachment.id,
    filename: attachment.filename,
    content_type: attachment.contentType,
    size: attachment.size,
    url: attachmentUrl(attachment.id),
    created_at: attachment.createdAt.toISOString(),
  };
}

export function toTodoJson(todo: TodoRow, now: Date): TodoJson {
  const held = isLeaseHeld(todo, now);
  const status = effectiveStatus(todo, now);
  return {
    id: todo.id,
    text: todo.text,
    priority: todo.priority,
    source: todo.source === null ? null : WIRE_SOURCE[todo.source],
    page_url: todo.pageUrl,
    page_context: (todo.pageContext as Record<string, unknown> | null) ?? null,
    status,
    claimed_by: held ? todo.claimedBy : null,
    claimed_at: held ? (todo.claimedAt?.toISOString() ?? null) : null,
    lock_expires_at: held ? (todo.lockExpiresAt?.toISOString() ?? null) : null,
    snooze_until: status === "snoozed" ? (todo.snoozeUntil?.toISOString() ?? null) : null,
    draft_response: todo.draftResponse,
    response: todo.response,
    decision: todo.decision,
    parent_id: todo.parentId,
    origin: todo.origin,
    follow_up_count: todo._count.followUps,
    attachments: todo.attachments.map(toAttachmentMeta),
    created_at: todo.createdAt.toISOString(),
    updated_at: todo.updatedAt.toISOString(),
  };
}
