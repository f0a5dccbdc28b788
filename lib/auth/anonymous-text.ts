import "server-only";
import type { Origin } from "@/lib/auth/origin";
import { db } from "@/lib/db";
import { nextCounterValue } from "@/lib/db/daily-counter";
import { env } from "@/lib/env";
import { clientNetwork } from "@/lib/http/client-address";
import { AppError, errorText } from "@/lib/http/errors";

// The text a stranger may store a UTC day (docs/decisions/005-origins-and-anonymous-limits.md):
// ANON_TEXT_MB_PER_DAY per client network, over every anonymous write that
// stores text (captures, notes, observations, scans, cards, people, stores,
// prices…). The write limit bounds how often a stranger writes, not how much:
// 60 writes a minute of 256 KiB each is 20 GiB a day. A write's text is
// counted before it is stored, as the strings of its parsed input, in
// daily_counter by one upsert that never lets a day's count pass the cap, so
// every instance on one database shares it. Attachments are counted apart
// (lib/ask/upload-quota.ts); the household is never counted.

const MIB = 1024 * 1024;
const SCOPE = "anon-text";

/** The UTF-8 bytes of every string in a parsed input: its values, in objects and lists. */
export function textBytes(input: unknown): number {
  if (typeof input === "string") return Buffer.byteLength(input, "utf8");
  if (Array.isArray(input)) return input.reduce((sum: number, item) => sum + textBytes(item), 0);
  if (input !== null && typeof input === "object" && Object.getPrototypeOf(input) === Object.prototype) {
    return Object.values(input).reduce((sum: number, value) => sum + textBytes(value), 0);
  }
  return 0;
}

export type ReserveAnonymousTextOptions = {
  origin: Origin;
  /** The write's parsed input: its strings are what it stores. */
  input: unknown;
  now?: Date;
};

/** Counts an anonymous write's text against its client's day, or refuses it with 429 until UTC midnight. */
export async function reserveAnonymousText({ origin, input, now = new Date() }: ReserveAnonymousTextOptions) {
  await reserveAnonymousBytes({ origin, bytes: textBytes(input), now });
}

/**
 * Counts bytes a stranger stores that are not text (a card's photo) against
 * the same day, or refuses them with 429 until UTC midnight.
 */
export async function reserveAnonymousBytes({
  origin,
  bytes,
  now = new Date(),
}: {
  origin: Origin;
  bytes: number;
  now?: Date;
}) {
  if (origin.kind !== "anonymous") return;
  const cap = Math.floor(env().ANON_TEXT_MB_PER_DAY * MIB);
  if (cap === 0 || bytes === 0) return;
  const day = now.toISOString().slice(0, 10);
  const refusal = () => {
    const retryAfter = Math.max(1, Math.ceil((Date.parse(`${day}T00:00:00Z`) + 86_400_000 - now.getTime()) / 1000));
    return new AppError("rate_limited", errorText("auth.dailyTextLimit", { mib: env().ANON_TEXT_MB_PER_DAY }), {
      headers: { "retry-after": String(retryAfter) },
    });
  };
  if (bytes > cap) throw refusal();
  const [row] = await db().$queryRaw<{ created: boolean }[]>`
    INSERT INTO daily_counter (scope, day, value)
    VALUES (${`${SCOPE}:${clientNetwork(origin.client)}`}, ${day}, ${bytes})
    ON CONFLICT (scope, day) DO UPDATE SET value = daily_counter.value + EXCLUDED.value
    WHERE daily_counter.value::bigint + EXCLUDED.value <= ${cap}::bigint
    RETURNING (xmax = 0) AS created`;
  if (!row) throw refusal();
  if (row.created) await pruneEarlierDays(day);
}

/**
 * The first client of a day drops the days before it. Only the first: one
 * more upsert per client a day, where a delete per client would read every
 * client's row of the day, again and again under a flood of addresses.
 */
async function pruneEarlierDays(day: string): Promise<void> {
  if ((await nextCounterValue({ scope: `${SCOPE}-days`, day })) !== 1) return;
  await db().dailyCounter.deleteMany({ where: { scope: { startsWith: SCOPE }, day: { lt: day } } });
}
