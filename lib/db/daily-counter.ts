import "server-only";
import { db } from "@/lib/db";

export type NextCounterValueOptions = { scope: string; day: string };

/**
 * The next number of a counter, unique under any concurrency: one atomic
 * upsert on `daily_counter`, never read-then-write (docs/architecture.md, "Database").
 */
export async function nextCounterValue({ scope, day }: NextCounterValueOptions): Promise<number> {
  const rows = await db().$queryRaw<{ value: number }[]>`
    INSERT INTO daily_counter (scope, day, value) VALUES (${scope}, ${day}, 1)
    ON CONFLICT (scope, day) DO UPDATE SET value = daily_counter.value + 1
    RETURNING value`;
  const value = rows[0]?.value;
  if (value === undefined) throw new Error(`counter ${scope}/${day} returned no row`);
  return Number(value);
}

/** "250812" for 2025-08-12 (UTC). */
export function yymmdd(date: Date): string {
  return date.toISOString().slice(2, 10).replaceAll("-", "");
}

/** Gives one back: a number taken for something that turned out not to count. Never below 0. */
export async function takeBackCounterValue({ scope, day }: NextCounterValueOptions): Promise<void> {
  await db().$executeRaw`
    UPDATE daily_counter SET value = value - 1 WHERE scope = ${scope} AND day = ${day} AND value > 0`;
}
