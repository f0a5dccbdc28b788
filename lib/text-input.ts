import { z } from "zod";

// Text as every area's request schemas take it. PostgreSQL text cannot hold
// NUL, and a lone surrogate (valid in JSON's \ud800 escapes) would be silently
// turned into U+FFFD by the driver: both are refused as a 400 instead of a 500
// or a changed value. No server imports: forms use these too.

export function isStorableText(value: string): boolean {
  return value.isWellFormed() && !value.includes("\u0000");
}

/** Trimmed text of `min`..`max` characters (`min` 0 lets an optional field be blank). */
export function text(max: number, min = 1) {
  return z
    .string({ error: "must be text" })
    .trim()
    .min(min, min === 1 ? "must not be empty" : `must be at least ${min} characters`)
    .max(max, `must be at most ${max} characters`)
    .refine(isStorableText, "must not contain NUL or broken Unicode characters");
}

/** Like `text`, but null, "" and whitespace mean "not given" (undefined). */
export function optionalText(max: number) {
  return z
    .union([z.string(), z.null()], { error: "must be text" })
    .optional()
    .transform((value) => (value == null || value.trim() === "" ? undefined : value))
    .pipe(text(max).optional());
}
