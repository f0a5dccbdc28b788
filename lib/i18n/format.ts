import type { Locale } from "@/lib/i18n/locales";

// The one place numbers, money, dates and relative times are written for a
// reader, in their language: "1 234,56 €" and "há 3 minutos" in pt-PT,
// "€1,234.56" and "3 minutes ago" in en. Amounts arrive as the API's decimal
// strings ("12.50"), dates as ISO strings. Formatters are cached per options.

const cache = new Map<string, Intl.NumberFormat | Intl.DateTimeFormat | Intl.RelativeTimeFormat>();

function cached<T extends Intl.NumberFormat | Intl.DateTimeFormat | Intl.RelativeTimeFormat>(
  key: string,
  make: () => T,
): T {
  let formatter = cache.get(key) as T | undefined;
  if (!formatter) {
    formatter = make();
    cache.set(key, formatter);
  }
  return formatter;
}

/** Money, grouped even below 10 000 (a shelf price of 1 234,56 € reads as one number). */
export function formatMoney(locale: Locale, amount: string | number | null | undefined, currency = "EUR"): string {
  if (amount === null || amount === undefined || amount === "") return "—";
  const value = Number(amount);
  if (!Number.isFinite(value)) return String(amount);
  return cached(
    `money|${locale}|${currency}`,
    () => new Intl.NumberFormat(locale, { style: "currency", currency, useGrouping: "always" }),
  ).format(value);
}

export function formatNumber(locale: Locale, value: number, options: Intl.NumberFormatOptions = {}): string {
  return cached(`number|${locale}|${JSON.stringify(options)}`, () => new Intl.NumberFormat(locale, options)).format(
    value,
  );
}

export type DateStyle = "date" | "dateTime" | "time" | "short";

const DATE_OPTIONS: Record<DateStyle, Intl.DateTimeFormatOptions> = {
  date: { day: "numeric", month: "short", year: "numeric" },
  dateTime: { dateStyle: "short", timeStyle: "short" },
  time: { hour: "2-digit", minute: "2-digit" },
  short: { day: "numeric", month: "short", hour: "2-digit", minute: "2-digit" },
};

/**
 * A moment in `timeZone` (the reader's own in the browser; UTC on the server,
 * which cannot know the reader's zone). A calendar date ("2026-11-24") is
 * read as that day wherever the reader is.
 */
export function formatDate(
  locale: Locale,
  value: string | Date,
  style: DateStyle = "dateTime",
  timeZone?: string,
): string {
  const calendarDay = typeof value === "string" && /^\d{4}-\d{2}-\d{2}$/.test(value);
  const date = calendarDay ? new Date(`${value}T12:00:00Z`) : new Date(value);
  if (Number.isNaN(date.getTime())) return String(value);
  const zone = calendarDay ? "UTC" : timeZone;
  return cached(
    `date|${locale}|${style}|${zone ?? ""}`,
    () => new Intl.DateTimeFormat(locale, { ...DATE_OPTIONS[style], timeZone: zone }),
  ).format(date);
}

/** Today's times as a clock, older ones with their day: the scan history's way. */
export function formatRecent(locale: Locale, iso: string, now = new Date(), timeZone?: string): string {
  const date = new Date(iso);
  const day = (moment: Date) => formatDate(locale, moment, "date", timeZone);
  return day(date) === day(now)
    ? formatDate(locale, date, "time", timeZone)
    : formatDate(locale, date, "short", timeZone);
}

const UNITS: [Intl.RelativeTimeFormatUnit, number][] = [
  ["year", 365 * 24 * 3600],
  ["month", 30 * 24 * 3600],
  ["week", 7 * 24 * 3600],
  ["day", 24 * 3600],
  ["hour", 3600],
  ["minute", 60],
  ["second", 1],
];

/** "há 3 minutos", "in 2 days": the largest whole unit between `value` and `now`. */
export function formatRelative(locale: Locale, value: string | Date | number, now: Date | number = Date.now()): string {
  const seconds = Math.round((new Date(value).getTime() - new Date(now).getTime()) / 1000);
  const formatter = cached(`relative|${locale}`, () => new Intl.RelativeTimeFormat(locale, { numeric: "auto" }));
  for (const [unit, size] of UNITS) {
    if (Math.abs(seconds) >= size || unit === "second") return formatter.format(Math.trunc(seconds / size), unit);
  }
  return formatter.format(0, "second");
}
