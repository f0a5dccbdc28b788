import { isUtf8 } from "node:buffer";
import { finished } from "node:stream/promises";
import { CsvError, Parser } from "csv-parse";
import { AppError, errorText, type ErrorText } from "@/lib/http/errors";
import { giveWay } from "@/lib/http/give-way";
import { normalizeFormat, BARCODE_FORMATS, type BarcodeFormat } from "@/lib/scan/barcode-format";
import { householdDay, startOfHouseholdDay } from "@/lib/household-clock";
import { fromCatimaBarcodeName } from "@/lib/scan/catima-barcodes";
import { looksLikeFormula, restoreCell } from "@/lib/scan/formula-cells";
import { isZip, readZipEntry } from "@/lib/scan/read-zip-entry";
import { parsePrice, PriceFormatError } from "@/lib/money/parse-price";
import {
  BARCODE_TEXT_ENCODINGS,
  IMPORT_LIMITS,
  WALLET_CSV_COLUMNS,
  type BarcodeTextEncoding,
} from "@/lib/scan/schemas";

// Reads an uploaded wallet file into card rows, knowing nothing of the
// database: a Catima export (its zip, or its catima.csv, layout version 1 or
// 2) or the wallet CSV (docs/import-export.md). Catima's layout is its
// importer's and exporter's (CatimaImporter.java, CatimaExporter.java in
// CatimaLoyalty/Android, GPL-3.0); this is written from that description,
// not copied. A file that is not one of these, or is hostile, is refused
// whole; a row that cannot become a card is kept as a problem with its reason.
//
// Reading is done in small steps that give way to other requests
// (lib/http/give-way.ts): a CSV of 2 MiB, parsed in one go, held the server
// for seconds.

/** The one file of a Catima zip that is read; its card images are not. */
const CATIMA_CSV = "catima.csv";
/** No card has a longer line than this; a longer one is not a wallet file. */
const MAX_RECORD_CHARACTERS = 64 * 1024;
/**
 * Bytes of CSV handed to the parser in one step: at most a few hundred
 * records, a millisecond or two of parsing.
 */
const CSV_STEP_BYTES = 256;

export type WalletFileRow = {
  /** Where the row starts in the CSV, for people to find it. */
  line: number;
  store: string;
  /** What the barcode holds. */
  value: string;
  /**
   * The format the file names; `none` for a card it says has no barcode;
   * null when it names none (then guessed from the value).
   */
  format: BarcodeFormat | "none" | null;
  label: string;
  /** The person the row names itself (the wallet CSV's person column), else null. */
  person: string | null;
  /** The Catima groups the card is in. */
  groups: string[];
  extras: CardExtras;
};

/** What a card keeps besides its barcode, as a file gives it (docs/decisions/025-card-fields.md). */
export type CardExtras = {
  note: string;
  validFrom: Date | null;
  expiry: Date | null;
  /** A decimal string with two decimals. */
  balance: string | null;
  /** An ISO 4217 code or `points`, exactly when there is a balance. */
  balanceCurrency: string | null;
  headerColor: string | null;
  starred: boolean;
  archived: boolean;
  lastUsedAt: Date | null;
  printedNumber: string | null;
  barcodeEncoding: BarcodeTextEncoding | null;
};

export const NO_EXTRAS: CardExtras = {
  note: "",
  validFrom: null,
  expiry: null,
  balance: null,
  balanceCurrency: null,
  headerColor: null,
  starred: false,
  archived: false,
  lastUsedAt: null,
  printedNumber: null,
  barcodeEncoding: null,
};

export type WalletFileProblem = { line: number; reason: ErrorText; store: string | null; value: string | null };

export type WalletFile = { kind: "catima" | "csv"; rows: WalletFileRow[]; problems: WalletFileProblem[] };

type CsvRecord = { line: number; cells: string[] };

export type WalletFileLimits = {
  /** Records of the CSV: reading stops past them. */
  maxRows: number;
  /** The refusal then, in the words that fit the caller. */
  tooManyRows: () => AppError;
};

const HOUSEHOLD_ROWS = IMPORT_LIMITS.cards * IMPORT_LIMITS.rowsPerCard;

const householdLimits: WalletFileLimits = {
  maxRows: HOUSEHOLD_ROWS,
  tooManyRows: () => new AppError("payload_too_large", errorText("wallet.importTooManyRows", { max: HOUSEHOLD_ROWS })),
};

/** The cards in `bytes`, or a refusal naming what is wrong with the file. */
export async function parseWalletFile(
  bytes: Uint8Array,
  limits: WalletFileLimits = householdLimits,
): Promise<WalletFile> {
  if (isZip(bytes)) {
    const csv = await readZipEntry(bytes, { name: CATIMA_CSV, maxBytes: IMPORT_LIMITS.csvBytes });
    const records = await readCsv(csv, limits);
    if (!isCatimaVersionLine(records[0])) {
      const header = records[0]?.cells ?? [];
      if (!(header.includes("_id") && header.includes("cardid")))
        throw unreadable(errorText("wallet.file.catimaCsvNotCatima"));
    }
    return { kind: "catima", ...(await readCatima(records)) };
  }
  if (bytes.byteLength > IMPORT_LIMITS.csvBytes) {
    throw new AppError(
      "payload_too_large",
      errorText("wallet.file.csvTooLarge", { mib: IMPORT_LIMITS.csvBytes / 1024 / 1024 }),
    );
  }
  const records = await readCsv(bytes, limits);
  const first = records[0];
  if (!first) throw unreadable(errorText("wallet.file.empty"));
  if (isCatimaVersionLine(first)) return { kind: "catima", ...(await readCatima(records)) };
  const header = first.cells.map((cell) => cell.trim());
  if (header.includes("_id") && header.includes("cardid")) return { kind: "catima", ...(await readCatima(records)) };
  return { kind: "csv", ...(await readWalletCsv(records)) };
}

/**
 * The records of a UTF-8 CSV, each with the line it starts on. The parser is
 * fed a few hundred bytes at a time, giving way between steps, and stopped
 * as soon as the file has more records than an import may hold.
 */
async function readCsv(bytes: Uint8Array, { maxRows, tooManyRows }: WalletFileLimits): Promise<CsvRecord[]> {
  if (!isUtf8(bytes)) throw new AppError("unsupported_media_type", errorText("wallet.file.notUtf8"));
  if (bytes.includes(0)) throw new AppError("unsupported_media_type", errorText("wallet.file.nulBytes"));
  const records: CsvRecord[] = [];
  // A record's line is where it starts: one past where the one before it ended.
  let previousEnd = 0;
  const parser = new Parser({
    bom: true,
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
async function readCatima(records: CsvRecord[]): Promise<Omit<WalletFile, "kind">> {
  const first = records[0];
  if (!first || !isCatimaVersionLine(first)) {
    const cards: CsvRecord[] = [];
    for (const record of records) {
      await giveWay();
      if (!isBlank(record)) cards.push(record);
    }
    return readCatimaCards(cards, []);
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
  return readCatimaCards(cards, links);
}

async function readCatimaCards(cards: CsvRecord[], links: CsvRecord[]): Promise<Omit<WalletFile, "kind">> {
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
    const cell = (name: string) => {
      const index = column.get(name);
      return index === undefined ? "" : keptCell(record, index, name);
    };
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
    });
  }
  return { rows, problems };
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

/**
 * A balance and its currency as a file gives them: none when both are blank,
 * or the amount is 0 without a currency (Catima's default for every card);
 * points when there is no currency.
 */
function readBalance(amount: string, currency: string): { amount: string; currency: string } | ErrorText | null {
  if (!amount && !currency) return null;
  if (!currency && (amount === "" || Number(amount) === 0)) return null;
  let parsed: string;
  try {
    parsed = parsePrice(amount || "0");
  } catch (error) {
    if (!(error instanceof PriceFormatError)) throw error;
    return errorText("wallet.row.balance", { balance: amount.slice(0, 30) });
  }
  const code = currency || "points";
  if (!/^([A-Z]{3}|points)$/.test(code)) return errorText("wallet.row.currency", { currency: code.slice(0, 20) });
  return { amount: parsed, currency: code };
}

// ─── the wallet CSV ─────────────────────────────────────────────────────────

async function readWalletCsv(records: CsvRecord[]): Promise<Omit<WalletFile, "kind">> {
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
    const cell = (name: string) => {
      const index = column.get(name);
      return index === undefined ? "" : keptCell(record, index, name).trim();
    };
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

/** Line breaks as the API writes them: \n, whatever the file used. */
function oneKindOfNewline(text: string): string {
  return text.replace(/\r\n?/g, "\n");
}

/** A day (2026-12-31, its start on the household's clock) or an ISO 8601 moment; null if neither. */
function readDate(text: string): Date | null {
  if (/^\d{4}-\d{2}-\d{2}$/.test(text)) {
    const day = startOfHouseholdDay(text);
    return Number.isNaN(day.getTime()) || householdDay(day) !== text ? null : day;
  }
  if (!/^\d{4}-\d{2}-\d{2}T[\d:.]+(Z|[+-]\d{2}:\d{2})$/.test(text)) return null;
  const at = new Date(text);
  return Number.isNaN(at.getTime()) ? null : at;
}

// ─── cells ──────────────────────────────────────────────────────────────────

function columnsOf(header: string[]): Map<string, number> {
  const column = new Map<string, number>();
  header.forEach((name, index) => {
    if (!column.has(name.trim())) column.set(name.trim(), index);
  });
  return column;
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

function unreadable(message: ErrorText): AppError {
  return new AppError("validation_failed", message, { issues: [{ path: "file", message }] });
}
