import { isUtf8 } from "node:buffer";
import { finished } from "node:stream/promises";
import { CsvError, Parser } from "csv-parse";
import { AppError, errorText, type ErrorText } from "@/lib/http/errors";
import { giveWay } from "@/lib/http/give-way";
import { normalizeFormat, BARCODE_FORMATS } from "@/lib/scan/barcode-format";
import { fromCatimaBarcodeName } from "@/lib/scan/catima-barcodes";
import { normaliseReading } from "@/lib/scan/normalise-reading";
import { looksLikeFormula, restoreCell } from "@/lib/scan/formula-cells";
import { PASS_JSON, readPass, readPassBundle } from "@/lib/scan/read-pkpass";
import { readVoucherVault } from "@/lib/scan/read-voucher-vault";
import { isZip, readZipEntry, zipEntryNames } from "@/lib/scan/read-zip-entry";
import {
  BARCODE_TEXT_ENCODINGS,
  CARD_PHOTO_BYTES,
  CARD_PHOTO_SIDES,
  IMPORT_LIMITS,
  WALLET_CSV_COLUMNS,
  type BarcodeTextEncoding,
} from "@/lib/scan/schemas";
import {
  NO_EXTRAS,
  oneKindOfNewline,
  readBalance,
  readDate,
  unreadable,
  type CardExtras,
  type PhotosInFile,
  type WalletFile,
  type WalletFileLimits,
  type WalletFileProblem,
  type WalletFileRead,
  type WalletFileRow,
} from "@/lib/scan/wallet-file";

export { NO_EXTRAS, type CardExtras, type WalletFile, type WalletFileRow } from "@/lib/scan/wallet-file";

// Reads an uploaded wallet file into card rows, knowing nothing of the
// database: a Catima export (its zip, or its catima.csv, layout version 1 or
// 2), the wallet CSV, an Apple Wallet pass or bundle of passes
// (lib/scan/read-pkpass.ts), FidMe's export zip, or Voucher Vault's JSON
// (lib/scan/read-voucher-vault.ts); docs/import-export.md. Catima's layout is its
// importer's and exporter's (CatimaImporter.java, CatimaExporter.java in
// CatimaLoyalty/Android, GPL-3.0); this is written from that description,
// not copied. A file that is not one of these, or is hostile, is refused
// whole; a row that cannot become a card is kept as a problem with its reason.
//
// Reading is done in small steps that give way to other requests
// (lib/http/give-way.ts): a CSV of 2 MiB, parsed in one go, held the server
// for seconds.

/** The cards of a Catima zip; their pictures are `card_<_id>_<side>.png` beside it. */
const CATIMA_CSV = "catima.csv";
/** The cards in FidMe's export zip; its other files are the account's, not the cards'. */
const FIDME_CARDS = "loyalty_programs.csv";
/** No card has a longer line than this; a longer one is not a wallet file. */
const MAX_RECORD_CHARACTERS = 64 * 1024;
/**
 * Bytes of CSV handed to the parser in one step: at most a few hundred
 * records, a millisecond or two of parsing.
 */
const CSV_STEP_BYTES = 256;

type CsvRecord = { line: number; cells: string[] };

const HOUSEHOLD_ROWS = IMPORT_LIMITS.cards * IMPORT_LIMITS.rowsPerCard;

const householdLimits: WalletFileLimits = {
  maxRows: HOUSEHOLD_ROWS,
  tooManyRows: () => new AppError("payload_too_large", errorText("wallet.importTooManyRows", { max: HOUSEHOLD_ROWS })),
};

/**
 * The cards in `bytes`, or a refusal naming what is wrong with the file.
 * Each card's value is as its barcode is printed, whichever app wrote it
 * (docs/decisions/027-one-reading-one-value.md): Catima's Codabar without
 * its start and stop letters and a UPC-E written as its UPC-A come in as a
 * card scanned here keeps them, so the same card is found again.
 */
export async function parseWalletFile(
  bytes: Uint8Array,
  limits: WalletFileLimits = householdLimits,
): Promise<WalletFile> {
  const file = await readWalletFile(bytes, limits);
  return { ...file, rows: file.rows.map(asPrinted) };
}

function asPrinted(row: WalletFileRow): WalletFileRow {
  if (row.format === null || row.format === "none") return row;
  return { ...row, value: normaliseReading({ value: row.value, format: row.format }) };
}

async function readWalletFile(bytes: Uint8Array, limits: WalletFileLimits): Promise<WalletFile> {
  if (isZip(bytes)) {
    // What a Mac's Finder adds to a zip it makes (__MACOSX/, folders) is no part of any export.
    const names = zipEntryNames(bytes).filter((name) => !name.startsWith("__MACOSX/") && !name.endsWith("/"));
    if (names.includes(PASS_JSON)) return { kind: "pkpass", ...(await readPass(bytes)) };
    if (names.length > 0 && names.every((name) => name.toLowerCase().endsWith(".pkpass")))
      return { kind: "pkpass", ...(await readPassBundle(bytes, names)) };
    if (names.includes(FIDME_CARDS) && !names.includes(CATIMA_CSV)) {
      const csv = await readZipEntry(bytes, { name: FIDME_CARDS, maxBytes: IMPORT_LIMITS.csvBytes });
      return { kind: "fidme", ...(await readFidme(await readCsv(csv, limits, ";"))) };
    }
    const csv = await readZipEntry(bytes, { name: CATIMA_CSV, maxBytes: IMPORT_LIMITS.csvBytes });
    const records = await readCsv(csv, limits);
    if (!isCatimaVersionLine(records[0])) {
      const header = records[0]?.cells ?? [];
      if (!(header.includes("_id") && header.includes("cardid")))
        throw unreadable(errorText("wallet.file.catimaCsvNotCatima"));
    }
    return { kind: "catima", ...(await readCatima(records, catimaPhotos(bytes, names))) };
  }
  if (bytes.byteLength > IMPORT_LIMITS.csvBytes) {
    throw new AppError(
      "payload_too_large",
      errorText("wallet.file.csvTooLarge", { mib: IMPORT_LIMITS.csvBytes / 1024 / 1024 }),
    );
  }
  if (looksLikeJson(bytes)) return { kind: "voucher_vault", ...(await readVoucherVault(bytes, limits)) };
  const records = await readCsv(bytes, limits);
  const first = records[0];
  if (!first) throw unreadable(errorText("wallet.file.empty"));
  if (isCatimaVersionLine(first)) return { kind: "catima", ...(await readCatima(records)) };
  const header = first.cells.map((cell) => cell.trim());
  if (header.includes("_id") && header.includes("cardid")) return { kind: "catima", ...(await readCatima(records)) };
  return { kind: "csv", ...(await readWalletCsv(records)) };
}

/** A JSON document: its first character past a byte-order mark and white space opens an array or an object. */
function looksLikeJson(bytes: Uint8Array): boolean {
  const start = new TextDecoder("utf-8", { ignoreBOM: false }).decode(bytes.subarray(0, 64)).trimStart();
  return start.startsWith("[") || start.startsWith("{");
}

/**
 * The records of a UTF-8 CSV, each with the line it starts on. The parser is
 * fed a few hundred bytes at a time, giving way between steps, and stopped
 * as soon as the file has more records than an import may hold.
 */
async function readCsv(
  bytes: Uint8Array,
  { maxRows, tooManyRows }: WalletFileLimits,
  delimiter = ",",
): Promise<CsvRecord[]> {
  if (!isUtf8(bytes)) throw new AppError("unsupported_media_type", errorText("wallet.file.notUtf8"));
  if (bytes.includes(0)) throw new AppError("unsupported_media_type", errorText("wallet.file.nulBytes"));
  const records: CsvRecord[] = [];
  // A record's line is where it starts: one past where the one before it ended.
  let previousEnd = 0;
  const parser = new Parser({
    bom: true,
    delimiter,
    relax_column_count: true,
    skip_empty_lines: false,
    max_record_size: MAX_RECORD_CHARACTERS,
    // Each record is kept here, where its last line is known; none goes on down the stream.
    on_record: (cells: string[], { lines }: { lines: number }) => {
      records.push({ line: previousEnd + 1, cells });
      previousEnd = lines;
      return null;
    },
  });
  // A failure reaches the write that caused it, and the stream must not throw it again.
  parser.on("error", () => undefined);
  try {
    for (let at = 0; at < bytes.byteLength; at += CSV_STEP_BYTES) {
      await new Promise<void>((resolve, reject) =>
        parser.write(bytes.subarray(at, at + CSV_STEP_BYTES), (error) => (error ? reject(error) : resolve())),
      );
      if (records.length > maxRows) throw tooManyRows();
      await giveWay();
    }
    parser.end();
    await finished(parser, { readable: false });
  } catch (error) {
    if (error instanceof CsvError)
      throw unreadable(errorText("wallet.file.csvError", { reason: `${error.message}.`.replace(/\.\.$/, ".") }));
    throw error;
  } finally {
    parser.destroy();
  }
  if (records.length > maxRows) throw tooManyRows();
  return records;
}

const isBlank = (record: CsvRecord) => record.cells.every((cell) => cell.trim() === "");

/** Catima's version line: the first line holds a number and nothing else. */
function isCatimaVersionLine(record: CsvRecord | undefined): boolean {
  return record !== undefined && record.cells.length === 1 && /^\d{1,5}$/.test(record.cells[0]!.trim());
}

// ─── Catima ─────────────────────────────────────────────────────────────────

/**
 * Version 1: one table of cards under a header. Version 2: the version line,
 * then three tables separated by blank lines: groups (`_id`), cards, and
 * card-to-group links (`cardId,groupId`).
 */
async function readCatima(records: CsvRecord[], photosOf: CatimaPhotos = noPhotos): Promise<WalletFileRead> {
  const first = records[0];
  if (!first || !isCatimaVersionLine(first)) {
    const cards: CsvRecord[] = [];
    for (const record of records) {
      await giveWay();
      if (!isBlank(record)) cards.push(record);
    }
    return readCatimaCards(cards, [], photosOf);
  }
  const version = Number(first.cells[0]!.trim());
  if (version !== 2) {
    throw unreadable(errorText("wallet.file.catimaVersion", { version }));
  }
  const sections: CsvRecord[][] = [];
  let current: CsvRecord[] = [];
  for (const record of records.slice(1)) {
    await giveWay();
    if (isBlank(record)) {
      if (current.length > 0) sections.push(current);
      current = [];
    } else current.push(record);
  }
  if (current.length > 0) sections.push(current);
  if (sections.length > 3) throw unreadable(errorText("wallet.file.catimaParts"));
  const [groups, cards, links = []] = sections;
  if (!groups || !cards) throw unreadable(errorText("wallet.file.catimaNoCards"));
  if (!groups[0]!.cells.includes("_id")) throw unreadable(errorText("wallet.file.catimaNoGroups"));
  return readCatimaCards(cards, links, photosOf);
}

async function readCatimaCards(
  cards: CsvRecord[],
  links: CsvRecord[],
  photosOf: CatimaPhotos,
): Promise<WalletFileRead> {
  const header = cards[0];
  if (!header) throw unreadable(errorText("wallet.file.catimaNoCards"));
  const column = columnsOf(header.cells);
  for (const name of ["_id", "store", "cardid"]) {
    if (!column.has(name)) throw unreadable(errorText("wallet.file.catimaNoColumn", { name }));
  }
  const groupsOf = await readCatimaLinks(links);
  const rows: WalletFileRow[] = [];
  const problems: WalletFileProblem[] = [];
  for (const record of cards.slice(1)) {
    await giveWay();
    const cell = cellsOf(record, column);
    const id = cell("_id").trim();
    const store = cell("store").trim();
    const cardId = cell("cardid").trim();
    const barcodeId = cell("barcodeid").trim();
    const value = barcodeId || cardId;
    const problem = (reason: ErrorText) =>
      problems.push({ line: record.line, reason, store: store || null, value: value || null });
    if (!/^-?\d{1,10}$/.test(id)) {
      problem(errorText("wallet.row.catimaId"));
      continue;
    }
    if (!store) {
      problem(errorText("wallet.row.noStore"));
      continue;
    }
    if (!cardId) {
      problem(errorText("wallet.row.noCardId"));
      continue;
    }
    const typeName = cell("barcodetype").trim();
    // Catima draws no barcode for a card without a type: its number is shown as text.
    const format = typeName ? fromCatimaBarcodeName(typeName) : "none";
    if (!format) {
      problem(errorText("wallet.row.catimaBarcodeType", { type: typeName }));
      continue;
    }
    const extras = catimaExtras(cell, { cardId, barcodeId });
    if ("key" in extras) {
      problem(extras);
      continue;
    }
    const photos = await photosOf(id);
    if ("key" in photos) {
      problem(photos);
      continue;
    }
    rows.push({
      line: record.line,
      store,
      value,
      format,
      // Catima has no label; a Labs export keeps it in a column Catima does not read.
      label: cell("labs_label").trim(),
      person: null,
      groups: groupsOf.get(id) ?? [],
      extras,
      ...(Object.keys(photos).length > 0 ? { photos } : {}),
    });
  }
  return { rows, problems };
}

/** A Catima card's pictures by its `_id`, or why one cannot be kept. */
type CatimaPhotos = (id: string) => Promise<PhotosInFile | ErrorText>;

const noPhotos: CatimaPhotos = async () => ({});

/**
 * The pictures of a Catima zip, as its exporter names them. Each is read
 * only up to what a card's photo may be (a larger one is its card's problem),
 * and all of them together only up to what a file's may come to: past that
 * the zip is refused whole, as a bomb.
 */
function catimaPhotos(zip: Uint8Array, names: string[]): CatimaPhotos {
  const present = new Set(names);
  let inflated = 0;
  return async (id) => {
    const photos: PhotosInFile = {};
    for (const side of CARD_PHOTO_SIDES) {
      const name = `card_${id}_${side}.png`;
      if (!present.has(name)) continue;
      let bytes: Uint8Array;
      try {
        bytes = await readZipEntry(zip, { name, maxBytes: CARD_PHOTO_BYTES });
      } catch (error) {
        // Declared larger than a photo may be: that card's problem. An entry that inflates past what it declared is a bomb.
        if (error instanceof AppError && error.text?.key === "wallet.zip.tooLarge")
          return errorText("wallet.row.photoTooLarge", { name, mib: CARD_PHOTO_BYTES / 1024 / 1024 });
        throw error;
      }
      inflated += bytes.byteLength;
      if (inflated > IMPORT_LIMITS.photoBytes)
        throw new AppError(
          "payload_too_large",
          errorText("wallet.file.photosTooLarge", { mib: IMPORT_LIMITS.photoBytes / 1024 / 1024 }),
        );
      photos[side] = { name, bytes };
    }
    return photos;
  };
}

async function readCatimaLinks(links: CsvRecord[]): Promise<Map<string, string[]>> {
  const groupsOf = new Map<string, string[]>();
  const header = links[0];
  if (!header) return groupsOf;
  const column = columnsOf(header.cells);
  const cardColumn = column.get("cardId");
  const groupColumn = column.get("groupId");
  if (cardColumn === undefined || groupColumn === undefined) {
    throw unreadable(errorText("wallet.file.catimaNoLinks"));
  }
  for (const record of links.slice(1)) {
    await giveWay();
    const card = keptCell(record, cardColumn, "cardId").trim();
    const group = keptCell(record, groupColumn, "groupId").trim();
    if (!card || !group) continue;
    groupsOf.set(card, [...(groupsOf.get(card) ?? []), group]);
  }
  return groupsOf;
}

/**
 * The rest of a Catima card, read as Catima's importer reads it
 * (CatimaImporter.java, described, not copied): dates in epoch milliseconds,
 * the last use in epoch seconds, the header colour as a signed ARGB integer,
 * a balance of 0 without a currency meaning none, the star and the archive
 * set only by 1. What Catima itself would refuse is the row's problem.
 */
function catimaExtras(
  cell: (name: string) => string,
  { cardId, barcodeId }: { cardId: string; barcodeId: string },
): CardExtras | ErrorText {
  const instant = (name: string, unitMs: number) => {
    const text = cell(name).trim();
    if (!/^-?\d{1,15}$/.test(text) || (unitMs === 1000 && Number(text) <= 0)) return null;
    const at = new Date(Number(text) * unitMs);
    return Number.isNaN(at.getTime()) ? null : at;
  };
  const colorText = cell("headercolor").trim();
  if (colorText && !/^-?\d{1,10}$/.test(colorText))
    return errorText("wallet.row.catimaColor", { color: colorText.slice(0, 20) });
  const balance = readBalance(cell("balance").trim(), cell("balancetype").trim());
  if (balance && "key" in balance) return balance;
  const encoding = cell("barcodeencoding").trim();
  return {
    note: oneKindOfNewline(cell("note").trim()),
    validFrom: instant("validfrom", 1),
    expiry: instant("expiry", 1),
    balance: balance?.amount ?? null,
    balanceCurrency: balance?.currency ?? null,
    headerColor: colorText ? `#${(Number(colorText) & 0xffffff).toString(16).padStart(6, "0")}` : null,
    starred: cell("starstatus").trim() === "1",
    archived: cell("archive").trim() === "1",
    lastUsedAt: instant("lastused", 1000),
    printedNumber: barcodeId && barcodeId !== cardId ? cardId : null,
    barcodeEncoding: (BARCODE_TEXT_ENCODINGS as readonly string[]).includes(encoding)
      ? (encoding as BarcodeTextEncoding)
      : null,
  };
}

// ─── FidMe ──────────────────────────────────────────────────────────────────

/**
 * FidMe's export zip: `loyalty_programs.csv`, separated by semicolons, with
 * Retailer, Program, Added At, Reference (the card's number), Firstname and
 * Lastname. It names no barcode format (guessed from the number, as for a
 * wallet CSV without one) and keeps no number for an expired card, which is
 * then reported rather than dropped.
 */
async function readFidme(records: CsvRecord[]): Promise<WalletFileRead> {
  const header = records[0];
  if (!header) throw unreadable(errorText("wallet.file.empty"));
  const column = columnsOf(header.cells);
  for (const name of ["Retailer", "Reference"]) {
    if (!column.has(name)) throw unreadable(errorText("wallet.file.fidmeNoColumn", { name }));
  }
  const rows: WalletFileRow[] = [];
  const problems: WalletFileProblem[] = [];
  for (const record of records.slice(1)) {
    await giveWay();
    if (isBlank(record)) continue;
    const cellOf = cellsOf(record, column);
    const cell = (name: string) => cellOf(name).trim();
    const store = cell("Retailer");
    const value = cell("Reference");
    const problem = (reason: ErrorText) =>
      problems.push({ line: record.line, reason, store: store || null, value: value || null });
    if (!store) {
      problem(errorText("wallet.row.noStore"));
      continue;
    }
    if (!value) {
      problem(errorText("wallet.row.fidmeNoReference"));
      continue;
    }
    const holder = `${cell("Firstname")} ${cell("Lastname")}`.trim();
    rows.push({
      line: record.line,
      store,
      value,
      format: null,
      label: cell("Program"),
      person: null,
      groups: [],
      extras: { ...NO_EXTRAS, note: holder },
    });
  }
  return { rows, problems };
}

// ─── the wallet CSV ─────────────────────────────────────────────────────────

async function readWalletCsv(records: CsvRecord[]): Promise<WalletFileRead> {
  const header = records[0]!.cells.map((cell) => cell.trim().toLowerCase());
  const known: readonly string[] = WALLET_CSV_COLUMNS;
  const unknown = header.filter((name) => !known.includes(name));
  const expected = WALLET_CSV_COLUMNS.join(", ");
  if (unknown.length > 0) {
    throw unreadable(
      errorText("wallet.file.csvUnknownColumns", {
        columns: unknown.map((name) => `“${name}”`).join(", "),
        expected,
      }),
    );
  }
  if (new Set(header).size !== header.length) throw unreadable(errorText("wallet.file.csvColumnTwice", { expected }));
  for (const name of ["store", "number"]) {
    if (!header.includes(name)) throw unreadable(errorText("wallet.file.csvNoColumn", { name, expected }));
  }
  const column = columnsOf(header);
  const rows: WalletFileRow[] = [];
  const problems: WalletFileProblem[] = [];
  for (const record of records.slice(1)) {
    await giveWay();
    if (isBlank(record)) continue;
    const cellOf = cellsOf(record, column);
    const cell = (name: string) => cellOf(name).trim();
    const store = cell("store");
    const value = cell("number");
    const problem = (reason: ErrorText) =>
      problems.push({ line: record.line, reason, store: store || null, value: value || null });
    if (record.cells.slice(header.length).some((extra) => extra.trim() !== "")) {
      problem(errorText("wallet.row.extraCells", { count: header.length }));
      continue;
    }
    const formatName = cell("format");
    const format = formatName.toLowerCase() === "none" ? "none" : formatName ? normalizeFormat(formatName) : null;
    if (formatName && !format) {
      problem(
        errorText("wallet.row.unknownFormat", { format: formatName.slice(0, 40), formats: BARCODE_FORMATS.join(", ") }),
      );
      continue;
    }
    const expiryText = cell("expiry");
    const expiry = expiryText ? readDate(expiryText) : null;
    if (expiryText && !expiry) {
      problem(errorText("wallet.row.expiry", { expiry: expiryText.slice(0, 40) }));
      continue;
    }
    const balance = readBalance(cell("balance"), cell("currency"));
    if (balance && "key" in balance) {
      problem(balance);
      continue;
    }
    rows.push({
      line: record.line,
      store,
      value,
      format,
      label: cell("label"),
      person: cell("person") || null,
      groups: [],
      extras: {
        ...NO_EXTRAS,
        note: oneKindOfNewline(cell("note")),
        expiry,
        balance: balance?.amount ?? null,
        balanceCurrency: balance?.currency ?? null,
      },
    });
  }
  return { rows, problems };
}

// ─── cells ──────────────────────────────────────────────────────────────────

function columnsOf(header: string[]): Map<string, number> {
  const column = new Map<string, number>();
  header.forEach((name, index) => {
    if (!column.has(name.trim())) column.set(name.trim(), index);
  });
  return column;
}

/** The record's cell in the column called `name`, as keptCell reads it; "" where the file has no such column. */
function cellsOf(record: CsvRecord, column: Map<string, number>): (name: string) => string {
  return (name) => {
    const index = column.get(name);
    return index === undefined ? "" : keptCell(record, index, name);
  };
}

/**
 * A cell whose text Labs keeps. One that would run as a spreadsheet formula
 * refuses the whole file: such a file was made to attack whoever opens it,
 * not by a wallet. One an export neutralised (a leading apostrophe) is text.
 */
function keptCell(record: CsvRecord, index: number, column: string): string {
  const cell = record.cells[index] ?? "";
  if (looksLikeFormula(cell)) {
    const shown = cell.trim().slice(0, 30);
    throw unreadable(
      errorText("wallet.file.formula", {
        line: record.line,
        column,
        cell: `${shown}${cell.trim().length > 30 ? "…" : ""}`,
      }),
    );
  }
  return restoreCell(cell);
}
