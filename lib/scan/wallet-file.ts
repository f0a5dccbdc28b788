import { AppError, errorText, type ErrorText } from "@/lib/http/errors";
import { giveWay } from "@/lib/http/give-way";
import { householdDay, startOfHouseholdDay } from "@/lib/household-clock";
import { parsePrice, PriceFormatError } from "@/lib/money/parse-price";
import type { BarcodeFormat } from "@/lib/scan/barcode-format";
import type { BarcodeTextEncoding, CardPhotoSide } from "@/lib/scan/schemas";

// What every reader of a wallet file gives (lib/scan/parse-wallet-file.ts and
// the readers of one format each beside it): card rows, knowing nothing of
// the database, and the reasons the rest could not become cards.

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
  /** The card's pictures in the file (a Catima zip's, a pass's logo), by side. */
  photos?: PhotosInFile;
};

/** A picture as a file holds it: its name in the file, for people, and its bytes, not yet looked at. */
export type PhotoInFile = { name: string; bytes: Uint8Array };
export type PhotosInFile = Partial<Record<CardPhotoSide, PhotoInFile>>;

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

/** The formats a wallet file may be in (docs/import-export.md). */
export type WalletFileKind = "catima" | "csv" | "pkpass" | "fidme" | "voucher_vault";

export type WalletFile = { kind: WalletFileKind; rows: WalletFileRow[]; problems: WalletFileProblem[] };

export type WalletFileLimits = {
  /** Records of the CSV (entries of a JSON export): reading stops past them. */
  maxRows: number;
  /** The refusal then, in the words that fit the caller. */
  tooManyRows: () => AppError;
};

/** What a reader of one format gives: the cards it could read, and why the others could not be. */
export type WalletFileRead = Omit<WalletFile, "kind">;

/**
 * A balance and its currency as a file gives them: none when both are blank,
 * or the amount is 0 without a currency (Catima's default for every card);
 * points when there is no currency.
 */
export function readBalance(amount: string, currency: string): { amount: string; currency: string } | ErrorText | null {
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

/** Line breaks as the API writes them: \n, whatever the file used. */
export function oneKindOfNewline(text: string): string {
  return text.replace(/\r\n?/g, "\n");
}

/** A day (2026-12-31, its start on the household's clock) or an ISO 8601 moment; null if neither. */
export function readDate(text: string): Date | null {
  if (/^\d{4}-\d{2}-\d{2}$/.test(text)) {
    const day = startOfHouseholdDay(text);
    return Number.isNaN(day.getTime()) || householdDay(day) !== text ? null : day;
  }
  if (!/^\d{4}-\d{2}-\d{2}T[\d:.]+(Z|[+-]\d{2}:\d{2})$/.test(text)) return null;
  const at = new Date(text);
  return Number.isNaN(at.getTime()) ? null : at;
}

export function unreadable(message: ErrorText): AppError {
  return new AppError("validation_failed", message, { issues: [{ path: "file", message }] });
}

/** Bytes of JSON looked at between two give-ways while scanning it. */
const JSON_SCAN_STEP = 64 * 1024;

/**
 * How deep the arrays and objects of a JSON text nest, and how many values
 * its outermost array or object holds that are arrays or objects, read
 * without parsing (strings skipped) and giving way as it goes. JSON.parse
 * cannot give way: a text nested a million deep, or a list of a million
 * entries, is measured here first and refused unparsed. Stops early once
 * deeper than `maxDepth`.
 */
export async function measureJson(bytes: Uint8Array, maxDepth: number): Promise<{ depth: number; items: number }> {
  let depth = 0;
  let deepest = 0;
  let items = 0;
  let inString = false;
  for (let at = 0; at < bytes.length; at++) {
    if (at % JSON_SCAN_STEP === 0 && at > 0) await giveWay();
    const byte = bytes[at]!;
    if (inString) {
      if (byte === 0x5c)
        at++; // a backslash: the next byte is escaped
      else if (byte === 0x22) inString = false;
    } else if (byte === 0x22) inString = true;
    else if (byte === 0x5b || byte === 0x7b) {
      depth++;
      if (depth === 2) items++;
      if (depth > deepest) deepest = depth;
      if (deepest > maxDepth) break;
    } else if (byte === 0x5d || byte === 0x7d) depth--;
  }
  return { depth: deepest, items };
}
