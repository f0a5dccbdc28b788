// Request and response schemas of the ask API (docs/contract.md, "Ask" and
// "Ask decisions"). Shared by the route handlers, the capture and queue forms
// and the client hooks; no server imports here.
import { z } from "zod";
import { int4, INT4_MAX, integerInput, isoTime } from "@/lib/http/wire";
import { isStorableText, optionalText, text } from "@/lib/text-input";
import { pageCursor, pageLimit } from "@/lib/http/paging";

export const TODO_STATUSES = ["pending", "needs_decision", "answered", "done", "wontfix", "snoozed"] as const;
export type TodoStatus = (typeof TODO_STATUSES)[number];

export const SOURCES = ["ask-quick", "ask-full", "bug"] as const;
export type Source = (typeof SOURCES)[number];

export const PRIORITY_MIN = -2;
export const PRIORITY_MAX = 5;
export const DEFAULT_TTL_SECONDS = 900;
export const MAX_TTL_SECONDS = 24 * 3600;
export const TEXT_MAX = 20_000;
export const PAGE_CONTEXT_MAX_BYTES = 16 * 1024;

// docs/contract.md, "Limits": ask attachments 5 MiB each, 5 files, 15 MiB per request.
export const ATTACHMENT_MAX_BYTES = 5 * 1024 * 1024;
export const ATTACHMENT_MAX_FILES = 5;
export const LOG_REQUEST_MAX_BYTES = 15 * 1024 * 1024;
/** What the capture form's file picker offers; the server checks the bytes, not this. */
export const ATTACHMENT_ACCEPT = "image/png,image/jpeg,image/gif,image/webp,image/avif,image/heic,application/pdf";

export const priority = integerInput
  .transform(Number)
  .pipe(
    z
      .number()
      .min(PRIORITY_MIN, `must be between ${PRIORITY_MIN} and ${PRIORITY_MAX}`)
      .max(PRIORITY_MAX, `must be between ${PRIORITY_MIN} and ${PRIORITY_MAX}`),
  );

const positiveId = integerInput
  .transform(Number)
  .pipe(z.number().min(1, "must be a positive integer").max(INT4_MAX, "is too large"));

const source = z
  .string({ error: `must be one of ${SOURCES.join(", ")}` })
  .trim()
  .toLowerCase()
  .pipe(z.enum(SOURCES, { error: `must be one of ${SOURCES.join(", ")}` }));

// A web address or a path on this site. The queue renders it as a link, so
// javascript: and data: never get in, and "//host" is not a path.
const pageUrl = optionalText(2000).pipe(
  z
    .string()
    .refine(
      (value) => /^\/(?!\/)/.test(value) || z.url({ protocol: /^https?$/ }).safeParse(value).success,
      "must be an http(s):// address or a path starting with /",
    )
    .optional(),
);

type Json = string | number | boolean | null | Json[] | { [key: string]: Json };

/** Checks what jsonb can store: storable strings and keys, bounded depth. */
function isStorableJson(value: unknown, depth = 0): boolean {
  if (depth > 8) return false;
  if (typeof value === "string") return isStorableText(value);
  if (Array.isArray(value)) return value.every((item) => isStorableJson(item, depth + 1));
  if (value && typeof value === "object") {
    return Object.entries(value).every(([key, item]) => isStorableText(key) && isStorableJson(item, depth + 1));
  }
  return true;
}

// An object (user agent, viewport, path, referrer…), or the same as a JSON
// string, as multipart and form posts send it.
export const pageContext = z
  .union([z.string(), z.record(z.string(), z.unknown()), z.null()], { error: "must be a JSON object" })
  .optional()
  .transform((value, ctx) => {
    if (value == null || value === "") return undefined;
    if (typeof value !== "string") return value;
    try {
      return JSON.parse(value) as unknown;
    } catch {
      ctx.addIssue({ code: "custom", message: "must be a JSON object" });
      return z.NEVER;
    }
  })
  .pipe(
    z
      .record(z.string(), z.unknown(), { error: "must be a JSON object" })
      .refine(isStorableJson, "must be at most 8 levels deep, without NUL or broken Unicode characters")
      .refine(
        (value) => new TextEncoder().encode(JSON.stringify(value)).byteLength <= PAGE_CONTEXT_MAX_BYTES,
        `must be at most ${PAGE_CONTEXT_MAX_BYTES / 1024} KiB`,
      )
      .transform((value) => value as Record<string, Json>)
      .optional(),
  );

export const logTodoBody = z.object({
  text: text(TEXT_MAX),
  priority: priority.optional(),
  source: z
    .union([source, z.null(), z.literal("")])
    .optional()
    .transform((value) => value || undefined),
  page_url: pageUrl,
  page_context: pageContext,
  parent_id: z
    .union([positiveId, z.null(), z.literal("")])
    .optional()
    .transform((value) => (value === "" || value == null ? undefined : value)),
});
export type LogTodoBody = z.infer<typeof logTodoBody>;
export type LogTodoInput = z.input<typeof logTodoBody>;

const agent = optionalText(200);

export const claimTodoBody = z.object({
  agent,
  ttl_seconds: integerInput
    .transform(Number)
    .pipe(
      z
        .number()
        .min(1, "must be at least 1 second")
        .max(MAX_TTL_SECONDS, `must be at most ${MAX_TTL_SECONDS} seconds (a day)`),
    )
    .optional(),
});
export type ClaimTodoBody = z.infer<typeof claimTodoBody>;

export const releaseTodoBody = z.object({ agent });
export type ReleaseTodoBody = z.infer<typeof releaseTodoBody>;

/** An ISO 8601 time with an offset (or Z), as a Date. */
const timeInput = z
  .string({ error: "must be a time like 2026-05-01T09:00:00Z" })
  .trim()
  .pipe(z.iso.datetime({ offset: true, error: "must be a time like 2026-05-01T09:00:00Z" }))
  .transform((value) => new Date(value));

// Fields absent or null differ: absent leaves a field alone, null (or "")
// clears an optional text.
function clearableText(max: number) {
  return z
    .union([z.string(), z.null()], { error: "must be text" })
    .transform((value) => (value == null || value.trim() === "" ? null : value))
    .pipe(text(max).nullable())
    .optional();
}

export const updateTodoBody = z
  .object({
    text: text(TEXT_MAX).optional(),
    priority: priority.optional(),
    status: z
      .string({ error: `must be one of ${TODO_STATUSES.join(", ")}` })
      .trim()
      .toLowerCase()
      .pipe(z.enum(TODO_STATUSES, { error: `must be one of ${TODO_STATUSES.join(", ")}` }))
      .optional(),
    response: clearableText(TEXT_MAX),
    draft_response: clearableText(TEXT_MAX),
    decision: clearableText(TEXT_MAX),
    snooze_until: z
      .union([timeInput, z.null(), z.literal("")])
      .optional()
      .transform((value) => (value === "" ? null : value)),
    agent,
  })
  .refine((body) => Object.entries(body).some(([key, value]) => key !== "agent" && value !== undefined), {
    path: ["(root)"],
    message: "give at least one of text, priority, status, response, draft_response, decision, snooze_until",
  });
export type UpdateTodoBody = z.infer<typeof updateTodoBody>;

export const decideTodoBody = z.object({ decision: text(TEXT_MAX) });
export type DecideTodoBody = z.infer<typeof decideTodoBody>;

// ─── paging ────────────────────────────────────────────────────────────────
// Every list is read a page at a time (keyset paging): an answer carries
// `next`, the sort key of its last row, and the caller passes it back as
// `before` for the rows that follow. Unlike an offset, a page never repeats or
// skips a row when todos come and go between two reads.

/** JSON lists (pending, decisions/ready): 100 by default, as pending always answered; 1000 at most. */
export const LIST_LIMIT_DEFAULT = 100;
export const LIST_LIMIT_MAX = 1000;
/** Follow-ups in one todo's answer and on its page: the latest 50 by default. */
export const FOLLOW_UPS_LIMIT_DEFAULT = 50;
export const FOLLOW_UPS_LIMIT_MAX = 200;

// A cursor (lib/http/paging.ts) holds the last row's sort key, times in epoch
// milliseconds: [5, 1714554000000, 123] is priority 5, created at that
// instant, id 123. The ranges keep a forged one from reaching the database
// as an int4 overflow or a year it cannot store.
const epochMs = z.number().int().min(0).max(253_402_300_799_999); // up to 9999-12-31

/** After a row in queue order: its priority, created_at and id. */
export const queueCursor = pageCursor(z.tuple([int4, epochMs, int4]));
/** After a row in an order by one time, then id (follow-ups, snoozed, closed). */
export const timeCursor = pageCursor(z.tuple([epochMs, int4]));

/** GET pending and decisions/ready: both in queue order. */
export const listTodosQuery = z.object({
  limit: pageLimit({ fallback: LIST_LIMIT_DEFAULT, max: LIST_LIMIT_MAX }).meta({
    description: "Todos per page (default 100, at most 1000).",
  }),
  before: queueCursor.optional().meta({ description: "The `next` of the page before; the first page without it." }),
});
export type ListTodosQuery = z.infer<typeof listTodosQuery>;

/** GET one todo: which of its follow-ups, the latest first page by default. */
export const getTodoQuery = z.object({
  follow_ups_limit: pageLimit({ fallback: FOLLOW_UPS_LIMIT_DEFAULT, max: FOLLOW_UPS_LIMIT_MAX }).meta({
    description: "Follow-ups to include, the latest ones (default 50, at most 200).",
  }),
  follow_ups_before: timeCursor.optional().meta({
    description: "The `follow_ups_next` of an earlier answer: the follow-ups older than those.",
  }),
});
export type GetTodoQuery = z.infer<typeof getTodoQuery>;

export const createTipBody = z.object({ text: text(500) });
export type CreateTipBody = z.infer<typeof createTipBody>;

// ─── responses ─────────────────────────────────────────────────────────────

export const attachmentMeta = z.object({
  id: z.number().int(),
  filename: z.string(),
  content_type: z.string(),
  size: z.number().int(),
  /** Operator only: GET it with the cookie or an API key. */
  url: z.string(),
  created_at: isoTime,
});
export type AttachmentMeta = z.infer<typeof attachmentMeta>;

export const todoJson = z.object({
  id: z.number().int(),
  text: z.string(),
  priority: z.number().int(),
  source: z.enum(SOURCES).nullable(),
  page_url: z.string().nullable(),
  page_context: z.record(z.string(), z.unknown()).nullable(),
  /** `snoozed` reads as `pending` once `snooze_until` has passed. */
  status: z.enum(TODO_STATUSES),
  /** The lease; all three null when unclaimed or when the lease ran out. */
  claimed_by: z.string().nullable(),
  claimed_at: isoTime.nullable(),
  lock_expires_at: isoTime.nullable(),
  snooze_until: isoTime.nullable(),
  draft_response: z.string().nullable(),
  response: z.string().nullable(),
  decision: z.string().nullable(),
  parent_id: z.number().int().nullable(),
  /** Who captured it: `operator`, `local`, `key:<name>`, `device:<name>` or `anonymous` (lib/auth/origin.ts). */
  origin: z.string(),
  /** How many follow-ups hang under it in all. */
  follow_up_count: z.number().int(),
  attachments: z.array(attachmentMeta),
  created_at: isoTime,
  updated_at: isoTime,
});
export type TodoJson = z.infer<typeof todoJson>;

export const todoDetailJson = todoJson.extend({
  parent: todoJson.nullable(),
  /**
   * The latest `follow_ups_limit` follow-ups (50 by default), oldest first;
   * `follow_up_count` says how many there are in all.
   */
  follow_ups: z.array(todoJson),
  /** Pass as `follow_ups_before` for the follow-ups older than these; null when there are none. */
  follow_ups_next: z.string().nullable(),
});
export type TodoDetailJson = z.infer<typeof todoDetailJson>;

export const todoResponse = z.object({ ok: z.literal(true), todo: todoJson });

export const logTodoResponse = z.object({ ok: z.literal(true), id: z.number().int(), todo: todoJson });

export const todoListResponse = z.object({
  ok: z.literal(true),
  /** How many there are in all; `todos` stops at `limit`. */
  count: z.number().int(),
  todos: z.array(todoJson),
  /** Pass as `before` for the next page; null on the last one. */
  next: z.string().nullable(),
});

export const todoDetailResponse = z.object({ ok: z.literal(true), todo: todoDetailJson });

export const claimTodoResponse = z.object({
  ok: z.literal(true),
  claimed_by: z.string(),
  lock_expires_at: isoTime,
  todo: todoJson,
});

export const draftResponseResponse = z.object({
  ok: z.literal(true),
  draft: z.string(),
  drafter: z.enum(["llm", "template"]),
  model: z.string().nullable(),
  todo: todoJson,
});

export const tipJson = z.object({ id: z.number().int(), text: z.string(), created_at: isoTime });
export type TipJson = z.infer<typeof tipJson>;

export const randomTipResponse = z.object({ ok: z.literal(true), tip: tipJson.nullable() });
export const tipListResponse = z.object({ ok: z.literal(true), tips: z.array(tipJson) });
export const tipResponse = z.object({ ok: z.literal(true), tip: tipJson });
export const deletedResponse = z.object({ ok: z.literal(true), deleted: z.literal(true) });

// ─── HTML forms (JavaScript off) ───────────────────────────────────────────

export const SNOOZE_CHOICES = [
  { hours: 1, label: "1 hour" },
  { hours: 4, label: "4 hours" },
  { hours: 24, label: "1 day" },
  { hours: 72, label: "3 days" },
  { hours: 168, label: "1 week" },
] as const;

/**
 * The queue's edit form: the update fields as strings, where an empty select
 * means "leave as is" and a snooze is a number of hours from now (a form
 * without JavaScript cannot know the browser's time zone).
 */
export const updateTodoForm = z.preprocess((input) => {
  if (!input || typeof input !== "object") return input;
  const { snooze_hours, answer, ...fields } = input as Record<string, unknown>;
  for (const key of ["status", "priority"]) if (fields[key] === "") delete fields[key];
  // The "Save and answer" button: the edited response is the answer.
  if (answer !== undefined) fields.status = "answered";
  if (typeof snooze_hours === "string" && /^\d{1,4}$/.test(snooze_hours) && fields.status === "snoozed") {
    fields.snooze_until = new Date(Date.now() + Number(snooze_hours) * 3_600_000).toISOString();
  }
  return fields;
}, updateTodoBody);
