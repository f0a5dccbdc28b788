import { z } from "zod";
import { AppError, errorText, type ErrorText } from "@/lib/http/errors";
import { giveWay } from "@/lib/http/give-way";
import type { BarcodeFormat } from "@/lib/scan/barcode-format";
import { readZipEntry, zipEntryNames } from "@/lib/scan/read-zip-entry";
import { CARD_PHOTO_BYTES, type BarcodeTextEncoding } from "@/lib/scan/schemas";
import {
  measureJson,
  NO_EXTRAS,
  readDate,
  type WalletFileProblem,
  type WalletFileRead,
  type WalletFileRow,
} from "@/lib/scan/wallet-file";

// Apple Wallet passes (docs/import-export.md): a `.pkpass` is a zip holding
// `pass.json` beside its images and signature; a `.pkpasses` bundle is a zip
// of such passes. Read as Apple's PassKit reference describes pass.json: the
// barcode from `barcodes` (or the older single `barcode`) with its format,
// text encoding and the text printed under it; the store from
// `organizationName`, the label from `description`, the expiry from
// `expirationDate`, the header colour from `backgroundColor`, a voided pass
// archived, and a balance where a field carries an amount in a currency.
// The signature is not checked: the household imports its own passes. A
// pass without a barcode is reported, not given one.

export const PASS_JSON = "pass.json";
const PASS_JSON_MAX_BYTES = 256 * 1024;
/**
 * A pass inside a bundle: its pass.json and images. With BUNDLE_MAX_PASSES,
 * it also bounds a bundle's logos: 20 passes of 2 MiB are 40 MiB at most, the
 * bound on a file's pictures (IMPORT_LIMITS.photoBytes).
 */
const PASS_MAX_BYTES = 2 * 1024 * 1024;
/** A pass's logo, the size a phone shows best first: what the card is shown with, as its icon. */
const PASS_LOGOS = ["logo@2x.png", "logo@3x.png", "logo.png", "icon@2x.png", "icon.png"];
/** Apple lets a bundle carry ten passes; a few more are read, no more. */
const BUNDLE_MAX_PASSES = 20;
/** pass.json nests a few levels (a style's fields, a barcode, semantics); a text deeper is no pass. */
const PASS_MAX_DEPTH = 10;

const FORMATS: Record<string, BarcodeFormat> = {
  PKBarcodeFormatQR: "qr_code",
  PKBarcodeFormatPDF417: "pdf417",
  PKBarcodeFormatAztec: "aztec",
  PKBarcodeFormatCode128: "code_128",
};

const ENCODINGS: Record<string, BarcodeTextEncoding> = { "iso-8859-1": "ISO-8859-1", "utf-8": "UTF-8" };

const barcode = z.object({
  format: z.string(),
  message: z.string(),
  messageEncoding: z.string().optional(),
  altText: z.string().optional(),
});

const field = z.looseObject({ value: z.unknown(), currencyCode: z.string().optional() });
const fields = z.array(field).optional().catch(undefined);
const style = z
  .looseObject({
    headerFields: fields,
    primaryFields: fields,
    secondaryFields: fields,
    auxiliaryFields: fields,
  })
  .optional()
  .catch(undefined);

const passJson = z.looseObject({
  organizationName: z.string().optional().catch(undefined),
  description: z.string().optional().catch(undefined),
  barcodes: z.array(barcode).optional().catch(undefined),
  barcode: barcode.optional().catch(undefined),
  expirationDate: z.string().optional().catch(undefined),
  voided: z.boolean().optional().catch(undefined),
  backgroundColor: z.string().optional().catch(undefined),
  storeCard: style,
  coupon: style,
  generic: style,
  eventTicket: style,
  boardingPass: style,
});

/** One `.pkpass`. */
export async function readPass(bytes: Uint8Array): Promise<WalletFileRead> {
  const read = await passWithIcon(bytes, 1);
  return "reason" in read ? { rows: [], problems: [read] } : { rows: [read], problems: [] };
}

/** A pass's card with its logo as the card's icon, as Catima takes a pass's. */
async function passWithIcon(pass: Uint8Array, line: number): Promise<WalletFileRow | WalletFileProblem> {
  const read = await passRow(await readZipEntry(pass, { name: PASS_JSON, maxBytes: PASS_JSON_MAX_BYTES }), line);
  if ("reason" in read) return read;
  const names = new Set(zipEntryNames(pass));
  const name = PASS_LOGOS.find((logo) => names.has(logo));
  if (name === undefined) return read;
  try {
    return {
      ...read,
      photos: { icon: { name, bytes: await readZipEntry(pass, { name, maxBytes: CARD_PHOTO_BYTES }) } },
    };
  } catch (error) {
    if (!(error instanceof AppError) || error.text?.key !== "wallet.zip.tooLarge") throw error;
    const reason = errorText("wallet.row.photoTooLarge", { name, mib: CARD_PHOTO_BYTES / 1024 / 1024 });
    return { line, reason, store: read.store, value: read.value };
  }
}

/** A `.pkpasses` bundle: each pass a row, one that cannot be read a problem of its own. */
export async function readPassBundle(bytes: Uint8Array, names: string[]): Promise<WalletFileRead> {
  if (names.length > BUNDLE_MAX_PASSES)
    throw new AppError("payload_too_large", errorText("wallet.file.passBundleTooLarge", { max: BUNDLE_MAX_PASSES }));
  const rows: WalletFileRow[] = [];
  const problems: WalletFileProblem[] = [];
  for (const [index, name] of names.entries()) {
    await giveWay();
    const pass = await readZipEntry(bytes, { name, maxBytes: PASS_MAX_BYTES });
    let read: WalletFileRow | WalletFileProblem;
    try {
      read = await passWithIcon(pass, index + 1);
    } catch (error) {
      if (!(error instanceof AppError) || error.code === "payload_too_large") throw error;
      read = problemOf(index + 1, errorText("wallet.row.passUnreadable", { name: name.slice(0, 80) }));
    }
    if ("reason" in read) problems.push(read);
    else rows.push(read);
  }
  return { rows, problems };
}

async function passRow(json: Uint8Array, line: number): Promise<WalletFileRow | WalletFileProblem> {
  // JSON.parse cannot give way: a pass.json nested past any pass is refused unparsed.
  if ((await measureJson(json, PASS_MAX_DEPTH)).depth > PASS_MAX_DEPTH)
    return problemOf(line, errorText("wallet.row.passJson"));
  let document: unknown;
  try {
    document = JSON.parse(new TextDecoder("utf-8", { fatal: true }).decode(json));
  } catch {
    return problemOf(line, errorText("wallet.row.passJson"));
  }
  const parsed = passJson.safeParse(document);
  if (!parsed.success) return problemOf(line, errorText("wallet.row.passJson"));
  const pass = parsed.data;
  const store = pass.organizationName?.trim() ?? "";
  const code = pass.barcodes?.[0] ?? pass.barcode;
  const value = code?.message.trim() ?? "";
  const problem = (reason: ErrorText) => ({ line, reason, store: store || null, value: value || null });
  if (!store) return problem(errorText("wallet.row.noStore"));
  if (!code) return problem(errorText("wallet.row.passNoBarcode"));
  if (!value) return problem(errorText("wallet.row.noNumber"));
  const format = FORMATS[code.format];
  if (!format) return problem(errorText("wallet.row.catimaBarcodeType", { type: code.format.slice(0, 40) }));
  const printed = code.altText?.trim();
  const balance = balanceOf(pass);
  return {
    line,
    store,
    value,
    format,
    label: pass.description?.trim() ?? "",
    person: null,
    groups: [],
    extras: {
      ...NO_EXTRAS,
      expiry: instantOf(pass.expirationDate),
      balance: balance?.amount ?? null,
      balanceCurrency: balance?.currency ?? null,
      headerColor: colourOf(pass.backgroundColor),
      archived: pass.voided === true,
      printedNumber: printed && printed !== value ? printed : null,
      barcodeEncoding: ENCODINGS[code.messageEncoding?.toLowerCase() ?? ""] ?? null,
    },
  };
}

function problemOf(line: number, reason: ErrorText): WalletFileProblem {
  return { line, reason, store: null, value: null };
}

/** A W3C date-time (`2026-12-31T23:59+00:00`), or a day alone on the household's clock; null when it is neither. */
function instantOf(text: string | undefined): Date | null {
  if (text && /^\d{4}-\d{2}-\d{2}$/.test(text)) return readDate(text);
  if (!text || !/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}(:\d{2}(\.\d+)?)?(Z|[+-]\d{2}:?\d{2})$/.test(text)) return null;
  const at = new Date(text);
  return Number.isNaN(at.getTime()) ? null : at;
}

/** `rgb(23, 187, 82)` as PassKit writes a colour, or `#17bb52` as some issuers do. */
function colourOf(text: string | undefined): string | null {
  const hex = /^#([0-9a-f]{6})$/i.exec(text?.trim() ?? "");
  if (hex) return `#${hex[1]!.toLowerCase()}`;
  const rgb = /^rgb\(\s*(\d{1,3})\s*,\s*(\d{1,3})\s*,\s*(\d{1,3})\s*\)$/i.exec(text?.trim() ?? "");
  if (!rgb) return null;
  const parts = rgb.slice(1, 4).map(Number);
  if (parts.some((part) => part > 255)) return null;
  return `#${parts.map((part) => part.toString(16).padStart(2, "0")).join("")}`;
}

/** The first field that holds an amount in a currency (a gift card's balance). */
function balanceOf(pass: z.infer<typeof passJson>): { amount: string; currency: string } | null {
  for (const kind of [pass.storeCard, pass.coupon, pass.generic, pass.eventTicket, pass.boardingPass]) {
    if (!kind) continue;
    for (const list of [kind.headerFields, kind.primaryFields, kind.secondaryFields, kind.auxiliaryFields]) {
      for (const item of list ?? []) {
        const currency = item.currencyCode?.toUpperCase();
        if (typeof item.value !== "number" || !currency || !/^[A-Z]{3}$/.test(currency)) continue;
        if (!Number.isFinite(item.value) || item.value < 0 || item.value >= 1e10) continue;
        return { amount: item.value.toFixed(2), currency };
      }
    }
  }
  return null;
}
