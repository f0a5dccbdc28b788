// Request schemas of the research API (seed part 2 and 4, DESIGN §4 "Research
// service"). Shared by the route handlers and the dashboard forms; no server
// imports here.
import { z } from "zod";
import { priceInput } from "@/lib/money/schemas";

export const CONDITIONS = ["new", "business", "private", "service"] as const;
export const AVAILABILITIES = ["in_stock", "oos", "unknown"] as const;

export const NOTES_DEFAULT_LIMIT = 30;
export const NOTES_MAX_LIMIT = 200;

// PostgreSQL text cannot hold NUL, and a lone surrogate (valid in JSON's
// \ud800 escapes) would be silently turned into U+FFFD by the driver: refuse
// both as a 400 instead of a 500 or a changed value.
function isStorableText(value: string): boolean {
  return value.isWellFormed() && !value.includes("\u0000");
}

/** Trimmed text, 1..max characters, storable in PostgreSQL. */
function text(max: number) {
  return z
    .string()
    .trim()
    .min(1, "must not be empty")
    .max(max, `must be at most ${max} characters`)
    .refine(isStorableText, "must not contain NUL or broken Unicode characters");
}

/** Like `text`, but null, "" and whitespace mean "not given". */
function optionalText(max: number) {
  return z
    .union([z.string(), z.null()])
    .optional()
    .transform((value) => (value == null || value.trim() === "" ? undefined : value))
    .pipe(text(max).optional());
}

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
  .pipe(z.number().max(2_147_483_647, "is too large"));

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
});

export type ListNotesQuery = z.infer<typeof listNotesQuery>;
