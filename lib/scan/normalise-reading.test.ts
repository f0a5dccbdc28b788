import { describe, expect, it } from "vitest";
import type { BarcodeFormat } from "@/lib/scan/barcode-format";
import { barcodeEncoding } from "@/lib/scan/barcode-encoding";
import { cardBarcodeProblem } from "@/lib/scan/check-card-barcode";
import { isValidGtin } from "@/lib/scan/check-digit";
import { cardValuesOf, normaliseReading, productCodeOf, readsAs, upcEOf } from "@/lib/scan/normalise-reading";

// The UPC-E of zxing's corpus (upce-2/1.png): printed 0 509689 3, read by
// zxing-wasm as the GTIN-13 of the UPC-A it stands for.
const UPC_E = "05096893";
const UPC_E_GTIN = "0050968000093";

describe("upcEOf", () => {
  it.each([
    [UPC_E, UPC_E],
    [UPC_E_GTIN, UPC_E], // zxing-wasm's reading
    ["050968000093", UPC_E], // the UPC-A, 12 digits
    ["0509689", UPC_E], // without its check digit: worked out, 3
    ["509689", UPC_E], // without number system or check digit
    ["01234565", "01234565"],
    ["0012345000065", "01234565"],
    ["11234562", "11234562"], // number system 1
  ])("%s → %s", (value, expected) => {
    expect(upcEOf(value)).toBe(expected);
  });

  it.each([
    ["05096894", "a wrong check digit"],
    ["0050968000094", "a UPC-A with a wrong check digit"],
    ["036000291452", "a UPC-A with no zero-suppressed form"],
    ["25096893", "number system 2"],
    ["5601234567891", "an EAN-13"],
    ["", "nothing"],
  ])("gives null for %s (%s)", (value) => {
    expect(upcEOf(value)).toBeNull();
  });

  it("works out the check digit the UPC-A has, and a wrong one is never carried over", () => {
    // 0 509689 expands to 0 50968 00009; GS1's weights give 3 for it.
    expect(upcEOf("0509689")?.at(-1)).toBe("3");
    expect(isValidGtin(productCodeOf({ value: "0509689", format: "upc_e" }))).toBe(true);
    expect(productCodeOf({ value: "05096894", format: "upc_e" })).toBe("05096894");
  });
});

describe("normaliseReading: a card keeps its symbol as printed", () => {
  it.each<[BarcodeFormat, string, string]>([
    ["upc_e", UPC_E_GTIN, UPC_E],
    ["upc_e", UPC_E, UPC_E],
    ["upc_e", "0509689", UPC_E],
    ["codabar", "A1234567890A", "A1234567890A"], // zxing-wasm's reading
    ["codabar", "1234567890", "A1234567890A"], // zxing's tests, Catima, a person
    ["codabar", "a294/586b", "A294/586B"],
    ["codabar", "B40156D", "B40156D"], // other start/stop letters are other bars: kept
    ["codabar", "T123N", "A123B"], // T N * E are the same bars as A B C D
    ["upc_a", "0036000291452", "036000291452"],
    ["upc_a", "036000291452", "036000291452"],
    ["ean_13", "0036000291452", "0036000291452"], // zxing's UPC-A: the EAN-13 bars are the same
    ["code_39", "Extended !?*#", "Extended !?*#"],
    ["qr_code", "0050968000093", "0050968000093"],
  ])("%s %s → %s", (format, value, expected) => {
    expect(normaliseReading({ value, format })).toBe(expected);
  });

  it("leaves a value that is not its format's for the drawing to refuse", () => {
    expect(normaliseReading({ value: "05096894", format: "upc_e" })).toBe("05096894");
    expect(normaliseReading({ value: "12AB", format: "codabar" })).toBe("12AB");
  });

  it("gives bwip-js what it draws as the symbol that was read", () => {
    // The same bars as the reading draws…
    expect(barcodeEncoding("upc_e", UPC_E).text).toBe(barcodeEncoding("upc_e", UPC_E_GTIN).text);
    expect(barcodeEncoding("codabar", "A1234567890A").text).toBe(barcodeEncoding("codabar", "1234567890").text);
    // …where the 13 digits of a UPC-A could not be drawn at all.
    expect(cardBarcodeProblem("upc_a", "0036000291452")).not.toBeNull();
    for (const [format, value] of [
      ["upc_e", UPC_E_GTIN],
      ["upc_e", "0509689"],
      ["codabar", "1234567890"],
      ["codabar", "T123N"],
      ["upc_a", "0036000291452"],
    ] as const) {
      expect(cardBarcodeProblem(format, normaliseReading({ value, format })), `${format} ${value}`).toBeNull();
    }
  });
});

describe("productCodeOf: a product keeps its GTIN as Open Food Facts keys it", () => {
  it.each<[BarcodeFormat | null, string, string]>([
    ["upc_e", UPC_E, UPC_E_GTIN],
    ["upc_e", UPC_E_GTIN, UPC_E_GTIN],
    ["upc_e", "0509689", UPC_E_GTIN],
    ["upc_a", "036000291452", "0036000291452"],
    ["upc_a", "0036000291452", "0036000291452"],
    ["ean_13", "0036000291452", "0036000291452"],
    ["ean_13", "5601234567890", "5601234567890"],
    ["ean_8", "96385074", "96385074"], // an EAN-8 stays 8 digits
    ["ean_13", "0000096385074", "96385074"], // …also when written in 13
    ["itf", "05601234567890", "5601234567890"], // a GTIN-14 with indicator 0 is the GTIN-13
    ["itf", "15601234567897", "15601234567897"],
    [null, "036000291452", "0036000291452"], // typed, or sent without a format
    [null, "400638133393", "400638133393"], // 12 digits with a wrong check digit: not padded
    [null, "MAN-12", "MAN-12"],
    ["code_128", "036000291452", "036000291452"], // no GTIN symbology: kept as read
    ["codabar", "1234567890", "A1234567890A"],
  ])("%s %s → %s", (format, value, expected) => {
    expect(productCodeOf({ value, format })).toBe(expected);
  });

  it("keys a UPC-E by a GTIN whose check digit is right", () => {
    expect(isValidGtin(productCodeOf({ value: UPC_E, format: "upc_e" }))).toBe(true);
  });
});

describe("a card and a product of one reading", () => {
  it.each<[BarcodeFormat, string, string, string]>([
    ["upc_e", UPC_E_GTIN, UPC_E, UPC_E_GTIN],
    ["upc_a", "036000291452", "036000291452", "0036000291452"],
    ["codabar", "1234567890", "A1234567890A", "A1234567890A"],
    ["ean_13", "5601234567890", "5601234567890", "5601234567890"],
  ])("%s %s: the card keeps %s, the product %s", (format, value, card, product) => {
    expect(normaliseReading({ value, format })).toBe(card);
    expect(productCodeOf({ value, format })).toBe(product);
  });
});

describe("cardValuesOf", () => {
  it("lists the printed forms a card of this GTIN may hold, never the product code itself", () => {
    expect(cardValuesOf({ value: UPC_E_GTIN, format: "upc_e" }).sort()).toEqual(["050968000093", UPC_E].sort());
    expect(cardValuesOf({ value: "0036000291452", format: "ean_13" })).toEqual(["036000291452"]);
    expect(cardValuesOf({ value: "036000291452", format: "upc_a" })).toEqual(["036000291452"]);
  });

  it("is empty where a card and a product keep the same value", () => {
    expect(cardValuesOf({ value: "5601234567890", format: "ean_13" })).toEqual([]);
    expect(cardValuesOf({ value: "1234567890", format: "codabar" })).toEqual([]);
    expect(cardValuesOf({ value: "LABS-1", format: "code_128" })).toEqual([]);
  });
});

describe("readsAs", () => {
  it.each<[BarcodeFormat, string, string]>([
    ["upc_e", UPC_E_GTIN, UPC_E], // zxing-wasm in Node
    ["upc_e", UPC_E, UPC_E], // the page
    ["codabar", "A1234567890A", "1234567890"],
    ["codabar", "A294/586B", "294/586"],
    ["ean_13", "0036602301467", "036602301467"], // a UPC-A, read as EAN-13
    ["upc_a", "036602301467", "0036602301467"],
    ["code_39", "Extended !?*#", "Extended !?*#"],
  ])("%s %s reads as %s", (format, value, expected) => {
    expect(readsAs({ value, format }, expected)).toBe(true);
  });

  it.each<[BarcodeFormat, string, string]>([
    ["upc_e", "05096894", UPC_E],
    ["codabar", "A1234567890A", "1234567891"],
    ["ean_13", "5601234567890", "601234567890"],
    ["code_128", "0036602301467", "036602301467"],
    ["code_39", "EXTENDED", "Extended"],
  ])("%s %s does not read as %s", (format, value, expected) => {
    expect(readsAs({ value, format }, expected)).toBe(false);
  });
});
