import { db } from "@/lib/db";
import { AppError } from "@/lib/http/errors";
import { getPersonOrThrow, upsertPerson } from "@/lib/scan/people";
import { cardJson } from "@/lib/scan/shapes";
import type { CreateCardBody } from "@/lib/scan/schemas";
import { getStoreOrThrow } from "@/lib/scan/stores";

const withOwner = { store: { select: { name: true } }, person: { select: { name: true } } } as const;

/** Active (not soft-deleted) cards, optionally of one store, grouped by store then person. */
export async function listCards({ storeId }: { storeId?: number } = {}) {
  const cards = await db().card.findMany({
    where: { active: true, ...(storeId ? { storeId } : {}) },
    include: withOwner,
    orderBy: [{ store: { nameKey: "asc" } }, { person: { nameKey: "asc" } }, { id: "asc" }],
  });
  return cards.map(cardJson);
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
      throw new AppError("conflict", `${person.name} already has a card with that number at this store.`, {
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
  if (exists === 0) throw new AppError("not_found", `There is no card with id ${id}.`);
}
