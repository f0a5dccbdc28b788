import "server-only";
import { db } from "@/lib/db";
import { VIEWS_DEFAULT_DAYS, type VariantViewRow } from "@/lib/labs/schemas";
import type { UiVariant } from "@/lib/labs/variants";

/** One page view of a variant, counted on today's row (UTC) with one atomic upsert. */
export async function countVariantView(options: { variant: UiVariant }): Promise<void> {
  await db().$executeRaw`
    INSERT INTO variant_view (variant, day, count)
    VALUES (${options.variant}, (now() AT TIME ZONE 'UTC')::date, 1)
    ON CONFLICT (variant, day) DO UPDATE SET count = variant_view.count + 1`;
}

/** Views per variant per day for the last `days` days (UTC), today included; days without views are left out. */
export async function listVariantViews(options: { days?: number; now?: Date } = {}) {
  const days = options.days ?? VIEWS_DEFAULT_DAYS;
  const to = utcDay(options.now ?? new Date());
  const from = new Date(to.getTime() - (days - 1) * 86_400_000);
  const rows = await db().variantView.findMany({
    where: { day: { gte: from, lte: to } },
    orderBy: [{ day: "asc" }, { variant: "asc" }],
  });
  return {
    from: isoDay(from),
    to: isoDay(to),
    rows: rows.map((row): VariantViewRow => ({
      day: isoDay(row.day),
      variant: row.variant as UiVariant,
      views: row.count,
    })),
  };
}

function utcDay(date: Date): Date {
  return new Date(Date.UTC(date.getUTCFullYear(), date.getUTCMonth(), date.getUTCDate()));
}

function isoDay(date: Date): string {
  return date.toISOString().slice(0, 10);
}
