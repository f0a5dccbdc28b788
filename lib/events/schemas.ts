// The event log's shapes (docs/contract.md, "Events"): its types, the query of
// GET /labs/api/events and its answer. No server imports: the pages share them.
import { z } from "zod";
import { pageLimit } from "@/lib/http/paging";

/**
 * What can happen: the ask and research types (a lease that ran out among
 * them), price.dropped and price.watch_hit from research observations and
 * shop prices, card.expiring, backup.failed from the nightly backups, and
 * webhook.disabled.
 */
export const EVENT_TYPES = [
  "price.dropped",
  "price.watch_hit",
  "card.expiring",
  "todo.created",
  "todo.answered",
  "todo.claim_expired",
  "decision.ready",
  "note.created",
  "backup.failed",
  "webhook.disabled",
] as const;

export type EventType = (typeof EVENT_TYPES)[number];

/** The event types a webhook or a notification channel takes: at least one, each named once. */
export const chosenEventTypes = z
  .array(z.enum(EVENT_TYPES, { error: `each must be one of ${EVENT_TYPES.join(", ")}` }))
  .min(1, "name at least one event type")
  .max(EVENT_TYPES.length)
  .transform((types) => [...new Set(types)]);

export const EVENTS_DEFAULT_LIMIT = 100;
export const EVENTS_MAX_LIMIT = 1000;

/** An event id as a query value: a whole number, 0 for "from the start". */
const eventId = z
  .string()
  .regex(/^\d{1,15}$/, "must be a whole number (an event's id)")
  .transform(Number);

export const listEventsQuery = z.object({
  /** Only events after this id: the `next` of the last answer. */
  after: eventId.default(0),
  /** Only these types, comma-separated: `todo.created,decision.ready`. */
  types: z
    .string()
    .max(1000, "is too long")
    .transform((value) =>
      value
        .split(",")
        .map((type) => type.trim())
        .filter(Boolean),
    )
    .pipe(z.array(z.enum(EVENT_TYPES, { error: `each must be one of ${EVENT_TYPES.join(", ")}` })))
    .optional(),
  limit: pageLimit({ fallback: EVENTS_DEFAULT_LIMIT, max: EVENTS_MAX_LIMIT }),
});

export type ListEventsQuery = z.infer<typeof listEventsQuery>;

export const eventSubject = z.strictObject({
  kind: z.string(),
  id: z.union([z.number(), z.string()]),
  url: z.string().meta({ description: "The page a person would open, a path on this server" }),
});

export type EventSubject = z.infer<typeof eventSubject>;

export const eventJson = z.strictObject({
  id: z.number().int(),
  type: z.enum(EVENT_TYPES),
  at: z.string(),
  subject: eventSubject,
  data: z.record(z.string(), z.unknown()),
  origin: z.string(),
});

export type EventJson = z.infer<typeof eventJson>;

export const listEventsResponse = z.strictObject({
  ok: z.literal(true),
  events: z.array(eventJson),
  next: z.number().int().meta({ description: "Pass as `after` to read on; the same `after` when nothing was new" }),
});
