import { describe, expect, it } from "vitest";
import {
  BARCODE_FORMATS,
  isBarcodeFormat,
  isOneDimensional,
  normalizeFormat,
  ONE_DIMENSIONAL_FORMATS,
  type BarcodeFormat,
} from "@/lib/scan/barcode-format";

describe("BARCODE_FORMATS", () => {
  it("lists the 13 BarcodeDetector names", () => {
    expect(BARCODE_FORMATS).toEqual([
      "ean_13",
      "ean_8",
      "upc_a",
      "upc_e",
      "code_128",
      "code_39",
      "code_93",
      "codabar",
      "itf",
      "qr_code",
      "aztec",
      "data_matrix",
      "pdf417",
    ]);
  });

  it("maps every canonical name to itself", () => {
    for (const format of BARCODE_FORMATS) expect(normalizeFormat(format)).toBe(format);
  });
});

describe("normalizeFormat", () => {
  it.each<[string, BarcodeFormat]>([
    ["EAN-13", "ean_13"],
    ["EAN_13", "ean_13"],
    ["ean13", "ean_13"],
    ["EAN13", "ean_13"],
    ["ean 13", "ean_13"],
    ["  ean_13  ", "ean_13"],
    ["GTIN-13", "ean_13"],
    ["EAN-8", "ean_8"],
    ["EAN_8", "ean_8"],
    ["ean8", "ean_8"],
    ["UPC-A", "upc_a"],
    ["UPC_A", "upc_a"],
    ["upca", "upc_a"],
    ["UPC-E", "upc_e"],
    ["upce", "upc_e"],
    ["CODE128", "code_128"],
    ["Code 128", "code_128"],
    ["CODE_128", "code_128"],
    ["Code128", "code_128"],
    ["GS1-128", "code_128"],
    ["CODE_39", "code_39"],
    ["Code39", "code_39"],
    ["Code 3 of 9", "code_39"],
    ["code_39_extended", "code_39"], // zxing-cpp 3's full-ASCII Code 39, as barcode-detector names it
    ["code_39_standard", "code_39"],
    ["Code39Ext", "code_39"],
    ["Code 39 Full ASCII", "code_39"],
    ["CODE_93", "code_93"],
    ["Code93", "code_93"],
    ["CODABAR", "codabar"],
    ["Codabar", "codabar"],
    ["ITF", "itf"],
    ["ITF-14", "itf"],
    ["Interleaved 2 of 5", "itf"],
    ["QR_CODE", "qr_code"],
    ["QRCode", "qr_code"],
    ["QR Code", "qr_code"],
    ["qr", "qr_code"],
    ["QR", "qr_code"],
    ["AZTEC", "aztec"],
    ["Aztec", "aztec"],
    ["DataMatrix", "data_matrix"],
    ["DATA_MATRIX", "data_matrix"],
    ["data-matrix", "data_matrix"],
    ["PDF_417", "pdf417"],
    ["PDF417", "pdf417"],
    ["pdf-417", "pdf417"],
  ])("normalises %j to %s", (input, expected) => {
    expect(normalizeFormat(input)).toBe(expected);
  });

  it.each([
    "",
    "   ",
    "ean",
    "upc",
    "unknown",
    "MaxiCode",
    "MicroQRCode",
    "DataBar",
    "rss_14",
    "code_11",
    "constructor",
    "toString",
    "__proto__",
    "hasOwnProperty",
    "ean_13".repeat(10),
  ])("gives null for %j", (input) => {
    expect(normalizeFormat(input)).toBeNull();
  });

  it.each([null, undefined])("gives null for %s", (input) => {
    expect(normalizeFormat(input)).toBeNull();
  });
});

describe("isOneDimensional", () => {
  it.each<[BarcodeFormat, boolean]>([
    ["ean_13", true],
    ["ean_8", true],
    ["upc_a", true],
    ["upc_e", true],
    ["code_128", true],
    ["code_39", true],
    ["code_93", true],
    ["codabar", true],
    ["itf", true],
    ["qr_code", false],
    ["aztec", false],
    ["data_matrix", false],
    ["pdf417", false],
  ])("%s → %s", (format, expected) => {
    expect(isOneDimensional(format)).toBe(expected);
  });

  it("is false when the format is unknown", () => {
    expect(isOneDimensional(null)).toBe(false);
    expect(isOneDimensional(undefined)).toBe(false);
  });

  it("covers every format exactly once between 1-D and 2-D", () => {
    expect(ONE_DIMENSIONAL_FORMATS.every((format) => isBarcodeFormat(format))).toBe(true);
    expect(BARCODE_FORMATS.filter(isOneDimensional)).toEqual([...ONE_DIMENSIONAL_FORMATS]);
  });
});

describe("isBarcodeFormat", () => {
  it("accepts only canonical names", () => {
    expect(isBarcodeFormat("ean_13")).toBe(true);
    expect(isBarcodeFormat("EAN_13")).toBe(false);
    expect(isBarcodeFormat("ean13")).toBe(false);
    expect(isBarcodeFormat(13)).toBe(false);
    expect(isBarcodeFormat(undefined)).toBe(false);
  });
});
