import "server-only";
import { db } from "@/lib/db";
import { Prisma } from "@/lib/generated/prisma/client";
import { AppError, errorText } from "@/lib/http/errors";
import { pageOf } from "@/lib/http/paging";
import type { Camelized } from "@/lib/http/wire";
import { normalizeFormat, type BarcodeFormat } from "@/lib/scan/barcode-format";
import { announceExpiringCardsNow } from "@/lib/scan/card-expiry";
import { normaliseReading } from "@/lib/scan/normalise-reading";
import { getPersonOrThrow, upsertPerson } from "@/lib/scan/people";
import {
  CARD_SPENDS_SHOWN,
  CARDS_PAGE,
  type CardPosition,
  type CreateCardBody,
  type SpendCardBody,
  type UpdateCardBody,
} from "@/lib/scan/schemas";
import { cardJson, cardSpendJson } from "@/lib/scan/shapes";
import { getStoreOrThrow } from "@/lib/scan/stores";

/** What a card's JSON reads beside it: its store's and person's names, which pictures it has. */
export const cardWithOwner = {
  store: { select: { name: true } },
  person: { select: { name: true } },
  photos: { select: { side: true, updatedAt: true } },
} as const;

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
  const cards = await db().card.findMany({ where: { id: { in: ids }, active: true }, include: cardWithOwner });
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

export type CreateCardOptions = { storeId: number } & Camelized<CreateCardBody>;

/**
 * Adds a loyalty card to a store. The person is `personId`, else found or
 * created by `personName`. The unique index (store, person, value, active)
 * refuses a second active card with the same value → 409.
 */
export async function createCard({ storeId, personId, personName, ...fields }: CreateCardOptions) {
  await getStoreOrThrow({ id: storeId });
  const person =
    personId != null ? await getPersonOrThrow({ id: personId }) : await upsertPerson({ name: personName ?? "" });
  const format = fields.cardFormat ?? "code_128";
  const cardValue = asPrinted(fields.cardValue, format);
  try {
    const card = await db().card.create({
      data: {
        storeId,
        personId: person.id,
        cardValue,
        ...cardColumns({ ...fields, cardFormat: format }, { cardValue }),
      },
      include: cardWithOwner,
    });
    if (card.expiry) await announceExpiringCardsNow();
    return cardJson(card);
  } catch (error) {
    throw cardConflict(error, person.name);
  }
}

/** One active card, with its latest spends. */
export async function getCard({ id }: { id: number }) {
  const card = await db().card.findFirst({
    where: { id, active: true },
    include: { ...cardWithOwner, spends: { orderBy: [{ at: "desc" }, { id: "desc" }], take: CARD_SPENDS_SHOWN } },
  });
  if (!card) throw new AppError("not_found", errorText("wallet.cardNotFound", { id }));
  return { card: cardJson(card), spends: card.spends.map(cardSpendJson) };
}

/** Changes what is given of an active card; null clears a field. */
export async function updateCard({ id, ...fields }: { id: number } & Camelized<UpdateCardBody>) {
  const current = await db().card.findFirst({ where: { id, active: true }, include: cardWithOwner });
  if (!current) throw new AppError("not_found", errorText("wallet.cardNotFound", { id }));
  // Under the format it will have: a new number under the stored format, or the stored number under a new one.
  const format = fields.cardFormat === undefined ? normalizeFormat(current.cardFormat) : fields.cardFormat;
  const cardValue = asPrinted(fields.cardValue ?? current.cardValue, format);
  const data = cardColumns(fields, { cardValue, currentCurrency: current.balanceCurrency });
  // A new number may equal the printed one kept beside the old: then none differs.
  if (cardValue !== current.cardValue && fields.printedNumber === undefined && current.printedNumber === cardValue) {
    data.printedNumber = null;
  }
  // A new expiry is announced afresh (lib/scan/card-expiry.ts).
  if (fields.expiry !== undefined) data.expiryNotice = null;
  try {
    const card = await db().card.update({
      where: { id, active: true },
      data: { ...data, cardValue },
      include: cardWithOwner,
    });
    if (fields.expiry || fields.archived === false) await announceExpiringCardsNow();
    return cardJson(card);
  } catch (error) {
    throw cardConflict(notFoundIfGone(error, id), current.person.name);
  }
}

/**
 * Takes `amount` off a card's balance and keeps it in the card's history,
 * in one statement: two spends at once cannot both take the last euro.
 */
export async function spendFromCard({ id, amount, note }: { id: number } & SpendCardBody) {
  const [spent] = await db().$queryRaw<{ spend_id: number }[]>`
    WITH taken AS (
      UPDATE card SET balance = balance - CAST(${amount} AS numeric)
      WHERE id = ${id} AND active AND balance >= CAST(${amount} AS numeric)
      RETURNING id)
    INSERT INTO card_spend (card_id, amount, note)
    SELECT id, CAST(${amount} AS numeric), ${note ?? ""} FROM taken
    RETURNING id AS spend_id`;
  if (!spent) {
    const card = await db().card.findFirst({ where: { id, active: true } });
    if (!card) throw new AppError("not_found", errorText("wallet.cardNotFound", { id }));
    if (card.balance === null) throw new AppError("conflict", errorText("wallet.noBalance"));
    throw new AppError(
      "conflict",
      errorText("wallet.balanceTooLow", { balance: Number(card.balance), currency: card.balanceCurrency ?? "points" }),
    );
  }
  const [card, spend] = await Promise.all([
    db().card.findUniqueOrThrow({ where: { id }, include: cardWithOwner }),
    db().cardSpend.findUniqueOrThrow({ where: { id: spent.spend_id } }),
  ]);
  return { card: cardJson(card), spend: cardSpendJson(spend) };
}

/** Records that a card was shown at the till (its last_used_at). */
export async function markCardUsed({ id }: { id: number }) {
  try {
    return cardJson(
      await db().card.update({ where: { id, active: true }, data: { lastUsedAt: new Date() }, include: cardWithOwner }),
    );
  } catch (error) {
    throw notFoundIfGone(error, id);
  }
}

/**
 * A card's number as its barcode is printed in `format`, as a card scanned or
 * imported keeps it (lib/scan/normalise-reading.ts): `1234567890` as Codabar
 * is `A1234567890A`, a UPC-E given as its 13 digits is its 8. As given for a
 * card without a barcode.
 */
function asPrinted(value: string, format: BarcodeFormat | "none" | null): string {
  return format && format !== "none" ? normaliseReading({ value, format }) : value;
}

type CardFieldsInput = Omit<Camelized<UpdateCardBody>, "cardValue">;

type CardColumns = {
  cardFormat?: string | null;
  label?: string;
  note?: string;
  validFrom?: Date | null;
  expiry?: Date | null;
  balance?: string | null;
  balanceCurrency?: string | null;
  headerColor?: string | null;
  starred?: boolean;
  archived?: boolean;
  printedNumber?: string | null;
  barcodeEncoding?: string | null;
  expiryNotice?: number | null;
};

/**
 * The columns of what is given; what is not given is left out. A balance
 * keeps its currency (points when it never had one); a currency alone
 * changes that of the balance there is.
 */
function cardColumns(
  fields: CardFieldsInput,
  { cardValue, currentCurrency = null }: { cardValue: string; currentCurrency?: string | null },
): CardColumns {
  const columns: CardColumns = {};
  if (fields.cardFormat !== undefined) columns.cardFormat = fields.cardFormat === "none" ? null : fields.cardFormat;
  if (fields.label !== undefined) columns.label = fields.label ?? "";
  if (fields.note !== undefined) columns.note = fields.note ?? "";
  if (fields.validFrom !== undefined) columns.validFrom = fields.validFrom;
  if (fields.expiry !== undefined) columns.expiry = fields.expiry;
  if (fields.balance !== undefined) {
    columns.balance = fields.balance;
    columns.balanceCurrency = fields.balance === null ? null : (fields.balanceCurrency ?? currentCurrency ?? "points");
  } else if (fields.balanceCurrency !== undefined) {
    if (fields.balanceCurrency === null || currentCurrency === null) {
      const message = errorText("wallet.currencyWithoutBalance");
      throw new AppError("validation_failed", message, { issues: [{ path: "balance_currency", message }] });
    }
    columns.balanceCurrency = fields.balanceCurrency;
  }
  if (fields.headerColor !== undefined) columns.headerColor = fields.headerColor;
  if (fields.starred !== undefined) columns.starred = fields.starred;
  if (fields.archived !== undefined) columns.archived = fields.archived;
  if (fields.printedNumber !== undefined) {
    const printed = fields.printedNumber ?? "";
    columns.printedNumber = printed !== "" && printed !== cardValue ? printed : null;
  }
  if (fields.barcodeEncoding !== undefined) columns.barcodeEncoding = fields.barcodeEncoding;
  return columns;
}

/** An update that found no active card (Prisma's P2025) as the 404 it is. */
function notFoundIfGone(error: unknown, id: number): unknown {
  if ((error as { code?: unknown }).code !== "P2025") return error;
  return new AppError("not_found", errorText("wallet.cardNotFound", { id }), { cause: error });
}

function cardConflict(error: unknown, person: string): unknown {
  if ((error as { code?: unknown }).code === "P2002") {
    return new AppError("conflict", errorText("wallet.cardExists", { person }), { cause: error });
  }
  return error;
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
