import type { z } from "zod";
import { TODO_STATUSES, type TodoStatus } from "@/lib/ask/schemas";
import { formRoute } from "@/lib/http/form-route";
import { idParams } from "@/lib/http/wire";

// Shared shape of the queue's form posts under /core-ask/[id]/… : operator
// only, back to the todo on the queue page unless the form says where.
export function queueFormRoute<B extends z.ZodType>(
  spec: { summary: string; body?: B },
  handler: Parameters<typeof formRoute<typeof idParams, B>>[1],
) {
  return formRoute(
    {
      auth: "operator",
      scope: "ask",
      summary: spec.summary,
      params: idParams,
      body: spec.body,
      home: "/base-ask/queue",
      back: (params) => `/base-ask/queue#todo-${params.id}`,
    },
    handler,
  );
}

// The outcome a form post sends back in `?notice=`: not a sentence but a key
// of the `ask.notice` catalogue with the todo's id, and for a status move the
// status ("claimed:12", "moved:12:done"), so the page writes it in the
// reader's language (components/ask/queue-notice.tsx). Anyone can write an
// address, so a notice carries no text of its own: only codes the app knows
// and an id, never an agent's name or any other free text, or a crafted link
// could put its words in the app's own banner.

export const QUEUE_NOTICES = ["claimed", "released", "saved", "moved", "decided"] as const;
export type QueueNoticeKey = (typeof QUEUE_NOTICES)[number];
export type QueueNotice =
  { key: Exclude<QueueNoticeKey, "moved">; id: number } | { key: "moved"; id: number; status: TodoStatus };

/** `claimed:12`, `moved:12:done`: the key, the todo's id and, for a move, the status it moved to. */
export function queueNotice(notice: QueueNotice): string {
  return notice.key === "moved" ? `moved:${notice.id}:${notice.status}` : `${notice.key}:${notice.id}`;
}

/** A notice from the address, or null for anything else (an old, edited or crafted address). */
export function readQueueNotice(raw: unknown): QueueNotice | null {
  if (typeof raw !== "string") return null;
  const match = /^([a-z]+):(\d{1,10})(?::([a-z_]+))?$/.exec(raw);
  if (!match) return null;
  const [, key, id, status] = match;
  if (key === "moved") {
    return isTodoStatus(status) ? { key, id: Number(id), status } : null;
  }
  if (status !== undefined || !(QUEUE_NOTICES as readonly string[]).includes(key!)) return null;
  return { key: key as Exclude<QueueNoticeKey, "moved">, id: Number(id) };
}

function isTodoStatus(value: string | undefined): value is TodoStatus {
  return (TODO_STATUSES as readonly (string | undefined)[]).includes(value);
}
