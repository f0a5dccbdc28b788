import { z } from "zod";

// The JSON API's shared pieces of the wire, written once: ids, integers the
// database stores as int4, and times. Each area's schemas.ts builds its
// request and response schemas from them; money is lib/money/schemas.ts.

/** The largest integer a PostgreSQL int4 column holds. */
export const INT4_MAX = 2_147_483_647;
const INT4_MIN = -2_147_483_648;

/** Any integer an int4 column holds (a page cursor's parts). */
export const int4 = z.number().int().min(INT4_MIN).max(INT4_MAX);

/** A row's id in a body or an answer: a positive integer that fits int4. */
export const rowId = z
  .number()
  .int("must be an integer")
  .positive("must be a positive integer")
  .max(INT4_MAX, "is too large");

/**
 * A row's id in a path: a positive integer that fits int4, written in digits
 * only — "12abc", "1e3", "-1" and "99999999999" are refused, never crashed on.
 */
export const idParam = z
  .string()
  .regex(/^[1-9]\d{0,9}$/, "must be a positive integer")
  .transform(Number)
  .refine((n) => n <= INT4_MAX, "is too large");

export const idParams = z.object({ id: idParam });

/** A time as answers write it: ISO 8601, in UTC with Z (an offset is accepted). */
export const isoTime = z.iso.datetime({ offset: true });
