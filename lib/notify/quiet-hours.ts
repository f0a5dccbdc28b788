import { HOUSEHOLD_ZONE } from "@/lib/household-clock";

// Quiet hours (docs/decisions/024-notifications.md): "22:00-08:00" in
// Europe/Lisbon, the household's clock. A window may cross midnight; one
// whose start and end are equal is empty. Pushes and ntfy messages due in
// it wait for its end; webhooks and the event stream never wait.

const WINDOW = /^([01]\d|2[0-3]):([0-5]\d)-([01]\d|2[0-3]):([0-5]\d)$/;

/** Minutes from midnight of each end; null for "" (no quiet hours). Throws on anything else. */
export function parseQuietHours(text: string): { start: number; end: number } | null {
  const value = text.trim();
  if (value === "") return null;
  const match = WINDOW.exec(value);
  if (!match) throw new Error(`quiet hours must read HH:MM-HH:MM, or be empty: ${JSON.stringify(text)}`);
  const [, startHour, startMinute, endHour, endMinute] = match.map(Number);
  return { start: startHour! * 60 + startMinute!, end: endHour! * 60 + endMinute! };
}

export function isQuietHours(text: string): boolean {
  try {
    parseQuietHours(text);
    return true;
  } catch {
    return false;
  }
}

/** The wall-clock minute of the day at `at` in the household's time zone. */
function minuteOfDay(at: Date, zone: string): number {
  const parts = new Intl.DateTimeFormat("en-GB", {
    timeZone: zone,
    hour: "2-digit",
    minute: "2-digit",
    hourCycle: "h23",
  }).formatToParts(at);
  const hour = Number(parts.find((part) => part.type === "hour")?.value);
  const minute = Number(parts.find((part) => part.type === "minute")?.value);
  return hour * 60 + minute;
}

/**
 * When the quiet hours that hold `at` end, to the minute; null when `at` is
 * outside them. Across a change of the clocks the end may be an hour off:
 * the sender looks again when it wakes, and waits on if still quiet.
 */
export function quietUntil(at: Date, text: string, zone = HOUSEHOLD_ZONE): Date | null {
  const window = parseQuietHours(text);
  if (window === null || window.start === window.end) return null;
  const now = minuteOfDay(at, zone);
  const inside =
    window.start < window.end ? now >= window.start && now < window.end : now >= window.start || now < window.end;
  if (!inside) return null;
  const minutesLeft = (window.end - now + 24 * 60) % (24 * 60);
  const startOfMinute = Math.floor(at.getTime() / 60_000) * 60_000;
  return new Date(startOfMinute + minutesLeft * 60_000);
}
