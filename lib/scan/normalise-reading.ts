import type { BarcodeFormat } from "@/lib/scan/barcode-format";
import { compressUpcA } from "@/lib/scan/barcode-encoding";
import { expandUpcE, gtinCheckDigit, isValidGtin, isValidUpcE } from "@/lib/scan/check-digit";

// One barcode is written several ways by readers, wallet apps and people:
// zxing-wasm gives a UPC-E as its 13-digit GTIN and a Codabar with its start
// and stop letters, Catima and zxing's own tests give the 8 digits and the
// bare data, a phone's BarcodeDetector a UPC-A as 12 digits where zxing gives
// 13. Labs keeps each one way (docs/decisions/027-one-reading-one-value.md):
// a card as its symbol is printed, which bwip-js draws back bar for bar; a
// product as its GTIN, the key Open Food Facts and the shops' prices use.
// Pure, so the page, the server and the wallet import share it.

/** A code as a reader, a file or a person gives it; `format` null when none is known. */
export type Reading = { value: string; format: BarcodeFormat | null };

/** The symbologies that carry a GTIN; a code of unknown symbology may be one too. */
const GTIN_FORMATS: ReadonlySet<BarcodeFormat> = new Set(["ean_13", "ean_8", "upc_a", "upc_e", "itf"]);

const CODABAR_DATA = "[0-9$:/.+-]";
const CODABAR_BARE = new RegExp(`^${CODABAR_DATA}+$`);
const CODABAR_GUARDED = new RegExp(`^([A-DTNE*])(${CODABAR_DATA}*)([A-DTNE*])$`, "i");
/** Older names of Codabar's four start/stop characters (ANSI/AIM BC3), the same bars as A–D. */
const CODABAR_ALIASES: Record<string, string> = { T: "A", N: "B", "*": "C", E: "D" };

/**
 * The value as its symbol is printed: what a card keeps, and what bwip-js
 * takes to draw it again bar for bar (lib/scan/barcode-encoding.ts).
 * - Codabar with its start and stop letters, A–D in capitals (T, N, * and E
 *   are other names of the same four); without them it gets A…A, which is
 *   what bwip-js and Catima draw for a bare value. bwip-js refuses a Codabar
 *   without its letters, and a reader gives back the letters that are printed.
 * - UPC-E as its 8 digits (number system, six digits, check digit), however
 *   it came: as the 12- or 13-digit UPC-A it stands for (zxing), or without
 *   its check digit or number system (7 or 6 digits). bwip-js draws 7 or 8.
 * - UPC-A as its 12 digits, without the 0 of its 13-digit form. bwip-js
 *   draws 11 or 12.
 * - Anything else as it is. So is a value that is not what its format says
 *   (a UPC-E with a wrong check digit): drawing it then says what is wrong.
 */
export function normaliseReading({ value, format }: Reading): string {
  switch (format) {
    case "codabar":
      return codabarAsPrinted(value);
    case "upc_e":
      return upcEOf(value) ?? value;
    case "upc_a":
      return /^0\d{12}$/.test(value) && isValidGtin(value) ? value.slice(1) : value;
    default:
      return value;
  }
}

/**
 * The code a product keeps: its GTIN as Open Food Facts keys products
 * (`normalize_code` in ProductOpener; docs/open-food-facts.md). A UPC-E
 * becomes the UPC-A it stands for, with the check digit both share; a
 * GTIN-12 (UPC-A) gets the 0 of its 13-digit form; a GTIN-14 that starts
 * with 0 loses it; an EAN-8 written in 13 digits (00000…) is its 8. Only a
 * GTIN symbology (EAN, UPC, ITF) or a code of unknown symbology is read so;
 * other symbols (Code 128, QR…) carry no GTIN and are kept as read.
 */
export function productCodeOf(reading: Reading): string {
  const { format } = reading;
  const value = normaliseReading(reading);
  if (format !== null && !GTIN_FORMATS.has(format)) return value;
  if (format === "upc_e" && isValidUpcE(value)) return `0${expandUpcE(value)}`;
  if (!/^\d+$/.test(value)) return value;
  let code = value;
  // OFF pads only a 12-digit code whose check digit is right: another one
  // may be an EAN-13 missing a digit.
  if (code.length === 12 && isValidGtin(code)) code = `0${code}`;
  if (code.length === 14 && code.startsWith("0")) code = code.slice(1);
  if (code.length === 13 && code.startsWith("00000")) code = code.slice(5);
  return code;
}

/**
 * The other values a card of this code may be stored under, besides its
 * product code: a UPC-A as printed (12 digits) and, where it has one, as
 * the UPC-E it can be printed as (8 digits). A scan is keyed by its product
 * code while a card keeps what was printed; lib/scan/record-scan.ts looks
 * these up so a scanned card is still that card.
 */
export function cardValuesOf(reading: Reading): string[] {
  const code = productCodeOf(reading);
  const values = new Set([normaliseReading(reading)]);
  if ((reading.format === null || GTIN_FORMATS.has(reading.format)) && /^0\d{12}$/.test(code)) {
    const upcA = code.slice(1);
    values.add(upcA);
    const upcE = compressUpcA(upcA);
    if (upcE) values.add(upcE);
  }
  values.delete(code);
  return [...values];
}

/**
 * Whether `reading` carries the code `expected` names, written as a person
 * or zxing's own test files write it: the same text; or the same product
 * code (a UPC-A in 12 or 13 digits, a UPC-E in 8 or as its UPC-A); or, for
 * Codabar, the same data between the start and stop letters, which such a
 * text leaves out and a reader gives. For bench/corpus.ts, which counts a
 * reading as read when it says the same.
 */
export function readsAs(reading: Reading, expected: string): boolean {
  if (reading.value === expected) return true;
  if (reading.format === "codabar") return codabarData(reading.value) === codabarData(expected);
  if (!/^\d+$/.test(expected) || !/^\d+$/.test(reading.value)) return false;
  return productCodeOf({ value: expected, format: reading.format }) === productCodeOf(reading);
}

/**
 * The 8-digit UPC-E (number system 0 or 1, six digits, check digit) of a
 * value written as one: in 8 digits with the right check digit; in 7 or 6
 * (no check digit; no number system, which is then 0), the check digit
 * worked out from the UPC-A it stands for; or as that UPC-A, in 12 or 13
 * digits, when it has a zero-suppressed form. Null for anything else.
 */
export function upcEOf(value: string): string | null {
  const digits = /^0\d{12}$/.test(value) ? value.slice(1) : value;
  if (/^\d{12}$/.test(digits)) return isValidGtin(digits) ? compressUpcA(digits) : null;
  const withSystem = /^\d{6}$/.test(digits) ? `0${digits}` : digits;
  if (/^[01]\d{6}$/.test(withSystem)) {
    // Expanding does not look at the check digit: any placeholder gives the UPC-A's data digits.
    const upcA = expandUpcE(`${withSystem}0`)!;
    return `${withSystem}${gtinCheckDigit(upcA.slice(0, -1))}`;
  }
  return isValidUpcE(withSystem) ? withSystem : null;
}

function codabarAsPrinted(value: string): string {
  const guarded = CODABAR_GUARDED.exec(value);
  if (guarded) {
    const [, start, data, stop] = guarded as unknown as [string, string, string, string];
    const letter = (guard: string) => CODABAR_ALIASES[guard.toUpperCase()] ?? guard.toUpperCase();
    return `${letter(start)}${data}${letter(stop)}`;
  }
  return CODABAR_BARE.test(value) ? `A${value}A` : value;
}

/** Codabar's data: what lies between its start and stop letters. */
function codabarData(value: string): string {
  return CODABAR_GUARDED.exec(value)?.[2] ?? value;
}
