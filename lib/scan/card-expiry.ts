import "server-only";
import { db } from "@/lib/db";
import { Prisma } from "@/lib/generated/prisma/client";
import { eventsCommitted, eventsForRows, isoTime } from "@/lib/events/record-event";
import { HOUSEHOLD_ZONE } from "@/lib/household-clock";

// card.expiring (docs/contract.md, "Events"): a card with an expiry, seven
// days and one day before its last valid day on the household's clock. Time
// passing writes nothing, so the server looks every few minutes
// (CARD_EXPIRY_CHECK_MS), and right after a card's expiry is set; each
// notice is marked on the card (expiry_notice) in the same statement as its
// event, so it is raised once. A card first seen a day before expiring gets
// the one-day notice only; archived and expired cards get none.

export const CARD_EXPIRY_CHECK_MS = 10 * 60 * 1000;

/** Raises the notices due at `now` and not raised yet; returns how many. */
export async function announceExpiringCards({ now = new Date() }: { now?: Date } = {}): Promise<number> {
  const [row] = await db().$queryRaw<{ events: number }[]>`
    WITH due AS (
      SELECT id, (expiry AT TIME ZONE ${HOUSEHOLD_ZONE})::date
                 - (CAST(${now} AS timestamptz) AT TIME ZONE ${HOUSEHOLD_ZONE})::date AS days
      FROM card
      WHERE active AND NOT archived AND expiry IS NOT NULL AND expiry > CAST(${now} AS timestamptz) - interval '2 days'),
    noticed AS (
      UPDATE card SET expiry_notice = CASE WHEN due.days <= 1 THEN 1 ELSE 7 END
      FROM due, store s, person p
      WHERE card.id = due.id AND s.id = card.store_id AND p.id = card.person_id AND due.days >= 0 AND due.days <= 7
        AND (card.expiry_notice IS NULL OR (due.days <= 1 AND card.expiry_notice = 7))
      RETURNING card.id, card.label, card.expiry, due.days, s.name AS store_name, p.name AS person_name),
    ${eventsForRows({
      rows: "noticed",
      type: "card.expiring",
      order: "expiry, id",
      subject: Prisma.sql`jsonb_build_object('kind', 'card', 'id', numbered.id, 'url', '/base-scan/?card=' || numbered.id)`,
      data: Prisma.sql`jsonb_build_object(
        'card_id', numbered.id, 'store_name', numbered.store_name, 'person_name', numbered.person_name,
        'label', numbered.label, 'days', numbered.days, 'expiry', ${isoTime("numbered.expiry")})`,
    })}`;
  const events = row?.events ?? 0;
  if (events > 0) eventsCommitted();
  return events;
}

/** After a card's expiry was set: its notice, if due, now rather than at the next look. */
export async function announceExpiringCardsNow(): Promise<void> {
  await announceExpiringCards().catch((error: unknown) =>
    console.error("labs: could not announce expiring cards:", error),
  );
}
