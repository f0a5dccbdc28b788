import type { BarcodeFormat } from "@/lib/scan/barcode-format";

// Catima (https://github.com/CatimaLoyalty/Android, GPL-3.0) names a card's
// barcode type by zxing's BarcodeFormat enum constant (`CatimaBarcode.name()`),
// and reads it back with `BarcodeFormat.valueOf`, which is exact: these are the
// thirteen Catima can draw, each one of ours. Nothing is copied from Catima.

export const CATIMA_BARCODE_NAMES: Record<BarcodeFormat, string> = {
  aztec: "AZTEC",
  code_39: "CODE_39",
  code_93: "CODE_93",
  code_128: "CODE_128",
  codabar: "CODABAR",
  data_matrix: "DATA_MATRIX",
  ean_8: "EAN_8",
  ean_13: "EAN_13",
  itf: "ITF",
  pdf417: "PDF_417",
  qr_code: "QR_CODE",
  upc_a: "UPC_A",
  upc_e: "UPC_E",
};

const FROM_CATIMA = new Map(
  Object.entries(CATIMA_BARCODE_NAMES).map(([format, name]) => [name, format as BarcodeFormat]),
);

/** Our format for a Catima barcode type name, or null for one we cannot draw (MAXICODE, RSS_14, …). */
export function fromCatimaBarcodeName(name: string): BarcodeFormat | null {
  return FROM_CATIMA.get(name.trim()) ?? null;
}
