"use client";

import { useLocale, useTranslations } from "next-intl";
import { useHydrated } from "@/components/ui/use-hydrated";
import { formatDate, formatRecent, formatRelative, type DateStyle } from "@/lib/i18n/format";

// Times show in the reader's own zone, which the server cannot know: the
// server renders UTC (and says so), the browser swaps in local time once
// hydrated, without a hydration mismatch.

/** A moment: `style` "dateTime" (default), "date", "time", "short", or "recent" (a clock today, the day before). */
export function Time({
  iso,
  style = "dateTime",
  className,
}: {
  iso: string;
  style?: DateStyle | "recent";
  className?: string;
}) {
  const locale = useLocale();
  const t = useTranslations("common.time");
  const hydrated = useHydrated();
  const text = hydrated
    ? style === "recent"
      ? formatRecent(locale, iso)
      : formatDate(locale, iso, style)
    : /^\d{4}-\d{2}-\d{2}$/.test(iso)
      ? formatDate(locale, iso, style === "recent" ? "date" : style)
      : t("utc", { time: formatDate(locale, iso, style === "recent" ? "short" : style, "UTC") });
  return (
    <time dateTime={iso} title={iso} className={`whitespace-nowrap tabular-nums ${className ?? ""}`.trim()}>
      {text}
    </time>
  );
}

/** "há 3 minutos": how long ago (or until) `iso`, from `now`. */
export function RelativeTime({ iso, now, className }: { iso: string; now: number; className?: string }) {
  const locale = useLocale();
  return (
    <time dateTime={iso} title={iso} className={className}>
      {formatRelative(locale, iso, now)}
    </time>
  );
}
