// Request schemas of the research API (docs/contract.md, "Research" and
// "Research decisions"). Shared by the route handlers and the dashboard forms; no server
// imports here.
import { z } from "zod";
import { INT4_MAX, isoTime } from "@/lib/http/wire";
import { priceInput } from "@/lib/money/schemas";
import { optionalText, text } from "@/lib/text-input";

export const CONDITIONS = ["new", "business", "private", "service"] as const;
export const AVAILABILITIES = ["in_stock", "oos", "unknown"] as const;

export type Condition = (typeof CONDITIONS)[number];
export type Availability = (typeof AVAILABILITIES)[number];

export const NOTES_DEFAULT_LIMIT = 30;
export const NOTES_MAX_LIMIT = 200;

/** A lower-cased choice; "In_Stock " reads as "in_stock". */
function choice<const T extends readonly [string, ...string[]]>(values: T) {
  return z
    .string()
    .trim()
    .toLowerCase()
    .pipe(z.enum(values, { error: `must be one of ${values.join(", ")}` }));
}

// An integer id as a JSON number or a string of digits ("12"); fits int4.
const idValue = z
  .union(
    [
      z.number().int("must be a positive integer").positive("must be a positive integer"),
      z
        .string()
        .regex(/^[1-9]\d{0,9}$/, "must be a positive integer")
        .transform(Number),
    ],
    { error: "must be a positive integer" },
  )
  .pipe(z.number().max(INT4_MAX, "is too large"));

// Absent, null or "" mean no price.
const price = z
  .union([z.string(), z.number(), z.null()], { error: "must be text like 12,50 or a number" })
  .optional()
  .transform((value) => (value == null || (typeof value === "string" && value.trim() === "") ? null : value))
  .pipe(priceInput.nullable());

const currency = z
  .union([z.string(), z.null()])
  .optional()
  .transform((value) => (value == null || value.trim() === "" ? "EUR" : value.trim()))
  .pipe(z.string().regex(/^[A-Za-z]{3}$/, "must be a 3-letter currency code such as EUR"))
  .transform((value) => value.toUpperCase());

// Only web links: the dashboard renders `url` as a link, so javascript: and
// data: URLs must never get in.
const url = optionalText(2000).pipe(
  z.url({ protocol: /^https?$/, error: "must be an http:// or https:// address" }).optional(),
);

export const observeBody = z
  .object({
    item_id: idValue.optional(),
    item_name: optionalText(200),
    item_category: optionalText(200),
    item_spec: optionalText(2000),
    source: text(200),
    condition: z
      .union([z.null(), choice(CONDITIONS)])
      .optional()
      .transform((value) => value ?? null),
    price,
    currency,
    url,
    availability: z
      .union([z.null(), choice(AVAILABILITIES)])
      .optional()
      .transform((value) => value ?? "unknown"),
    notes: optionalText(10_000),
    session_slug: optionalText(200),
    session_title: optionalText(500),
    session_context: optionalText(20_000),
  })
  .refine((body) => body.item_id !== undefined || body.item_name !== undefined, {
    path: ["item_id"],
    message: "give item_id or item_name",
  });

export type ObserveBody = z.infer<typeof observeBody>;

export const createNoteBody = z.object({
  content: text(20_000),
  session_slug: optionalText(200),
});

export type CreateNoteBody = z.infer<typeof createNoteBody>;

export const listNotesQuery = z.object({
  limit: z
    .string()
    .regex(/^\d{1,6}$/, "must be a whole number")
    .transform(Number)
    .pipe(z.number().min(1, "must be at least 1").max(NOTES_MAX_LIMIT, `must be at most ${NOTES_MAX_LIMIT}`))
    .default(NOTES_DEFAULT_LIMIT),
  session_slug: optionalText(200),
  /** Only the notes of one origin (`operator`, `anonymous`, `key:<name>`…): a flood of one cannot hide another's. */
  origin: optionalText(200),
});

export type ListNotesQuery = z.infer<typeof listNotesQuery>;

/** The [slug] of a session page: what session_slug accepts, else the page is a 404. */
export const sessionSlugParam = text(200);

// ─── responses ──────────────────────────────────────────────────────────────
// The success bodies, exactly: test servers check every answer against them
// (LABS_CHECK_RESPONSES=1) and they feed the API reference. Strict objects, so
// a field added to a handler but not here fails the tests.

const id = z.number().int().positive();
/** A price as the database keeps it, Decimal(12,2) written "1234.50". */
const decimal = z.string().regex(/^\d+\.\d{2}$/);
const brId = z.string().regex(/^BR-\d{6}-\d+$/);

export const observeResponse = z.strictObject({ ok: z.literal(true), obs_id: id, item_id: id, br_id: brId });

export const createNoteResponse = z.strictObject({ ok: z.literal(true), id, created_at: isoTime });

export type CreateNoteResponse = z.infer<typeof createNoteResponse>;

/** Who wrote a row: `operator`, `local`, `key:<name>`, `device:<name>` or `anonymous` (lib/auth/origin.ts). */
export const origin = z.string().min(1);

export const note = z.strictObject({
  id,
  content: z.string(),
  session_slug: z.string().nullable(),
  origin,
  created_at: isoTime,
});

export type Note = z.infer<typeof note>;

export const listNotesResponse = z.strictObject({ ok: z.literal(true), notes: z.array(note) });

export const recentObservation = z.strictObject({
  br_id: brId,
  item_id: id,
  item_name: z.string(),
  source: z.string(),
  url: z.string().nullable(),
  price: decimal.nullable(),
  /** pt-PT with plain spaces: "1234,56 €". */
  price_fmt: z.string().nullable(),
  currency: z.string(),
  availability: z.enum(AVAILABILITIES),
  observed_at: isoTime,
  session_slug: z.string().nullable(),
  origin,
});

export const sessionSummary = z.strictObject({
  slug: z.string(),
  title: z.string().nullable(),
  context: z.string().nullable(),
  /** Who started the session; only a trusted origin changes title and context later. */
  origin,
  item_count: z.number().int().nonnegative(),
  obs_count: z.number().int().nonnegative(),
  last_obs: isoTime.nullable(),
});

/**
 * A price drop: `origin` is whose observation has the new price (br_id,
 * observed_at), `old_origin` whose had the price before. Without
 * RESEARCH_ANON_DROPS neither is ever `anonymous`.
 */
export const priceDrop = z.strictObject({
  item_id: id,
  item_name: z.string(),
  source: z.string(),
  url: z.string().nullable(),
  currency: z.string(),
  old_price: decimal,
  new_price: decimal,
  /** Percentage of old_price, one decimal: 25 for 200 → 150. */
  drop_pct: z.number().positive().max(100),
  br_id: brId,
  observed_at: isoTime,
  origin,
  old_origin: origin,
});

export const outOfStock = z.strictObject({
  item_id: id,
  item_name: z.string(),
  source: z.string(),
  url: z.string().nullable(),
  /** The first observation of the current out-of-stock run. */
  since: isoTime,
  /** Who saw it out of stock last: the pair's newest observation's origin. */
  origin,
});

export const stateResponse = z.strictObject({
  ok: z.literal(true),
  counts: z.strictObject({
    items: z.number().int().nonnegative(),
    obs: z.number().int().nonnegative(),
    sessions: z.number().int().nonnegative(),
    sources: z.number().int().nonnegative(),
    notes: z.number().int().nonnegative(),
  }),
  recent: z.array(recentObservation).max(20),
  sessions: z.array(sessionSummary).max(10),
  notes: z.array(note).max(30),
  drops: z.array(priceDrop).max(10),
  oos: z.array(outOfStock),
  ts: isoTime,
});

export type StateSnapshot = z.infer<typeof stateResponse>;

export const itemObservation = z.strictObject({
  obs_id: id,
  br_id: brId,
  source: z.string(),
  condition: z.enum(CONDITIONS).nullable(),
  price: decimal.nullable(),
  price_fmt: z.string().nullable(),
  currency: z.string(),
  url: z.string().nullable(),
  availability: z.enum(AVAILABILITIES),
  notes: z.string().nullable(),
  observed_at: isoTime,
  session_slug: z.string().nullable(),
  origin,
});

export const sourcePrices = z.strictObject({
  source: z.string(),
  /** Of the newest observation with a price; null when none has one. */
  latest_price: decimal.nullable(),
  min_price: decimal.nullable(),
  max_price: decimal.nullable(),
  currency: z.string().nullable(),
  /** Of the newest observation, priced or not. */
  availability: z.enum(AVAILABILITIES),
  last_observed_at: isoTime,
  /** Whose observation each value was read from; null with the value. */
  origins: z.strictObject({
    latest_price: origin.nullable(),
    min_price: origin.nullable(),
    max_price: origin.nullable(),
    availability: origin,
  }),
});

export const itemDetailResponse = z.strictObject({
  ok: z.literal(true),
  item: z.strictObject({
    item_id: id,
    item_name: z.string(),
    item_category: z.string().nullable(),
    item_spec: z.string().nullable(),
    created_at: isoTime,
    /** Who wrote each field: the name's is whoever created the item; null with the field. */
    origins: z.strictObject({
      item_name: origin,
      item_category: origin.nullable(),
      item_spec: origin.nullable(),
    }),
  }),
  observations: z.array(itemObservation),
  by_source: z.array(sourcePrices),
});

export type ItemDetail = z.infer<typeof itemDetailResponse>;
