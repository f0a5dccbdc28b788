import { householdDay } from "@/lib/household-clock";

// A card's dates on the household's clock (lib/household-clock.ts): a card
// is valid through its expiry's day, whatever the hour stored with it
// (Catima keeps a moment, a form keeps a day). No server imports: the wallet
// uses these too.

/** Days before its expiry when a card is shown as expiring soon. */
export const EXPIRING_SOON_DAYS = 7;

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
