import { toSVG } from "bwip-js/node";
import { describe, expect, it } from "vitest";
import { barcodeEncoding } from "@/lib/scan/barcode-encoding";
import { cardBarcodeProblem, ONE_D_MAX_CHARACTERS, TWO_D_MAX_BYTES } from "@/lib/scan/check-card-barcode";
import type { BarcodeFormat } from "@/lib/scan/barcode-format";

const draws = (format: BarcodeFormat, value: string) => {
  const encoding = barcodeEncoding(format, value);
  try {
    toSVG({ bcid: encoding.encoder, text: encoding.text, ...encoding.options });
    return true;
  } catch {
    return false;
  }
};

describe("whether an imported card can be drawn", () => {
  it.each([
    ["ean_13", "5601234567892"],
    ["upc_a", "036000291452"],
    ["code_128", "Käseschnitte"],
    ["codabar", "40156"],
    ["qr_code", "https://example.pt/cartao?id=7"],
    ["aztec", "-5317"],
  ] as const)("draws %s %j", (format, value) => {
    expect(cardBarcodeProblem(format, value)).toBeNull();
  });

  it.each([
    ["ean_13", "5601234567891", /cannot be drawn as EAN-13: Incorrect EAN-13 check digit/],
    ["ean_8", "1234", /cannot be drawn as EAN-8/],
    ["itf", "12A45", /cannot be drawn as ITF/],
    ["code_128", "x".repeat(ONE_D_MAX_CHARACTERS + 1), /too long for a Code 128 barcode/],
    ["pdf417", "日".repeat(400), /too long to draw as PDF417 \(1200 bytes; at most 1100\)/],
  ] as const)("refuses %s %j, saying why", (format, value, reason) => {
    expect(cardBarcodeProblem(format, value)).toMatch(reason);
  });

  // The 2-D limits are what bwip-js, the phone's drawing library, really draws.
  it.each(Object.entries(TWO_D_MAX_BYTES) as [BarcodeFormat, number][])(
    "draws a %s value of its largest size, in three-byte characters",
    (format, max) => {
      const longest = "日".repeat(Math.floor(max / 3));
      expect(cardBarcodeProblem(format, longest)).toBeNull();
      expect(draws(format, longest)).toBe(true);
    },
  );

  it("refuses PDF417 just where bwip-js stops drawing it", () => {
    expect(draws("pdf417", "ü".repeat(550))).toBe(true);
    expect(draws("pdf417", "日".repeat(380))).toBe(false);
  });
});
