import type { BarcodeFormat } from "@/lib/scan/barcode-format";

// GTIN check digits (GS1 General Specifications §7.9.1): weights 3,1,3,1…
// from the rightmost data digit; the check digit brings the sum to a multiple
// of 10. The same rule covers GTIN-8 (EAN-8), GTIN-12 (UPC-A), GTIN-13
// (EAN-13) and GTIN-14 (ITF-14).

const GTIN_LENGTHS = new Set([8, 12, 13, 14]);

/** Check digit for the data digits of a GTIN (everything but the last digit). */
export function gtinCheckDigit(data: string): number {
  if (!/^\d+$/.test(data)) throw new TypeError("gtinCheckDigit: data must be digits");
  let sum = 0;
  for (let index = 0; index < data.length; index += 1) {
    const fromRight = data.length - 1 - index;
    sum += Number(data[index]) * (fromRight % 2 === 0 ? 3 : 1);
  }
  return (10 - (sum % 10)) % 10;
}

/** True for an 8, 12, 13 or 14 digit GTIN whose last digit is its check digit. */
export function isValidGtin(code: string): boolean {
  if (!/^\d+$/.test(code) || !GTIN_LENGTHS.has(code.length)) return false;
  return gtinCheckDigit(code.slice(0, -1)) === Number(code.slice(-1));
}

/**
 * Expands an 8-digit UPC-E (number system 0 or 1, six digits, check digit) to
 * its 12-digit UPC-A. The check digit is carried over unchanged, because UPC-E
 * has no check digit of its own: it is the UPC-A's. Returns null for anything
 * that is not an 8-digit UPC-E.
 */
export function expandUpcE(code: string): string | null {
  if (!/^[01]\d{7}$/.test(code)) return null;
  const system = code.slice(0, 1);
  const d = code.slice(1, 7);
  const check = code.slice(7);
  const last = d.slice(5);
  let body: string;
  if (last === "0" || last === "1" || last === "2") {
    body = `${d.slice(0, 2)}${last}0000${d.slice(2, 5)}`;
  } else if (last === "3") {
    body = `${d.slice(0, 3)}00000${d.slice(3, 5)}`;
  } else if (last === "4") {
    body = `${d.slice(0, 4)}00000${d.slice(4, 5)}`;
  } else {
    body = `${d.slice(0, 5)}0000${last}`;
  }
  return `${system}${body}${check}`;
}

export function isValidUpcE(code: string): boolean {
  const upcA = expandUpcE(code);
  return upcA !== null && isValidGtin(upcA);
}

/**
 * Whether `value` carries a valid GTIN check digit for `format`.
 * - GTIN formats check their own length: ean_13 (13), ean_8 (8), upc_a (12, or
 *   13 with a leading 0 as some readers report it), upc_e (8, via UPC-A),
 *   itf (ITF-14 only; other ITF lengths carry no check digit).
 * - Any other format, or none, accepts whichever GTIN the digits could be,
 *   including an 8-digit UPC-E: the reader's format is unknown or says nothing
 *   about the payload.
 */
export function hasValidCheckDigit(value: string, format?: BarcodeFormat | null): boolean {
  if (!/^\d+$/.test(value)) return false;
  switch (format) {
    case "ean_13":
      return value.length === 13 && isValidGtin(value);
    case "ean_8":
      return value.length === 8 && isValidGtin(value);
    case "upc_a":
      return (value.length === 12 || (value.length === 13 && value.startsWith("0"))) && isValidGtin(value);
    case "upc_e":
      return isValidUpcE(value);
    case "itf":
      return value.length === 14 && isValidGtin(value);
    default:
      return isValidGtin(value) || isValidUpcE(value);
  }
}
