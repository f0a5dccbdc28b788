import "server-only";
import { z } from "zod";
import { reserveAnonymousBytes, textBytes } from "@/lib/auth/anonymous-text";
import { consumeAnonymousWrite } from "@/lib/auth/anonymous-writes";
import type { Origin } from "@/lib/auth/origin";
import { db } from "@/lib/db";
import { env } from "@/lib/env";
import { Prisma } from "@/lib/generated/prisma/client";
import { AppError, errorText, writeError, type ErrorKey, type ErrorText } from "@/lib/http/errors";
import { giveWay } from "@/lib/http/give-way";
import { translateIssue } from "@/lib/i18n/issue-messages";
import type { Locale } from "@/lib/i18n/locales";
import { cleanName, nameKey } from "@/lib/names";
import { text } from "@/lib/text-input";
import { guessFormat } from "@/lib/scan/barcode-encoding";
import { announceExpiringCardsNow } from "@/lib/scan/card-expiry";
import { cardBarcodeProblemText } from "@/lib/scan/check-card-barcode";
import { cardPhotoType, type CardPhotoType } from "@/lib/scan/card-photos";
import { parseWalletFile, type WalletFileRow } from "@/lib/scan/parse-wallet-file";
import {
  CARD_PHOTO_SIDES,
  IMPORT_LIMITS,
  type CardPhotoSide,
  type ImportError,
  type ImportRow,
} from "@/lib/scan/schemas";
import { cardPhotoUrls, iso } from "@/lib/scan/shapes";
import type { PhotoInFile } from "@/lib/scan/wallet-file";

// Imports loyalty cards from a wallet file (docs/import-export.md): every row
// becomes a card to add, a duplicate of one the wallet (or the file) already
// has, or an error with its reason. A dry run answers that plan; otherwise
// the cards to add are written by one statement, all or none. Who may import
// how much: docs/decisions/007-wallet-import-export.md.

/** The same card: one store, one person, one number (the unique index of active cards). */
const keyOf = (row: { store_name: string; person_name: string; card_value: string }) =>
  `${nameKey(row.store_name)}\u0000${nameKey(row.person_name)}\u0000${row.card_value}`;

/** A row's pictures, checked: they travel with it to the write but never leave in its JSON. */
const PHOTOS = Symbol("photos");
type CheckedPhotos = Partial<Record<CardPhotoSide, { name: string; type: CardPhotoType; bytes: Uint8Array }>>;
type CheckedRow = ImportRow & { [PHOTOS]: CheckedPhotos };

const rowFields = z.object({
  store_name: text(120),
  person_name: text(120),
  card_value: text(500),
  label: text(120, 0),
  note: text(2000, 0),
  printed_number: text(500, 0),
});

export type ImportCardsOptions = {
  file: Uint8Array;
  /** Whose cards these are, where the file does not say. */
  person: string | null;
  origin: Origin;
  dryRun: boolean;
  /** The language of each row's reason. */
  locale?: Locale;
};

export type ImportCardsResult = {
  dry_run: boolean;
  add: ImportRow[];
  duplicates: ImportRow[];
  errors: ImportError[];
};

export async function importCards({
  file,
  person,
  origin,
  dryRun,
  locale = "en",
}: ImportCardsOptions): Promise<ImportCardsResult> {
  const cap = cardCap(origin);
  const parsed = await parseWalletFile(file, {
    maxRows: cap.cards * IMPORT_LIMITS.rowsPerCard,
    tooManyRows: cap.tooManyRows,
  });
  if (parsed.rows.length + parsed.problems.length > cap.cards)
    throw cap.refusal(parsed.rows.length + parsed.problems.length);

  const errors: ImportError[] = parsed.problems.map((problem) => ({
    line: problem.line,
    store_name: problem.store,
    card_value: problem.value,
    reason: writeError(problem.reason, locale),
  }));
  const people = await knownPeople(parsed.rows.flatMap((row) => row.groups));
  const candidates: CheckedRow[] = [];
  // Drawing a long 1-D barcode takes bwip-js a millisecond or two: other requests go in between.
  for (const row of parsed.rows) {
    await giveWay();
    const checked = checkRow(row, personOf(row, people, person), locale);
    if ("reason" in checked) errors.push(checked);
    else candidates.push(checked);
  }

  const existing = await existingKeys(candidates);
  const add: CheckedRow[] = [];
  const duplicates: CheckedRow[] = [];
  const seen = new Set<string>();
  for (const row of candidates) {
    const key = keyOf(row);
    if (existing.has(key) || seen.has(key)) duplicates.push(row);
    else add.push(row);
    seen.add(key);
  }

  const byLine = (a: { line: number }, b: { line: number }) => a.line - b.line;
  errors.sort(byLine);
  if (dryRun || add.length === 0) return { dry_run: dryRun, add, duplicates, errors };

  // The request itself took one token in the request core: each card after the first takes one more.
  if (origin.kind === "anonymous") await consumeAnonymousWrite(origin.client, add.length - 1);
  // The cards' text and their pictures, counted together: one refusal leaves nothing counted.
  await reserveAnonymousBytes({
    origin,
    bytes: textBytes(add) + add.reduce((sum, row) => sum + photoBytes(row), 0),
  });
  const written = await writeCards(add);
  if (add.some((row) => row.expiry !== null)) await announceExpiringCardsNow();
  // A card added meanwhile by someone else is a duplicate now; it was not written twice.
  return {
    dry_run: false,
    add: await withPhotoUrls(
      add.filter((row) => written.has(keyOf(row))),
      written,
    ),
    duplicates: [...duplicates, ...add.filter((row) => !written.has(keyOf(row)))].sort(byLine),
    errors,
  };
}

const photoBytes = (row: CheckedRow) =>
  Object.values(row[PHOTOS]).reduce((sum, photo) => sum + photo.bytes.byteLength, 0);

/** The written cards' pictures by their addresses, in place of their names in the file. */
async function withPhotoUrls(rows: CheckedRow[], written: Map<string, number>): Promise<ImportRow[]> {
  const ids = rows.filter((row) => photoBytes(row) > 0).map((row) => written.get(keyOf(row))!);
  const photos =
    ids.length === 0
      ? []
      : await db().cardPhoto.findMany({
          where: { cardId: { in: ids } },
          select: { cardId: true, side: true, updatedAt: true },
        });
  return rows.map((row) => {
    const id = written.get(keyOf(row))!;
    return {
      ...row,
      photos: cardPhotoUrls(
        id,
        photos.filter((photo) => photo.cardId === id),
      ),
    };
  });
}

/**
 * How many cards one file may hold for this caller, and the refusal past it;
 * and how many CSV records it may have, so that a stranger's file is read
 * only as far as their few cards could go (docs/decisions/007-wallet-import-export.md).
 */
function cardCap(origin: Origin) {
  const anonymousLimit = env().ANON_RATE_LIMIT;
  if (origin.kind === "anonymous" && anonymousLimit > 0 && anonymousLimit < IMPORT_LIMITS.cards) {
    const rows = anonymousLimit * IMPORT_LIMITS.rowsPerCard;
    return {
      cards: anonymousLimit,
      refusal: (count: number) =>
        new AppError("payload_too_large", errorText("wallet.importTooManyUnpaired", { count, max: anonymousLimit })),
      tooManyRows: () =>
        new AppError("payload_too_large", errorText("wallet.importTooManyRowsUnpaired", { max: rows })),
    };
  }
  const rows = IMPORT_LIMITS.cards * IMPORT_LIMITS.rowsPerCard;
  return {
    cards: IMPORT_LIMITS.cards,
    refusal: (count: number) =>
      new AppError("payload_too_large", errorText("wallet.importTooMany", { count, max: IMPORT_LIMITS.cards })),
    tooManyRows: () => new AppError("payload_too_large", errorText("wallet.importTooManyRows", { max: rows })),
  };
}

/** The people named by these Catima groups, by name key. */
async function knownPeople(groups: string[]): Promise<Map<string, string>> {
  const keys = [...new Set(groups.map(nameKey))].filter((key) => key !== "");
  if (keys.length === 0) return new Map();
  const rows = await db().$queryRaw<{ name: string; name_key: string }[]>`
    SELECT name, name_key FROM person WHERE name_key IN (${Prisma.join(keys)})`;
  return new Map(rows.map((row) => [row.name_key, row.name]));
}

/**
 * Whose card a row is: the person its own column names; else, for a Catima
 * card, the one person among its groups (an export writes each person as a
 * group); else the person the importer chose; else nobody, which is an error.
 */
function personOf(row: WalletFileRow, people: Map<string, string>, chosen: string | null): string | null {
  if (row.person) return row.person;
  const named = [
    ...new Set(row.groups.map((group) => people.get(nameKey(group))).filter((name) => name !== undefined)),
  ];
  if (named.length === 1) return named[0]!;
  return chosen;
}

/** The row as a card to add, or why it cannot be one. */
function checkRow(row: WalletFileRow, person: string | null, locale: Locale): CheckedRow | ImportError {
  const failed = (reason: ErrorText): ImportError => ({
    line: row.line,
    store_name: row.store || null,
    card_value: row.value || null,
    reason: writeError(reason, locale),
  });
  if (person === null) return failed(errorText("wallet.row.noPerson"));
  const fields = rowFields.safeParse({
    store_name: row.store,
    person_name: person,
    card_value: row.value,
    label: row.label,
    note: row.extras.note,
    printed_number: row.extras.printedNumber ?? "",
  });
  if (!fields.success) {
    const issue = fields.error.issues[0]!;
    const field = writeError(errorText(FIELD_NAMES[String(issue.path[0])] ?? "wallet.row.field.other"), locale);
    return failed(errorText("wallet.row.fieldInvalid", { field, message: translateIssue(issue.message, locale) }));
  }
  const format = row.format === "none" ? null : (row.format ?? guessFormat(fields.data.card_value));
  const problem = format === null ? null : cardBarcodeProblemText(format, fields.data.card_value);
  if (problem) return failed(problem);
  const photos: CheckedPhotos = {};
  for (const [side, photo] of Object.entries(row.photos ?? {}) as [CardPhotoSide, PhotoInFile][]) {
    const type = cardPhotoType(photo.bytes);
    if (type === null) return failed(errorText("wallet.row.photoType", { name: photo.name }));
    photos[side] = { name: photo.name, type, bytes: photo.bytes };
  }
  const { extras } = row;
  return {
    line: row.line,
    store_name: cleanName(fields.data.store_name),
    person_name: cleanName(fields.data.person_name),
    card_value: fields.data.card_value,
    card_format: format,
    label: fields.data.label,
    note: fields.data.note,
    valid_from: iso(extras.validFrom),
    expiry: iso(extras.expiry),
    balance: extras.balance,
    balance_currency: extras.balanceCurrency,
    header_color: extras.headerColor,
    starred: extras.starred,
    archived: extras.archived,
    last_used_at: iso(extras.lastUsedAt),
    printed_number: fields.data.printed_number || null,
    barcode_encoding: extras.barcodeEncoding,
    photos: Object.fromEntries(
      CARD_PHOTO_SIDES.map((side) => [side, photos[side]?.name ?? null]),
    ) as ImportRow["photos"],
    [PHOTOS]: photos,
  };
}

const FIELD_NAMES: Record<string, ErrorKey> = {
  store_name: "wallet.row.field.store",
  person_name: "wallet.row.field.person",
  card_value: "wallet.row.field.number",
  label: "wallet.row.field.label",
  note: "wallet.row.field.note",
  printed_number: "wallet.row.field.printedNumber",
};

/** Which of these cards the wallet already holds, as keys. */
async function existingKeys(rows: ImportRow[]): Promise<Set<string>> {
  const values = [...new Set(rows.map((row) => row.card_value))];
  if (values.length === 0) return new Set();
  const found = await db().$queryRaw<{ store_key: string; person_key: string; card_value: string }[]>`
    SELECT s.name_key AS store_key, p.name_key AS person_key, c.card_value
    FROM card c JOIN store s ON s.id = c.store_id JOIN person p ON p.id = c.person_id
    WHERE c.active AND c.card_value IN (${Prisma.join(values)})`;
  return new Set(found.map((row) => `${row.store_key}\u0000${row.person_key}\u0000${row.card_value}`));
}

/**
 * Writes the cards in one statement, so an import lands whole or not at all:
 * stores and people found or created by name (as adding one card does), then
 * the cards, skipping any that an import or a person added in the meantime.
 * Answers the keys of the cards written.
 */
async function writeCards(rows: CheckedRow[]): Promise<Map<string, number>> {
  const values = Prisma.join(
    rows.map(
      (row) =>
        Prisma.sql`(${row.store_name}, ${nameKey(row.store_name)}, ${row.person_name}, ${nameKey(row.person_name)},
          ${row.card_value}, ${row.card_format}, ${row.label}, ${row.note}, ${row.valid_from}, ${row.expiry},
          ${row.balance}, ${row.balance_currency}, ${row.header_color}, ${String(row.starred)}, ${String(row.archived)},
          ${row.last_used_at}, ${row.printed_number}, ${row.barcode_encoding})`,
    ),
  );
  // Each picture names its card as the unique index of active cards does.
  const pictures = rows.flatMap((row) =>
    Object.entries(row[PHOTOS]).map(
      ([side, photo]) =>
        Prisma.sql`(${nameKey(row.store_name)}, ${nameKey(row.person_name)}, ${row.card_value}, ${side},
          ${photo.type}, ${String(photo.bytes.byteLength)}, ${Buffer.from(photo.bytes).toString("base64")})`,
    ),
  );
  // Run for what it writes: a statement's data-modifying parts all run, read or not.
  const writePictures =
    pictures.length === 0
      ? Prisma.empty
      : Prisma.sql`,
    picture_input (store_key, person_key, card_value, side, content_type, size, data) AS (
      VALUES ${Prisma.join(pictures)}
    ),
    pictures AS (
      INSERT INTO card_photo (card_id, side, content_type, size, data)
      SELECT c.id, i.side, i.content_type, CAST(i.size AS int), decode(i.data, 'base64')
      FROM cards c JOIN stores s ON s.id = c.store_id JOIN people p ON p.id = c.person_id
      JOIN picture_input i ON i.store_key = s.name_key AND i.person_key = p.name_key AND i.card_value = c.card_value
      RETURNING card_id
    )`;
  // Every input column is text; each is cast to its column's type as it is written.
  const written = await db().$queryRaw<{ id: number; store_key: string; person_key: string; card_value: string }[]>`
    WITH input (store_name, store_key, person_name, person_key, card_value, card_format, label, note, valid_from,
                expiry, balance, balance_currency, header_color, starred, archived, last_used_at, printed_number,
                barcode_encoding) AS (
      VALUES ${values}
    ),
    stores AS (
      INSERT INTO store (name, name_key)
      SELECT DISTINCT ON (store_key) store_name, store_key FROM input ORDER BY store_key
      ON CONFLICT (name_key) DO UPDATE SET name_key = EXCLUDED.name_key
      RETURNING id, name_key
    ),
    people AS (
      INSERT INTO person (name, name_key)
      SELECT DISTINCT ON (person_key) person_name, person_key FROM input ORDER BY person_key
      ON CONFLICT (name_key) DO UPDATE SET name_key = EXCLUDED.name_key
      RETURNING id, name_key
    ),
    cards AS (
      INSERT INTO card (store_id, person_id, card_value, card_format, label, note, valid_from, expiry, balance,
                        balance_currency, header_color, starred, archived, last_used_at, printed_number,
                        barcode_encoding)
      SELECT s.id, p.id, i.card_value, i.card_format, i.label, i.note, CAST(i.valid_from AS timestamptz),
             CAST(i.expiry AS timestamptz), CAST(i.balance AS numeric), i.balance_currency, i.header_color,
             CAST(i.starred AS boolean), CAST(i.archived AS boolean), CAST(i.last_used_at AS timestamptz),
             i.printed_number, i.barcode_encoding
      FROM input i JOIN stores s ON s.name_key = i.store_key JOIN people p ON p.name_key = i.person_key
      ON CONFLICT DO NOTHING
      RETURNING id, store_id, person_id, card_value
    )${writePictures}
    SELECT c.id, s.name_key AS store_key, p.name_key AS person_key, c.card_value
    FROM cards c JOIN stores s ON s.id = c.store_id JOIN people p ON p.id = c.person_id`;
  return new Map(written.map((row) => [`${row.store_key}\u0000${row.person_key}\u0000${row.card_value}`, row.id]));
}
