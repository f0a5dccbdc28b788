import { z } from "zod";

// Keyset paging for lists anyone can grow (people, cards, prices, scans): an
// answer holds at most `limit` rows, and `next` names where the last one sits
// in the list's order; passed back as `cursor`, the next page starts right
// after it. A position rather than an offset, so rows added or deleted
// meanwhile never make a page repeat or skip a row that was there all along.
// No server imports: the pages and their forms share these schemas.

/** `?limit=`: a whole number from 1 to `max`, `fallback` when absent. */
export function pageLimit({ fallback, max }: { fallback: number; max: number }) {
  return z
    .string()
    .regex(/^\d{1,6}$/, "must be a whole number")
    .transform(Number)
    .pipe(z.number().min(1, "must be at least 1").max(max, `must be at most ${max}`))
    .default(fallback);
}

/**
 * `?cursor=`: the `next` of an earlier answer, decoded into the list's
 * position (`position` checks its shape). Anything else is a 400, never a
 * query built from guesswork.
 */
export function pageCursor<T extends z.ZodType>(position: T) {
  return z
    .string()
    .max(2000, "is too long")
    .transform((value, ctx): z.output<T> => {
      const parsed = position.safeParse(decodeCursor(value));
      if (parsed.success) return parsed.data;
      ctx.addIssue({
        code: "custom",
        message: "is not a cursor this list gave out; pass the `next` of its last answer",
      });
      return z.NEVER;
    });
}

/** A position as an opaque, URL-safe cursor: base64url of its JSON. */
export function encodeCursor(position: readonly (string | number)[]): string {
  const bytes = new TextEncoder().encode(JSON.stringify(position));
  let binary = "";
  for (const byte of bytes) binary += String.fromCharCode(byte);
  return btoa(binary).replace(/\+/g, "-").replace(/\//g, "_").replace(/=+$/, "");
}

function decodeCursor(cursor: string): unknown {
  if (!/^[A-Za-z0-9_-]+$/.test(cursor)) return undefined;
  const base64 = cursor.replace(/-/g, "+").replace(/_/g, "/");
  try {
    const binary = atob(base64.padEnd(base64.length + ((4 - (base64.length % 4)) % 4), "="));
    const text = new TextDecoder("utf-8", { fatal: true }).decode(
      Uint8Array.from(binary, (char) => char.charCodeAt(0)),
    );
    return JSON.parse(text) as unknown;
  } catch {
    return undefined;
  }
}

/**
 * One page out of `limit + 1` rows fetched in list order: the extra row only
 * tells that there is more, and `next` points after the last row kept.
 */
export function pageOf<Row>(
  rows: readonly Row[],
  limit: number,
  positionOf: (row: Row) => readonly (string | number)[],
): { rows: Row[]; next: string | null } {
  const kept = rows.slice(0, limit);
  const last = kept.at(-1);
  return { rows: kept, next: rows.length > limit && last !== undefined ? encodeCursor(positionOf(last)) : null };
}
