import { describe, expect, it } from "vitest";
import type { BarcodeFormat } from "@/lib/scan/barcode-format";
import { expandUpcE, gtinCheckDigit, hasValidCheckDigit, isValidGtin, isValidUpcE } from "@/lib/scan/check-digit";

describe("gtinCheckDigit", () => {
  it.each([
    ["400638133393", 1], // EAN-13 4006381333931
    ["9638507", 4], // EAN-8 96385074
    ["03600029145", 2], // UPC-A 036000291452
    ["1001234567890", 2], // GTIN-14 10012345678902
    ["560123456789", 2], // a Portuguese (560) EAN-13
    ["0000000", 0],
  ])("%s → %d", (data, expected) => {
    expect(gtinCheckDigit(data)).toBe(expected);
  });

  it("refuses non-digits", () => {
    expect(() => gtinCheckDigit("12a")).toThrow(TypeError);
  });
});

describe("isValidGtin", () => {
  it.each([
    ["4006381333931", true], // EAN-13
    ["5601234567892", true], // EAN-13, Portugal
    ["4006381333932", false],
    ["96385074", true], // EAN-8
    ["96385075", false],
    ["036000291452", true], // UPC-A
    ["036000291453", false],
    ["10012345678902", true], // GTIN-14
    ["10012345678903", false],
    ["00000000", true],
    ["400638133393", false], // 12 digits, wrong check digit as UPC-A
    ["4006381333", false], // 10 digits: not a GTIN length
    ["40063813339310", false],
    ["123456789012345", false], // 15 digits
    ["", false],
    ["4006381333931 ", false],
    ["400638133393a", false],
    ["-400638133393", false],
  ])("%j → %s", (code, expected) => {
    expect(isValidGtin(code)).toBe(expected);
  });

  it("catches every single-digit error in a valid code", () => {
    const valid = "4006381333931";
    for (let position = 0; position < valid.length; position += 1) {
      for (let digit = 0; digit <= 9; digit += 1) {
        const changed = `${valid.slice(0, position)}${digit}${valid.slice(position + 1)}`;
        expect(isValidGtin(changed)).toBe(changed === valid);
      }
    }
  });
});

describe("expandUpcE", () => {
  it.each([
    ["01234565", "012345000065"], // last digit 5–9: manufacturer 5 digits
    ["04252614", "042100005264"], // last digit 0–2
    ["01200003", "012000000003"],
    ["01234133", "012300000413"], // last digit 3
    ["01234143", "012340000013"], // last digit 4
    ["11234565", "112345000065"], // number system 1
  ])("%s → %s", (upcE, upcA) => {
    expect(expandUpcE(upcE)).toBe(upcA);
  });

  it.each(["", "1234565", "012345650", "21234565", "0123456a", "96385074"])("gives null for %j", (code) => {
    expect(expandUpcE(code)).toBeNull();
  });
});

describe("isValidUpcE", () => {
  it.each([
    ["01234565", true],
    ["01234566", false],
    ["04252614", true],
    ["04252615", false],
    ["96385074", false], // a valid EAN-8, but number system 9 is not UPC-E
  ])("%j → %s", (code, expected) => {
    expect(isValidUpcE(code)).toBe(expected);
  });
});

describe("hasValidCheckDigit", () => {
  it.each<[string, BarcodeFormat | null | undefined, boolean]>([
    ["4006381333931", "ean_13", true],
    ["4006381333932", "ean_13", false],
    ["96385074", "ean_13", false], // valid EAN-8, wrong length for EAN-13
    ["96385074", "ean_8", true],
    ["4006381333931", "ean_8", false],
    ["036000291452", "upc_a", true],
    ["0036000291452", "upc_a", true], // UPC-A reported as 13 digits
    ["4006381333931", "upc_a", false], // a valid EAN-13 is not a UPC-A
    ["01234565", "upc_e", true],
    ["01234566", "upc_e", false],
    ["96385074", "upc_e", false],
    ["10012345678902", "itf", true],
    ["1234567890", "itf", false], // ITF of another length has no check digit
    ["4006381333931", "code_128", true],
    ["4006381333931", "qr_code", true],
    ["4006381333931", null, true],
    ["4006381333931", undefined, true],
    ["96385074", null, true], // EAN-8
    ["01234565", null, true], // UPC-E (not a valid EAN-8)
    ["036000291452", null, true],
    ["10012345678902", null, true],
    ["4006381333932", null, false],
    ["123456", null, false],
    ["hello", null, false],
    ["", null, false],
  ])("%j as %s → %s", (value, format, expected) => {
    expect(hasValidCheckDigit(value, format)).toBe(expected);
  });
});
