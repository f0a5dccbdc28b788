// Barcode format names are the BarcodeDetector ones (docs/contract.md, "Scan decisions";
// https://wicg.github.io/shape-detection-api/#barcodeformat-section). Scanners,
// zxing, phone apps and people spell them many ways; everything is normalised
// to these before it is stored or compared.

export const ONE_DIMENSIONAL_FORMATS = [
  "ean_13",
  "ean_8",
  "upc_a",
  "upc_e",
  "code_128",
  "code_39",
  "code_93",
  "codabar",
  "itf",
] as const;

// In this order in the database's barcode_format type too (tests/db/enums.test.ts).
export const BARCODE_FORMATS = [...ONE_DIMENSIONAL_FORMATS, "qr_code", "aztec", "data_matrix", "pdf417"] as const;

export type BarcodeFormat = (typeof BARCODE_FORMATS)[number];

// Keys are spellings reduced by `squash` (lower case, letters and digits only).
// Only unambiguous aliases: "ean" or "upc" alone could be two formats each and
// map to nothing, so the caller sees null rather than a guess. A Map, not an
// object literal, so input like "constructor" cannot reach Object.prototype.
const ALIASES = new Map<string, BarcodeFormat>(
  Object.entries({
    ean13: "ean_13",
    gtin13: "ean_13",
    jan13: "ean_13",
    ean8: "ean_8",
    gtin8: "ean_8",
    upca: "upc_a",
    gtin12: "upc_a",
    upce: "upc_e",
    code128: "code_128",
    gs1128: "code_128",
    ean128: "code_128",
    code39: "code_39",
    code3of9: "code_39",
    // zxing-cpp 3 tells the two modes of Code 39 apart, and the
    // `barcode-detector` ponyfill passes its names on: a full-ASCII symbol
    // comes back as `code_39_extended`. Both are one symbology, drawn again
    // with bwip-js' code39 or code39ext (lib/scan/barcode-encoding.ts).
    code39standard: "code_39",
    code39std: "code_39",
    code39extended: "code_39",
    code39ext: "code_39",
    code39fullascii: "code_39",
    code93: "code_93",
    codabar: "codabar",
    itf: "itf",
    itf14: "itf",
    interleaved2of5: "itf",
    i2of5: "itf",
    qrcode: "qr_code",
    qr: "qr_code",
    aztec: "aztec",
    azteccode: "aztec",
    datamatrix: "data_matrix",
    pdf417: "pdf417",
  } satisfies Record<string, BarcodeFormat>),
);

function squash(input: string): string {
  return input.toLowerCase().replace(/[^a-z0-9]/g, "");
}

export function isBarcodeFormat(value: unknown): value is BarcodeFormat {
  return typeof value === "string" && (BARCODE_FORMATS as readonly string[]).includes(value);
}

/**
 * Maps any common spelling (`EAN-13`, `EAN_13`, `ean13`, `QRCode`, `Code 128`,
 * `DataMatrix`, `PDF_417`, `UPC-A`, …) to the BarcodeDetector name. Unknown or
 * empty input gives null; the caller decides whether that is an error or just
 * an unknown format to store as given.
 */
export function normalizeFormat(input: string | null | undefined): BarcodeFormat | null {
  if (typeof input !== "string") return null;
  // Bound the work for hostile input; no real format name is this long.
  if (input.length > 40) return null;
  return ALIASES.get(squash(input)) ?? null;
}

export function isOneDimensional(format: BarcodeFormat | null | undefined): boolean {
  if (!format) return false;
  return (ONE_DIMENSIONAL_FORMATS as readonly string[]).includes(format);
}
