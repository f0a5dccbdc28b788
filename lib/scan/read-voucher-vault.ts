import { z } from "zod";
import { errorText, type ErrorText } from "@/lib/http/errors";
import { giveWay } from "@/lib/http/give-way";
import { startOfHouseholdDay } from "@/lib/household-clock";
import type { BarcodeFormat } from "@/lib/scan/barcode-format";
import {
  NO_EXTRAS,
  unreadable,
  type WalletFileLimits,
  type WalletFileRead,
  type WalletFileRow,
} from "@/lib/scan/wallet-file";

// The Voucher Vault Android app's export (tim-smart/vouchervault): a JSON
// array of vouchers, gift cards and coupons, each with a description (the
// shop), a code and its type, an expiry (a day, written as a local midnight
// without a zone), a value and a colour. Written from the fields the export
// holds, as Catima's importer documents them. Voucher Vault records no
// currency: a value is taken to be in euros, the household's money
// (docs/import-export.md). An entry's "line" is its place in the array.

/** Voucher Vault's code types; TEXT is a code shown as text, without a barcode. */
const CODE_TYPES: Record<string, BarcodeFormat | "none"> = {
  CODE128: "code_128",
  CODE39: "code_39",
  EAN13: "ean_13",
  PDF417: "pdf417",
  QR: "qr_code",
  TEXT: "none",
};

/** Its seven colours, as the app paints them. */
const COLOURS: Record<string, string> = {
  GREY: "#888888",
  BLUE: "#0000ff",
  GREEN: "#00ff00",
  ORANGE: "#ffa500",
  PURPLE: "#800080",
  RED: "#ff0000",
  YELLOW: "#ffff00",
};

const entry = z.object({
  description: z.string(),
  code: z.string(),
  codeType: z.string(),
  expires: z.string().nullish(),
  balance: z.number().nullish(),
  balanceMilliunits: z.number().int().nullish(),
  color: z.string().nullish(),
});

const EXPIRES = /^(\d{4}-\d{2}-\d{2})T00:00:00(\.0+)?$/;

/** A voucher is an object in the export's array: nothing nests deeper. */
const MAX_DEPTH = 2;
/** Bytes looked at between two give-ways while checking the nesting. */
const SCAN_STEP = 64 * 1024;

export async function readVoucherVault(bytes: Uint8Array, limits: WalletFileLimits): Promise<WalletFileRead> {
  // JSON.parse cannot give way: a file nested a million deep held the server
  // for most of a second. Checked first, in steps, it is refused unparsed.
  if (!(await nestsAtMost(bytes, MAX_DEPTH))) throw unreadable(errorText("wallet.file.notVoucherVault"));
  let document: unknown;
  try {
    document = JSON.parse(new TextDecoder("utf-8", { fatal: true }).decode(bytes));
  } catch {
    throw unreadable(errorText("wallet.file.jsonUnreadable"));
  }
  if (!Array.isArray(document) || !document.every((item) => typeof item === "object" && item !== null))
    throw unreadable(errorText("wallet.file.notVoucherVault"));
  if (document.length > limits.maxRows) throw limits.tooManyRows();
  const rows: WalletFileRow[] = [];
  const problems: WalletFileRead["problems"] = [];
  for (const [index, item] of document.entries()) {
    await giveWay();
    const line = index + 1;
    const parsed = entry.safeParse(item);
    const store = parsed.success ? parsed.data.description.trim() : null;
    const value = parsed.success ? parsed.data.code.trim() : null;
    const problem = (reason: ErrorText) => problems.push({ line, reason, store: store || null, value: value || null });
    if (!parsed.success) {
      problem(errorText("wallet.row.voucherVaultEntry"));
      continue;
    }
    const { codeType, expires, balance, balanceMilliunits, color } = parsed.data;
    if (!store) {
      problem(errorText("wallet.row.noStore"));
      continue;
    }
    if (!value) {
      problem(errorText("wallet.row.noNumber"));
      continue;
    }
    const format = CODE_TYPES[codeType];
    if (!format) {
      problem(errorText("wallet.row.catimaBarcodeType", { type: codeType.slice(0, 30) }));
      continue;
    }
    const day = expires ? EXPIRES.exec(expires)?.[1] : undefined;
    if (expires && !day) {
      problem(errorText("wallet.row.expiry", { expiry: expires.slice(0, 40) }));
      continue;
    }
    const cents =
      typeof balanceMilliunits === "number"
        ? Math.round(balanceMilliunits / 10)
        : typeof balance === "number"
          ? Math.round(balance * 100)
          : null;
    if (cents !== null && (!Number.isSafeInteger(cents) || cents < 0 || cents >= 1e12)) {
      problem(errorText("wallet.row.balance", { balance: String(balanceMilliunits ?? balance).slice(0, 30) }));
      continue;
    }
    rows.push({
      line,
      store,
      value,
      format,
      label: "",
      person: null,
      groups: [],
      extras: {
        ...NO_EXTRAS,
        expiry: day ? startOfHouseholdDay(day) : null,
        balance: cents === null ? null : (cents / 100).toFixed(2),
        balanceCurrency: cents === null ? null : "EUR",
        headerColor: color ? (COLOURS[color] ?? null) : null,
      },
    });
  }
  return { rows, problems };
}

/** Whether no array or object in the JSON text lies more than `max` deep (strings skipped). */
async function nestsAtMost(bytes: Uint8Array, max: number): Promise<boolean> {
  let depth = 0;
  let inString = false;
  for (let at = 0; at < bytes.length; at++) {
    if (at % SCAN_STEP === 0 && at > 0) await giveWay();
    const byte = bytes[at]!;
    if (inString) {
      if (byte === 0x5c)
        at++; // a backslash: the next byte is escaped
      else if (byte === 0x22) inString = false;
    } else if (byte === 0x22) inString = true;
    else if (byte === 0x5b || byte === 0x7b) {
      if (++depth > max) return false;
    } else if (byte === 0x5d || byte === 0x7d) depth--;
  }
  return true;
}
