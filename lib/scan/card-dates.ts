// A card's dates on the household's clock (Europe/Lisbon): a card is valid
// through its expiry's day, whatever the hour stored with it (Catima keeps a
// moment, a form keeps a day). No server imports: the wallet uses these too.

export const CARD_ZONE = "Europe/Lisbon";

/** Days before its expiry when a card is shown as expiring soon. */
export const EXPIRING_SOON_DAYS = 7;

const dayFormat = new Intl.DateTimeFormat("en-CA", {
  timeZone: CARD_ZONE,
  year: "numeric",
  month: "2-digit",
  day: "2-digit",
});

/** The calendar day of `at` in the household's time zone: "2026-12-31". */
export function householdDay(at: Date): string {
  return dayFormat.format(at);
}

/** The first moment of `day` ("2026-12-31") in the household's time zone. */
export function startOfHouseholdDay(day: string): Date {
  const midnightUtc = Date.parse(`${day}T00:00:00Z`);
  // The zone's offset at that moment, then again at the moment it gives
  // (they differ only when the clocks change that night).
  let at = midnightUtc - offsetMinutes(new Date(midnightUtc)) * 60_000;
  at = midnightUtc - offsetMinutes(new Date(at)) * 60_000;
  return new Date(at);
}

/** Minutes the household's clock is ahead of UTC at `at`. */
function offsetMinutes(at: Date): number {
  const name = new Intl.DateTimeFormat("en-GB", { timeZone: CARD_ZONE, timeZoneName: "longOffset" })
    .formatToParts(at)
    .find((part) => part.type === "timeZoneName")?.value;
  const match = /GMT([+-])(\d{2}):(\d{2})/.exec(name ?? "");
  if (!match) return 0;
  const minutes = Number(match[2]) * 60 + Number(match[3]);
  return match[1] === "-" ? -minutes : minutes;
}

/** Whole days from `now`'s day to `expiry`'s day: 0 on the last valid day, negative once expired. */
export function daysLeft(expiry: Date, now: Date = new Date()): number {
  return Math.round((Date.parse(householdDay(expiry)) - Date.parse(householdDay(now))) / 86_400_000);
}

export type ExpiryState = "expired" | "soon" | "valid";

/** How the wallet shows a card's expiry; null when it has none. */
export function expiryState(expiry: string | null, now: Date = new Date()): ExpiryState | null {
  if (expiry === null) return null;
  const left = daysLeft(new Date(expiry), now);
  if (left < 0) return "expired";
  return left <= EXPIRING_SOON_DAYS ? "soon" : "valid";
}
