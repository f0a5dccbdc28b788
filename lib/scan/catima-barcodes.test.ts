import { describe, expect, it } from "vitest";
import { BARCODE_FORMATS } from "@/lib/scan/barcode-format";
import { CATIMA_BARCODE_NAMES, fromCatimaBarcodeName } from "@/lib/scan/catima-barcodes";

describe("Catima barcode type names", () => {
  it("names every format as Catima does and reads it back", () => {
    for (const format of BARCODE_FORMATS) expect(fromCatimaBarcodeName(CATIMA_BARCODE_NAMES[format])).toBe(format);
  });

  it.each([
    ["CODE_128", "code_128"],
    ["EAN_13", "ean_13"],
    ["QR_CODE", "qr_code"],
    ["AZTEC", "aztec"],
    ["PDF_417", "pdf417"],
    ["DATA_MATRIX", "data_matrix"],
    ["ITF", "itf"],
    ["CODABAR", "codabar"],
    ["UPC_A", "upc_a"],
    ["UPC_E", "upc_e"],
    ["EAN_8", "ean_8"],
    ["CODE_39", "code_39"],
    ["CODE_93", "code_93"],
  ])("reads %s", (name, format) => {
    expect(fromCatimaBarcodeName(name)).toBe(format);
  });

  it.each(["MAXICODE", "RSS_14", "RSS_EXPANDED", "UPC_EAN_EXTENSION", "qr_code", "constructor", ""])(
    "draws no %j",
    (name) => {
      expect(fromCatimaBarcodeName(name)).toBeNull();
    },
  );
});
