import { describe, expect, it } from "vitest";
import { FINAL_CONSUMER_NIF, isValidNif, nifCheckDigit } from "@/lib/scan/nif";

describe("nifCheckDigit", () => {
  it.each([
    ["12345678", 9], // sum 156, 156 % 11 = 2 → 9
    ["50000000", 0], // sum 45, 45 % 11 = 1 → 0
    ["99999999", 0], // sum 396, 396 % 11 = 0 → 0
    ["50100000", 3], // sum 52, 52 % 11 = 8 → 3
  ])("%s → %d", (firstEight, expected) => {
    expect(nifCheckDigit(firstEight)).toBe(expected);
  });

  it("refuses anything but 8 digits", () => {
    expect(() => nifCheckDigit("1234567")).toThrow(TypeError);
    expect(() => nifCheckDigit("1234567a")).toThrow(TypeError);
  });
});

describe("isValidNif", () => {
  it.each([
    ["123456789", true], // the AT specification's placeholder happens to be valid
    ["999999990", true], // final consumer
    [FINAL_CONSUMER_NIF, true],
    ["500000000", true],
    ["501442600", true],
    ["123456780", false],
    ["500000001", false],
    ["999999991", false],
    ["012345678", false], // no NIF starts with 0
    ["000000000", false],
    ["12345678", false],
    ["1234567890", false],
    ["12345678X", false],
    ["PT123456789", false],
    [" 123456789", false],
    ["", false],
  ])("%j → %s", (value, expected) => {
    expect(isValidNif(value)).toBe(expected);
  });

  // Remainders 0 and 1 share check digit 0, so only a NIF whose remainder is
  // 2..10 is guaranteed to expose every single-digit change.
  it("catches every single-digit error in a valid NIF", () => {
    const valid = "123456789";
    for (let position = 0; position < valid.length; position += 1) {
      for (let digit = 0; digit <= 9; digit += 1) {
        const changed = `${valid.slice(0, position)}${digit}${valid.slice(position + 1)}`;
        expect(isValidNif(changed)).toBe(changed === valid);
      }
    }
  });
});
