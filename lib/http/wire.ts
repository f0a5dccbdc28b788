import { z } from "zod";

// The JSON API's shared pieces of the wire, written once: ids, integers the
// database stores as int4, and times. Each area's schemas.ts builds its
// request and response schemas from them; money is lib/money/schemas.ts.

/** The largest integer a PostgreSQL int4 column holds. */
export const INT4_MAX = 2_147_483_647;
const INT4_MIN = -2_147_483_648;

/** Any integer an int4 column holds (a page cursor's parts). */
export const int4 = z.number().int().min(INT4_MIN).max(INT4_MAX);

/**
 * An integer in a body, as JSON sends it or as a form sends it, in text: "3"
 * reads as 3 (after `.transform(Number)`), but "3.5", "high" or true do not.
 * Ten digits at most: each use pipes it into its own bounds.
 */
export const integerInput = z.union(
  [
    z.number().int("must be a whole number"),
    z
      .string()
      .trim()
      .regex(/^-?\d{1,10}$/, "must be a whole number"),
  ],
  { error: "must be a whole number" },
);

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

/** `"store_id"` → `"storeId"`, as a type. */
type CamelCase<S extends string> = S extends `${infer Head}_${infer Tail}`
  ? `${Head}${Capitalize<CamelCase<Tail>>}`
  : S;

/** A body's fields, named as domain functions take them (docs/style.md, "Where we stand"). */
export type Camelized<T> = { [K in keyof T as K extends string ? CamelCase<K> : K]: T[K] };

/**
 * A parsed body's top-level fields renamed from the wire's snake_case to the
 * camelCase domain functions take; values are left as they are.
 */
export function camelize<T extends Record<string, unknown>>(body: T): Camelized<T> {
  return Object.fromEntries(
    Object.entries(body).map(([key, value]) => [
      key.replace(/_([a-z0-9])/g, (_, next: string) => next.toUpperCase()),
      value,
    ]),
  ) as Camelized<T>;
}

/**
 * The fields an answer sent that its schema does not name, as paths
 * (`card.pin`, `items.0.secret`): what a schema's parse dropped, found by
 * comparing what was sent with what the parse kept. A schema that lets
 * unknown fields through on purpose (`z.looseObject`) keeps them, so they are
 * not counted; a field a transform reshaped is not looked into.
 */
export function undeclaredFields(sent: unknown, kept: unknown, path = ""): string[] {
  if (typeof sent !== "object" || sent === null || typeof kept !== "object" || kept === null) return [];
  if (Array.isArray(sent) !== Array.isArray(kept)) return [];
  return Object.entries(sent).flatMap(([key, value]) => {
    const at = path ? `${path}.${key}` : key;
    if (!Object.hasOwn(kept, key)) return [at];
    return undeclaredFields(value, (kept as Record<string, unknown>)[key], at);
  });
}
