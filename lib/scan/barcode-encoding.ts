import { BARCODE_FORMATS, isOneDimensional, normalizeFormat, type BarcodeFormat } from "@/lib/scan/barcode-format";
import { expandUpcE, isValidGtin } from "@/lib/scan/check-digit";

// How a card's value is drawn at the till: our format names (the
// BarcodeDetector ones) mapped to bwip-js encoders, with the quiet zone each
// symbology's specification asks for. Pure, so the mapping is unit-tested and
// shared by the checkout view and the add-card preview.

export const FORMAT_LABELS: Record<BarcodeFormat, string> = {
  ean_13: "EAN-13",
  ean_8: "EAN-8",
  upc_a: "UPC-A",
  upc_e: "UPC-E",
  code_128: "Code 128",
  code_39: "Code 39",
  code_93: "Code 93",
  codabar: "Codabar",
  itf: "ITF",
  qr_code: "QR code",
  aztec: "Aztec",
  data_matrix: "Data Matrix",
  pdf417: "PDF417",
};

/** The bwip-js encoders we use; each is also a named export of `bwip-js/browser`, so the bundle keeps only these. */
export const BWIP_ENCODERS = [
  "azteccode",
  "rationalizedCodabar",
  "code39",
  "code39ext",
  "code93",
  "code93ext",
  "code128",
  "datamatrix",
  "ean8",
  "ean13",
  "interleaved2of5",
  "pdf417",
  "qrcode",
  "upca",
  "upce",
] as const;

export type BwipEncoder = (typeof BWIP_ENCODERS)[number];

export type BarcodeEncoding = {
  format: BarcodeFormat;
  encoder: BwipEncoder;
  /** What bwip-js encodes; differs from the card's value only where the symbology needs it (Codabar start/stop). */
  text: string;
  /** bwip-js options beyond text and scale. */
  options: { includecheck?: boolean; eclevel?: string; binarytext?: boolean };
  twoDimensional: boolean;
  /** Blank modules on every side (ISO/IEC and GS1 minimums, rounded up where a till scanner benefits). */
  quietZone: number;
  /** True when the stored format was unknown and Code 128 is used instead. */
  fallback: boolean;
};

// Code 39 and Code 93 draw these characters directly; anything else needs the
// "extended" (full ASCII) variant, which standard readers decode back.
const CODE39_BASIC = /^[0-9A-Z\-. $/+%]*$/;
const LATIN1 = /^[\u0000-\u00ff]*$/;
const CODABAR_START_STOP = /^[A-D].*[A-D]$/i;

/**
 * The bwip-js encoder and input for a card value in one of our formats. An
 * unknown format (an old row, a reader's odd name) falls back to Code 128,
 * which can carry any ASCII value. Whether the value fits the format (digits,
 * check digit, length) is left to bwip-js, whose messages say what is wrong.
 */
export function barcodeEncoding(format: string | null | undefined, value: string): BarcodeEncoding {
  const canonical = normalizeFormat(format);
  const chosen = canonical ?? "code_128";
  const fallback = canonical === null;
  const twoDimensional = !isOneDimensional(chosen);
  const base = { format: chosen, text: value, options: {}, twoDimensional, fallback };
  switch (chosen) {
    case "ean_13":
      return { ...base, encoder: "ean13", quietZone: 11 };
    case "ean_8":
      return { ...base, encoder: "ean8", quietZone: 7 };
    case "upc_a":
      return { ...base, encoder: "upca", quietZone: 9 };
    case "upc_e": {
      // zxing reports a UPC-E as its expanded UPC-A ("0012345000065"): draw
      // that back as the 8-digit UPC-E, or as the UPC-A it stands for.
      const digits = /^0?\d{12}$/.test(value) ? value.slice(-12) : null;
      if (digits === null) return { ...base, encoder: "upce", quietZone: 9 };
      const short = compressUpcA(digits);
      return short
        ? { ...base, encoder: "upce", text: short, quietZone: 9 }
        : { ...base, encoder: "upca", text: digits, quietZone: 9 };
    }
    case "code_128":
      // Code 128 carries Latin-1 (ISO/IEC 15417), which is how readers decode
      // it: hand bwip-js "ã" as one byte, not as its two UTF-8 bytes.
      return { ...base, encoder: "code128", options: { binarytext: LATIN1.test(value) }, quietZone: 10 };
    case "code_39":
      return { ...base, encoder: CODE39_BASIC.test(value) ? "code39" : "code39ext", quietZone: 10 };
    case "code_93":
      // Code 93's two check characters are mandatory: readers refuse a symbol without them.
      return {
        ...base,
        encoder: CODE39_BASIC.test(value) ? "code93" : "code93ext",
        options: { includecheck: true },
        quietZone: 10,
      };
    case "codabar":
      // Readers (zxing included) report Codabar with its start/stop letters; a
      // value typed without them gets A…A, as Catima's writer does.
      return {
        ...base,
        encoder: "rationalizedCodabar",
        text: CODABAR_START_STOP.test(value) ? value.toUpperCase() : `A${value}A`,
        quietZone: 10,
      };
    case "itf":
      return { ...base, encoder: "interleaved2of5", quietZone: 10 };
    case "qr_code":
      return { ...base, encoder: "qrcode", options: { eclevel: "M" }, quietZone: 4 };
    case "aztec":
      return { ...base, encoder: "azteccode", quietZone: 2 };
    case "data_matrix":
      return { ...base, encoder: "datamatrix", quietZone: 2 };
    case "pdf417":
      return { ...base, encoder: "pdf417", quietZone: 2 };
  }
}

/**
 * The 8-digit UPC-E for a 12-digit UPC-A, or null when the UPC-A has no
 * zero-suppressed form (GS1 General Specifications §5.2.2.4.2; the inverse of
 * `expandUpcE`).
 */
export function compressUpcA(upcA: string): string | null {
  if (!/^[01]\d{11}$/.test(upcA)) return null;
  const system = upcA.slice(0, 1);
  const maker = upcA.slice(1, 6);
  const item = upcA.slice(6, 11);
  const check = upcA.slice(11);
  let body: string | null = null;
  if (/^[012]$/.test(maker[2]!) && maker.endsWith("00") && item.startsWith("00")) {
    body = `${maker.slice(0, 2)}${item.slice(2)}${maker[2]}`;
  } else if (maker.endsWith("00") && item.startsWith("000")) {
    body = `${maker.slice(0, 3)}${item.slice(3)}3`;
  } else if (maker.endsWith("0") && item.startsWith("0000")) {
    body = `${maker.slice(0, 4)}${item.slice(4)}4`;
  } else if (item.startsWith("0000") && Number(item[4]) >= 5) {
    body = `${maker}${item[4]}`;
  }
  if (body === null) return null;
  const short = `${system}${body}${check}`;
  return expandUpcE(short) === upcA ? short : null;
}

/**
 * The format a typed card number most likely has: a valid EAN-13, EAN-8 or
 * UPC-A check digit names its symbology; anything else is drawn as Code 128,
 * which every till scanner reads and which carries any ASCII text.
 */
export function guessFormat(value: string): BarcodeFormat {
  const text = value.trim();
  if (/^\d{13}$/.test(text) && isValidGtin(text)) return "ean_13";
  if (/^\d{8}$/.test(text) && isValidGtin(text)) return "ean_8";
  if (/^\d{12}$/.test(text) && isValidGtin(text)) return "upc_a";
  return "code_128";
}

/** A bwip-js error ("bwipp.ean13badCheckDigit#6915: Incorrect EAN-13 check digit provided") as a sentence for people. */
export function describeEncodingError(error: unknown, format: BarcodeFormat): string {
  const detail = encodingErrorDetail(error);
  const label = FORMAT_LABELS[format];
  return detail
    ? `This number cannot be drawn as ${label}: ${detail}.`.replace(/\.\.$/, ".")
    : `This number cannot be drawn as ${label}.`;
}

/** The encoder's own words for why it refused, without its prefix ("" when it gave none). */
export function encodingErrorDetail(error: unknown): string {
  const raw = error instanceof Error ? error.message : String(error);
  return raw
    .replace(/^bwipp?\.[\w#]+:\s*/, "")
    .replace(/^bwip-js:\s*/, "")
    .trim();
}

export const FORMAT_OPTIONS = BARCODE_FORMATS.map((format) => ({ value: format, label: FORMAT_LABELS[format] }));
