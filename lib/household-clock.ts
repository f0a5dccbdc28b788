// The household's clock: Europe/Lisbon, in which its days begin and end
// (quiet hours, a card's last valid day). No server imports: pages use it too.

export const HOUSEHOLD_ZONE = "Europe/Lisbon";

const dayFormat = new Intl.DateTimeFormat("en-CA", {
  timeZone: HOUSEHOLD_ZONE,
  year: "numeric",
  month: "2-digit",
  day: "2-digit",
});

/** The calendar day of `at` in the household's time zone: "2026-12-31". */
export function householdDay(at: Date): string {
  return dayFormat.format(at);
}

/**
 * The first moment of `day` ("2026-12-31") in the household's time zone; an
 * invalid Date for a day that is no day ("2026-13-01"), as `new Date` gives.
 */
export function startOfHouseholdDay(day: string): Date {
  const midnightUtc = Date.parse(`${day}T00:00:00Z`);
  if (Number.isNaN(midnightUtc)) return new Date(Number.NaN);
  // The zone's offset at that moment, then again at the moment it gives
  // (they differ only when the clocks change that night).
  let at = midnightUtc - offsetMinutes(new Date(midnightUtc)) * 60_000;
  at = midnightUtc - offsetMinutes(new Date(at)) * 60_000;
  return new Date(at);
}

/** Minutes the household's clock is ahead of UTC at `at`. */
function offsetMinutes(at: Date): number {
  const name = new Intl.DateTimeFormat("en-GB", { timeZone: HOUSEHOLD_ZONE, timeZoneName: "longOffset" })
    .formatToParts(at)
    .find((part) => part.type === "timeZoneName")?.value;
  const match = /GMT([+-])(\d{2}):(\d{2})/.exec(name ?? "");
  if (!match) return 0;
  const minutes = Number(match[2]) * 60 + Number(match[3]);
  return match[1] === "-" ? -minutes : minutes;
}
