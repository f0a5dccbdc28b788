import { db } from "@/lib/db";
import { Prisma } from "@/lib/generated/prisma/client";
import { AppError, errorText } from "@/lib/http/errors";
import { pageOf } from "@/lib/http/paging";
import { getPersonOrThrow, upsertPerson } from "@/lib/scan/people";
import { cardJson } from "@/lib/scan/shapes";
import { CARDS_PAGE, type CardPosition, type CreateCardBody } from "@/lib/scan/schemas";
import { getStoreOrThrow } from "@/lib/scan/stores";

const withOwner = { store: { select: { name: true } }, person: { select: { name: true } } } as const;

export type ListCardsOptions = { storeId?: number; limit?: number; cursor?: CardPosition };

/**
 * Active (not soft-deleted) cards, optionally of one store, by store then
 * person then age, one page at a time: cards are public to add, so no answer
 * holds all of them. The page is chosen on the name keys and ids alone, then
 * its cards are read whole.
 */
export async function listCards({ storeId, limit = CARDS_PAGE.fallback, cursor }: ListCardsOptions = {}) {
  const ofStore = storeId !== undefined ? Prisma.sql`AND c.store_id = ${storeId}` : Prisma.empty;
  const after = cursor
    ? Prisma.sql`AND (s.name_key, p.name_key, c.id) > (CAST(${cursor[0]} AS text), CAST(${cursor[1]} AS text), CAST(${cursor[2]} AS int))`
    : Prisma.empty;
  const positions = await db().$queryRaw<{ id: number; store_key: string; person_key: string }[]>`
    SELECT c.id, s.name_key AS store_key, p.name_key AS person_key
    FROM card c JOIN store s ON s.id = c.store_id JOIN person p ON p.id = c.person_id
    WHERE c.active ${ofStore} ${after}
    ORDER BY s.name_key, p.name_key, c.id
    LIMIT CAST(${limit + 1} AS int)`;
  const page = pageOf(positions, limit, (row) => [row.store_key, row.person_key, row.id]);
  const ids = page.rows.map((row) => row.id);
  const cards = await db().card.findMany({ where: { id: { in: ids }, active: true }, include: withOwner });
  const byId = new Map(cards.map((card) => [card.id, card]));
  // A card deleted between the two reads is left out rather than shown.
  const ordered = ids.flatMap((id) => {
    const card = byId.get(id);
    return card ? [cardJson(card)] : [];
  });
  return { cards: ordered, next: page.next };
}

/** How many active cards there are: the wallet says how many it does not show. */
export async function countCards(): Promise<number> {
  return db().card.count({ where: { active: true } });
}

export type CreateCardOptions = { storeId: number } & CreateCardBody;

/**
 * Adds a loyalty card to a store. The person is `person_id`, else found or
 * created by `person_name`. The unique index (store, person, value, active)
 * refuses a second active card with the same value → 409.
 */
export async function createCard({
  storeId,
  card_value,
  card_format,
  label,
  person_id,
  person_name,
}: CreateCardOptions) {
  await getStoreOrThrow({ id: storeId });
  const person =
    person_id != null ? await getPersonOrThrow({ id: person_id }) : await upsertPerson({ name: person_name ?? "" });
  try {
    const card = await db().card.create({
      data: {
        storeId,
        personId: person.id,
        cardValue: card_value,
        cardFormat: card_format ?? "code_128",
        label: label ?? "",
      },
      include: withOwner,
    });
    return cardJson(card);
  } catch (error) {
    if ((error as { code?: unknown }).code === "P2002") {
      throw new AppError("conflict", errorText("wallet.cardExists", { person: person.name }), {
        cause: error,
      });
    }
    throw error;
  }
}

/**
 * Soft delete: the row stays with `deleted_at` set and `active` null (so the
 * value may be added again). Deleting a deleted card again is a no-op.
 */
export async function deleteCard({ id }: { id: number }): Promise<void> {
  const { count } = await db().card.updateMany({
    where: { id, active: true },
    data: { active: null, deletedAt: new Date() },
  });
  if (count > 0) return;
  const exists = await db().card.count({ where: { id } });
  if (exists === 0) throw new AppError("not_found", errorText("wallet.cardNotFound", { id }));
}
