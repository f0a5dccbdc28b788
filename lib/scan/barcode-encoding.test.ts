import bwipjs from "bwip-js/node";
import { describe, expect, it } from "vitest";
import {
  barcodeEncoding,
  BWIP_ENCODERS,
  compressUpcA,
  describeEncodingError,
  FORMAT_LABELS,
  guessFormat,
} from "@/lib/scan/barcode-encoding";
import { BARCODE_FORMATS, type BarcodeFormat } from "@/lib/scan/barcode-format";
import { expandUpcE } from "@/lib/scan/check-digit";
import { decodeBarcodes, expectedReading } from "@/tests/support/decode-barcode";

// One realistic card value per format, drawn by bwip-js as the checkout view
// draws it and read back by zxing, the reader inside barcode-detector.
const SAMPLES: [BarcodeFormat, string][] = [
  ["ean_13", "5601234567892"],
  ["ean_8", "96385074"],
  ["upc_a", "036000291452"],
  ["upc_e", "01234565"],
  ["code_128", "Cartão-Família 0042"],
  ["code_39", "CLUB-12345"],
  ["code_93", "LOJA93-77"],
  ["codabar", "A40156B"],
  ["itf", "12345678901231"],
  ["qr_code", "https://example.pt/cartao?id=7&nome=João"],
  ["aztec", "AZTEC-CARD-991"],
  ["data_matrix", "DM 0001 2345"],
  ["pdf417", "PDF417 loyalty 55"],
];

async function roundTrip(format: BarcodeFormat, value: string): Promise<string[]> {
  const encoding = barcodeEncoding(format, value);
  const png = await bwipjs.toBuffer({
    bcid: encoding.encoder,
    text: encoding.text,
    ...encoding.options,
    scale: 3,
    paddingwidth: encoding.quietZone * 2,
    paddingheight: encoding.quietZone * 2,
    backgroundcolor: "FFFFFF",
  });
  return decodeBarcodes(new Uint8Array(png), format);
}

describe("barcodeEncoding", () => {
  it("covers every format with a label and an encoder of our list", () => {
    for (const format of BARCODE_FORMATS) {
      expect(FORMAT_LABELS[format]).toBeTruthy();
      expect(BWIP_ENCODERS).toContain(barcodeEncoding(format, "1").encoder);
    }
  });

  it.each(SAMPLES)("draws %s so that a reader gets %s back", async (format, value) => {
    expect(await roundTrip(format, value)).toEqual([expectedReading(value, format)]);
  });

  it.each([
    ["ean_13", "ean13", 11],
    ["ean_8", "ean8", 7],
    ["upc_a", "upca", 9],
    ["code_128", "code128", 10],
    ["itf", "interleaved2of5", 10],
    ["qr_code", "qrcode", 4],
    ["aztec", "azteccode", 2],
    ["data_matrix", "datamatrix", 2],
    ["pdf417", "pdf417", 2],
  ] as const)("maps %s to %s with a quiet zone of %i modules", (format, encoder, quietZone) => {
    expect(barcodeEncoding(format, "5601234567892")).toMatchObject({ format, encoder, quietZone, fallback: false });
  });

  it("accepts any spelling of a format and falls back to Code 128 for an unknown one", () => {
    expect(barcodeEncoding("EAN-13", "5601234567892").encoder).toBe("ean13");
    expect(barcodeEncoding("", "abc")).toMatchObject({ format: "code_128", encoder: "code128", fallback: true });
    expect(barcodeEncoding("maxicode", "abc").fallback).toBe(true);
  });

  it("uses full-ASCII Code 39 and Code 93 only where the basic set cannot carry the value", () => {
    expect(barcodeEncoding("code_39", "ABC-1").encoder).toBe("code39");
    expect(barcodeEncoding("code_39", "abc").encoder).toBe("code39ext");
    expect(barcodeEncoding("code_93", "ABC").options).toEqual({ includecheck: true });
    expect(barcodeEncoding("code_93", "a@b").encoder).toBe("code93ext");
  });

  it("adds Codabar start/stop letters only when the value has none", () => {
    expect(barcodeEncoding("codabar", "B123C").text).toBe("B123C");
    expect(barcodeEncoding("codabar", "a123d").text).toBe("A123D");
    expect(barcodeEncoding("codabar", "123").text).toBe("A123A");
  });

  it("draws a UPC-E read back in its expanded form as the short UPC-E, else as UPC-A", async () => {
    expect(barcodeEncoding("upc_e", "0012345000065")).toMatchObject({ encoder: "upce", text: "01234565" });
    expect(barcodeEncoding("upc_e", "036000291452")).toMatchObject({ encoder: "upca", text: "036000291452" });
    expect(await roundTrip("upc_e", "0012345000065")).toEqual(["0012345000065"]);
  });

  it("lets bwip-js refuse a value that does not fit, with a message for people", () => {
    const encoding = barcodeEncoding("ean_13", "5601234567890");
    let message = "";
    try {
      bwipjs.raw({ bcid: encoding.encoder, text: encoding.text });
    } catch (error) {
      message = describeEncodingError(error, "ean_13");
    }
    expect(message).toMatch(/^This number cannot be drawn as EAN-13: .*check digit/i);
    expect(message).not.toMatch(/bwipp/);
  });
});

describe("compressUpcA", () => {
  it.each(["01234565", "01234505", "01234531", "01234542", "01234574", "11234568"])(
    "is the inverse of expandUpcE for %s",
    (upcE) => {
      const upcA = expandUpcE(upcE)!;
      expect(compressUpcA(upcA)).toBe(upcE);
    },
  );

  it("gives null for a UPC-A without a zero-suppressed form", () => {
    expect(compressUpcA("036000291452")).toBeNull();
    expect(compressUpcA("not a code")).toBeNull();
  });
});

describe("guessFormat", () => {
  it.each([
    ["5601234567892", "ean_13"],
    ["96385074", "ean_8"],
    ["036000291452", "upc_a"],
    ["5601234567890", "code_128"],
    ["CARD 123", "code_128"],
    ["  5601234567892 ", "ean_13"],
  ])("guesses %s is %s", (value, format) => {
    expect(guessFormat(value)).toBe(format);
  });
});
