import { z } from "zod";
import { errorText, type ErrorText } from "@/lib/http/errors";
import { giveWay } from "@/lib/http/give-way";
import type { BarcodeFormat } from "@/lib/scan/barcode-format";
import {
  measureJson,
  NO_EXTRAS,
  oneKindOfNewline,
  readDate,
  unreadable,
  type WalletFileLimits,
  type WalletFileRead,
  type WalletFileRow,
} from "@/lib/scan/wallet-file";

// The Voucher Vault Android app's export (tim-smart/vouchervault): a JSON
// array of vouchers, gift cards and coupons, each with a description (the
// shop), a code and its type, an expiry (a day, written as a local midnight
// without a zone), a value, a colour and notes. Written from the fields the export
// holds, as Catima's importer documents them. Voucher Vault records no
// currency: a value is taken to be in euros, the household's money
// (docs/import-export.md). An entry's "line" is its place in the array.

/** Voucher Vault's code types; TEXT is a code shown as text, without a barcode. */
const CODE_TYPES: Record<string, BarcodeFormat | "none"> = {
  AZTEC: "aztec",
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
  // The app itself takes a voucher without one as Code 128.
  codeType: z.string().default("CODE128"),
  expires: z.string().nullish(),
  balance: z.number().nullish(),
  balanceMilliunits: z.number().int().nullish(),
  color: z.string().nullish(),
  notes: z.string().nullish(),
});

const EXPIRES = /^(\d{4}-\d{2}-\d{2})T00:00:00(\.0+)?$/;

/** A voucher is an object in the export's array: nothing nests deeper. */
const MAX_DEPTH = 2;

export async function readVoucherVault(bytes: Uint8Array, limits: WalletFileLimits): Promise<WalletFileRead> {
  // JSON.parse cannot give way: a file nested a million deep held the server
  // for most of a second. Measured first, in steps, it is refused unparsed.
  const { depth, items } = await measureJson(bytes, MAX_DEPTH);
  if (depth > MAX_DEPTH) throw unreadable(errorText("wallet.file.notVoucherVault"));
  if (items > limits.maxRows) throw limits.tooManyRows();
  let document: unknown;
  try {
    document = JSON.parse(new TextDecoder("utf-8", { fatal: true }).decode(bytes));
  } catch {
    throw unreadable(errorText("wallet.file.jsonUnreadable"));
  }
  if (!Array.isArray(document) || !document.every((item) => typeof item === "object" && item !== null))
    throw unreadable(errorText("wallet.file.notVoucherVault"));
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
    const { codeType, expires, balance, balanceMilliunits, color, notes } = parsed.data;
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
    const expiry = day ? readDate(day) : null;
    if (expires && !expiry) {
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
        note: oneKindOfNewline(notes?.trim() ?? ""),
        expiry,
        balance: cents === null ? null : (cents / 100).toFixed(2),
        balanceCurrency: cents === null ? null : "EUR",
        headerColor: color ? (COLOURS[color] ?? null) : null,
      },
    });
  }
  return { rows, problems };
}
