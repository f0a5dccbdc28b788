import { readFileSync } from "node:fs";
import { createRequire } from "node:module";
import { prepareZXingModule, readBarcodes, type ReadInputBarcodeFormat } from "zxing-wasm/reader";
import type { BarcodeFormat } from "@/lib/scan/barcode-format";
import { expandUpcE } from "@/lib/scan/check-digit";

// Reads barcodes out of a PNG in Node with zxing-wasm, the reader the
// `barcode-detector` ponyfill is built on, so tests check what a real scanner
// would see. The .wasm comes from node_modules, never a CDN.

const ZXING_FORMATS: Record<BarcodeFormat, ReadInputBarcodeFormat> = {
  ean_13: "EAN13",
  ean_8: "EAN8",
  upc_a: "UPCA",
  upc_e: "UPCE",
  code_128: "Code128",
  code_39: "Code39",
  code_93: "Code93",
  codabar: "Codabar",
  itf: "ITF",
  qr_code: "QRCode",
  aztec: "Aztec",
  data_matrix: "DataMatrix",
  pdf417: "PDF417",
};

let prepared = false;

function prepare(): void {
  if (prepared) return;
  const wasmPath = createRequire(import.meta.url).resolve("zxing-wasm/reader/zxing_reader.wasm");
  const bytes = readFileSync(wasmPath);
  prepareZXingModule({
    overrides: { wasmBinary: bytes.buffer.slice(bytes.byteOffset, bytes.byteOffset + bytes.byteLength) as ArrayBuffer },
  });
  prepared = true;
}

/** The texts of every barcode of `format` found in the image. */
export async function decodeBarcodes(png: Uint8Array, format: BarcodeFormat): Promise<string[]> {
  prepare();
  const results = await readBarcodes(png, { formats: [ZXING_FORMATS[format]], tryHarder: true });
  return results.filter((result) => result.isValid).map((result) => result.text);
}

/**
 * Everything zxing-wasm reads in an encoded image (JPEG, PNG, …) or in RGBA
 * pixels, with its default options (all formats, try harder, rotate, invert,
 * downscale): what zxing-wasm itself makes of a picture.
 */
export async function readAllBarcodes(
  image: Uint8Array | { data: Uint8ClampedArray; width: number; height: number },
): Promise<{ text: string; format: string }[]> {
  prepare();
  const results = await readBarcodes(image instanceof Uint8Array ? image : (image as ImageData));
  return results.filter((result) => result.isValid).map((result) => ({ text: result.text, format: result.format }));
}

/**
 * What a reader gives back for a card value drawn in `format`: the value
 * itself, except that zxing reports Codabar with the A…A start/stop letters we
 * add, UPC-A and UPC-E as 13 digits (UPC-E expanded), and an odd-length ITF
 * with the leading 0 it needs.
 */
export function expectedReading(value: string, format: BarcodeFormat): string {
  if (format === "codabar" && !/^[A-D].*[A-D]$/i.test(value)) return `A${value}A`;
  if (format === "upc_e" && value.length === 8) return `0${expandUpcE(value)}`;
  if (format === "upc_a" && value.length === 12) return `0${value}`;
  if (format === "itf" && value.length % 2 === 1) return `0${value}`;
  return value;
}
