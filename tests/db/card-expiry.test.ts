import { randomUUID } from "node:crypto";
import { describe, expect, it } from "vitest";
import { db } from "@/lib/db";
import { announceExpiringCards } from "@/lib/scan/card-expiry";
import { startOfHouseholdDay } from "@/lib/household-clock";
import { createCard, updateCard } from "@/lib/scan/cards";
import { createStore } from "@/lib/scan/stores";

// card.expiring as time passes (lib/scan/card-expiry.ts): seven days and one
// day before a card's last valid day on the household's clock, each once,
// told in the same statement that marks the card. The cards expire in 2040,
// so the notices of their creation (at today's date) say nothing.

const EXPIRY_DAY = "2040-03-20";
/** Noon in Lisbon `days` before the card's last valid day. */
const daysBefore = (days: number) =>
  new Date(startOfHouseholdDay(EXPIRY_DAY).getTime() - days * 86_400_000 + 12 * 3_600_000);

async function newCard(fields: { expiry: Date; archived?: boolean }) {
  const { store } = await createStore({ name: `Expiry ${randomUUID().slice(0, 8)}`, country: "PT" });
  return createCard({ storeId: store.id, cardValue: randomUUID().slice(0, 12), personName: "Rui", ...fields });
}

async function noticesOf(cardId: number) {
  const events = await db().event.findMany({ where: { type: "card.expiring" }, orderBy: { id: "asc" } });
  return events
    .filter((event) => (event.subject as { id: number }).id === cardId)
    .map((event) => (event.data as { days: number }).days);
}

describe("card.expiring as the days pass", () => {
  it("tells a week before and a day before, each once, and nothing after the card expired", async () => {
    const card = await newCard({ expiry: startOfHouseholdDay(EXPIRY_DAY) });
    const seen: number[][] = [];
    for (const days of [10, 8, 7, 7, 6, 2, 1, 1, 0, -1]) {
      await announceExpiringCards({ now: daysBefore(days) });
      seen.push(await noticesOf(card.id));
    }
    expect(seen).toEqual([[], [], [7], [7], [7], [7], [7, 1], [7, 1], [7, 1], [7, 1]]);
  });

  it("tells a card first seen a day before only that, and none archived", async () => {
    const late = await newCard({ expiry: startOfHouseholdDay(EXPIRY_DAY) });
    const archived = await newCard({ expiry: startOfHouseholdDay(EXPIRY_DAY), archived: true });
    await announceExpiringCards({ now: daysBefore(1) });
    expect(await noticesOf(late.id)).toEqual([1]);
    expect(await noticesOf(archived.id)).toEqual([]);
  });

  it("tells a new expiry afresh", async () => {
    const card = await newCard({ expiry: startOfHouseholdDay(EXPIRY_DAY) });
    await announceExpiringCards({ now: daysBefore(3) });
    await updateCard({ id: card.id, expiry: new Date(startOfHouseholdDay(EXPIRY_DAY).getTime() + 30 * 86_400_000) });
    await announceExpiringCards({ now: daysBefore(3) });
    await announceExpiringCards({ now: new Date(daysBefore(3).getTime() + 28 * 86_400_000) });
    expect(await noticesOf(card.id)).toEqual([3, 5]);
  });
});
