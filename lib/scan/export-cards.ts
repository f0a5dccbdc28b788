import "server-only";
import { stringify } from "csv-stringify/sync";
import { strToU8, Zip, ZipDeflate, ZipPassThrough } from "fflate";
import { db } from "@/lib/db";
import { cardPhotoBytes } from "@/lib/scan/card-photos";
import { listCards } from "@/lib/scan/cards";
import { barcodeEncoding } from "@/lib/scan/barcode-encoding";
import { CATIMA_BARCODE_NAMES } from "@/lib/scan/catima-barcodes";
import { neutraliseCell } from "@/lib/scan/formula-cells";
import {
  CARD_PHOTO_SIDES,
  cardsPageQuery,
  WALLET_CSV_COLUMNS,
  type Card,
  type CardPhotoSide,
} from "@/lib/scan/schemas";

// The whole wallet as a file (docs/import-export.md): every active card, read
// a page at a time and streamed out as it is read, so a large wallet never
// sits in memory whole. Two layouts:
// - `catima`: a zip holding catima.csv in Catima's layout version 2, then the
//   cards' pictures, as its exporter writes it and its importer reads it
//   (CatimaExporter.java and CatimaImporter.java in CatimaLoyalty/Android,
//   GPL-3.0; described, not copied): the version line, then groups, cards and
//   card-to-group links, separated by blank lines, RFC 4180 with CRLF.
//   Catima has no people, so each person is a group, and an import here gives
//   the cards back to them.
// - `csv`: the wallet CSV (store, number, format, label, person), with a BOM
//   so spreadsheets read it as UTF-8.
// Every text cell that a spreadsheet would run as a formula is neutralised.

const PAGE = 500;
const CATIMA_CARD_COLUMNS = [
  "_id",
  "store",
  "note",
  "validfrom",
  "expiry",
  "balance",
  "balancetype",
  "cardid",
  "barcodeid",
  "barcodetype",
  "barcodeencoding",
  "headercolor",
  "starstatus",
  "lastused",
  "archive",
  // Labs' own, which Catima's importer passes over: the card's label.
  "labs_label",
];
const cardCursor = cardsPageQuery.shape.cursor.unwrap();

export type ExportFormat = "catima" | "csv";

/** The download: a streamed body with its type and file name. */
export function exportWallet({ format, now = new Date() }: { format: ExportFormat; now?: Date }): Response {
  const day = now.toISOString().slice(0, 10);
  const [body, type, name] =
    format === "catima"
      ? [zipped(catimaFiles()), "application/zip", `labs-wallet-${day}-catima.zip`]
      : [encoded(walletCsv()), "text/csv; charset=utf-8", `labs-wallet-${day}.csv`];
  return new Response(streamOf(body), {
    headers: {
      "content-type": type,
      "content-disposition": `attachment; filename="${name}"`,
      // Card numbers: kept by no cache on the way.
      "cache-control": "no-store",
    },
  });
}

/** Every active card in wallet order, a page at a time. */
async function* walletPages(): AsyncGenerator<Card[]> {
  let cursor: ReturnType<typeof cardCursor.parse> | undefined;
  for (;;) {
    const { cards, next } = await listCards({ limit: PAGE, cursor });
    if (cards.length > 0) yield cards;
    if (next === null) return;
    cursor = cardCursor.parse(next);
  }
}

const csvLines = (rows: string[][]) => stringify(rows, { record_delimiter: "windows" });

/** The format a card is drawn in, which is what the file must say; null for a card without a barcode. */
const drawnFormat = (card: Card) =>
  card.card_format === null ? null : barcodeEncoding(card.card_format, card.card_value).format;

async function* walletCsv(): AsyncGenerator<string> {
  yield `\uFEFF${csvLines([[...WALLET_CSV_COLUMNS]])}`;
  for await (const cards of walletPages()) {
    yield csvLines(
      cards.map((card) =>
        [
          card.store_name,
          card.card_value,
          drawnFormat(card) ?? "none",
          card.label,
          card.person_name,
          card.note,
          card.expiry ?? "",
          card.balance ?? "",
          card.balance ? (card.balance_currency ?? "") : "",
        ].map(neutraliseCell),
      ),
    );
  }
}

type ZipFile = { name: string; chunks: AsyncGenerator<Uint8Array> | Uint8Array[]; stored?: true };

/**
 * catima.csv, then each card's pictures as Catima's exporter names them
 * (`card_<_id>_<side>.png`; Catima decodes whatever image they are), read
 * one at a time as the zip is written.
 */
async function* catimaFiles(): AsyncGenerator<ZipFile> {
  const pictures: { id: number; side: CardPhotoSide }[] = [];
  yield { name: "catima.csv", chunks: encoded(catimaCsv(pictures)) };
  for (const { id, side } of pictures) {
    const photo = await cardPhotoBytes({ id, side });
    // A card deleted since its row was written keeps its row; its picture is gone.
    if (photo) yield { name: `card_${id}_${side}.png`, chunks: [photo.bytes], stored: true };
  }
}

/** catima.csv; `pictures` is given each picture of the cards it writes. */
async function* catimaCsv(pictures: { id: number; side: CardPhotoSide }[]): AsyncGenerator<string> {
  yield csvLines([["2"]]);
  yield "\r\n";
  const people = await db().$queryRaw<{ name: string }[]>`
    SELECT p.name FROM person p
    WHERE EXISTS (SELECT 1 FROM card c WHERE c.person_id = p.id AND c.active)
    ORDER BY p.name_key`;
  const groups = new Set(people.map((person) => person.name));
  yield csvLines([["_id"], ...people.map((person) => [neutraliseCell(person.name)])]);
  yield "\r\n";
  yield csvLines([CATIMA_CARD_COLUMNS]);
  // Each card's person is its one group. Kept from this one pass (two short
  // strings a card), so the links name exactly the cards and groups written
  // above, whatever changes meanwhile: a person whose first card arrived
  // after the groups were written is left out rather than linked to nothing.
  const links: string[][] = [];
  for await (const cards of walletPages()) {
    for (const card of cards) {
      if (groups.has(card.person_name)) links.push([String(card.id), neutraliseCell(card.person_name)]);
      for (const side of CARD_PHOTO_SIDES) if (card.photos[side] !== null) pictures.push({ id: card.id, side });
    }
    yield csvLines(cards.map(catimaRow));
  }
  yield "\r\n";
  yield csvLines([["cardId", "groupId"], ...links]);
}

/**
 * A card as Catima's importer reads it (see readCatima in parse-wallet-file.ts):
 * the printed number as `cardid` with the encoded value as `barcodeid` when
 * they differ, times in epoch milliseconds (the last use in seconds), the
 * colour as a signed ARGB integer, a balance of 0 for none.
 */
function catimaRow(card: Card): string[] {
  const format = drawnFormat(card);
  const millis = (at: string | null) => (at === null ? "" : String(Date.parse(at)));
  const printed = card.printed_number !== null && card.printed_number !== card.card_value;
  return [
    String(card.id),
    neutraliseCell(card.store_name),
    neutraliseCell(card.note),
    millis(card.valid_from),
    millis(card.expiry),
    card.balance ?? "0",
    card.balance_currency === "points" ? "" : (card.balance_currency ?? ""),
    neutraliseCell(printed ? card.printed_number! : card.card_value),
    printed ? neutraliseCell(card.card_value) : "",
    format === null ? "" : CATIMA_BARCODE_NAMES[format],
    card.barcode_encoding ?? "",
    card.header_color === null ? "" : String(0xff000000 | parseInt(card.header_color.slice(1), 16) | 0),
    card.starred ? "1" : "0",
    card.last_used_at === null ? "0" : String(Math.floor(Date.parse(card.last_used_at) / 1000)),
    card.archived ? "1" : "0",
    neutraliseCell(card.label),
  ];
}

async function* encoded(texts: AsyncGenerator<string>): AsyncGenerator<Uint8Array> {
  for await (const text of texts) yield strToU8(text);
}

/** Files into one zip as their bytes arrive: text deflated, pictures (which do not deflate) stored. */
async function* zipped(files: AsyncGenerator<ZipFile>): AsyncGenerator<Uint8Array> {
  const out: Uint8Array[] = [];
  let failure: Error | null = null;
  const zip = new Zip((error, chunk) => {
    if (error) failure = error;
    else out.push(chunk);
  });
  for await (const file of files) {
    const entry = file.stored ? new ZipPassThrough(file.name) : new ZipDeflate(file.name, { level: 6 });
    zip.add(entry);
    for await (const chunk of file.chunks) {
      entry.push(chunk);
      if (failure) throw failure;
      yield* out.splice(0);
    }
    entry.push(new Uint8Array(), true);
    yield* out.splice(0);
  }
  zip.end();
  if (failure) throw failure;
  yield* out.splice(0);
}

function streamOf(chunks: AsyncGenerator<Uint8Array>): ReadableStream<Uint8Array> {
  return new ReadableStream({
    async pull(controller) {
      const { value, done } = await chunks.next();
      if (done) controller.close();
      else controller.enqueue(value);
    },
    async cancel() {
      await chunks.return(undefined);
    },
  });
}
