import type { z } from "zod";
import { formRoute } from "@/lib/http/form-route";
import { idParams } from "@/lib/http/ids";

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
// of the `ask.notice` catalogue with its values ("claimed:12:operator"), so
// the page writes it in the reader's language (components/ask/queue-notice.tsx).

export const QUEUE_NOTICES = ["claimed", "released", "saved", "moved", "decided"] as const;
export type QueueNoticeKey = (typeof QUEUE_NOTICES)[number];
export type QueueNotice = { key: QueueNoticeKey; id: number; detail: string };

/** `claimed:12:operator`: the key, the todo's id, and what the message names (an agent, a status). */
export function queueNotice(key: QueueNoticeKey, id: number, detail?: string): string {
  return detail ? `${key}:${id}:${detail}` : `${key}:${id}`;
}

/** A notice from the address, or null for anything else (an old or edited address). */
export function readQueueNotice(raw: unknown): QueueNotice | null {
  if (typeof raw !== "string") return null;
  const match = /^([a-z]+):(\d{1,10})(?::([\s\S]{1,200}))?$/.exec(raw);
  if (!match || !(QUEUE_NOTICES as readonly string[]).includes(match[1]!)) return null;
  return { key: match[1] as QueueNoticeKey, id: Number(match[2]), detail: match[3] ?? "" };
}
