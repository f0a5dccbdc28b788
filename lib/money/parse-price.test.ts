import { describe, expect, it } from "vitest";
import { formatPricePt, parsePrice, PriceFormatError, type PriceFormatReason } from "@/lib/money/parse-price";

const NBSP = "\u00a0";
const NNBSP = "\u202f";
const THIN = "\u2009";

describe("parsePrice", () => {
  it.each([
    // comma or dot decimals
    ["12,5", "12.50"],
    ["12,50", "12.50"],
    ["12.50", "12.50"],
    ["12.5", "12.50"],
    ["0,99", "0.99"],
    [",50", "0.50"],
    [".5", "0.50"],
    // plain integers
    ["12", "12.00"],
    ["0", "0.00"],
    ["007", "7.00"],
    ["0012,50", "12.50"],
    ["1234", "1234.00"],
    ["9999999999", "9999999999.00"],
    // both separators: the last one is the decimal separator
    ["1.234,56", "1234.56"],
    ["1,234.56", "1234.56"],
    ["1.234.567,89", "1234567.89"],
    ["1,234,567.89", "1234567.89"],
    ["1.234,5", "1234.50"],
    ["9.999.999.999,99", "9999999999.99"],
    // repeated single separator: thousands grouping
    ["1.234.567", "1234567.00"],
    ["1,234,567", "1234567.00"],
    // spaces of any kind as thousands separator
    ["1 234,56", "1234.56"],
    ["1 234.56", "1234.56"],
    ["1 234", "1234.00"],
    ["1 234 567,89", "1234567.89"],
    [`1${NBSP}234,56`, "1234.56"],
    [`1${NNBSP}234,56`, "1234.56"],
    [`1${THIN}234,56`, "1234.56"],
    [`12${NBSP}345,67${NBSP}€`, "12345.67"],
    // currency markers before or after
    ["€12,50", "12.50"],
    ["€ 12,50", "12.50"],
    ["12,50 €", "12.50"],
    ["12,50€", "12.50"],
    [`12,50${NBSP}€`, "12.50"],
    ["EUR 12.50", "12.50"],
    ["EUR12.50", "12.50"],
    ["eur 12,5", "12.50"],
    ["12.50 EUR", "12.50"],
    ["12.50EUR", "12.50"],
    ["1.234,56 €", "1234.56"],
    // extra decimals that are zeros are harmless
    ["12.5000", "12.50"],
    ["1234.500", "1234.50"],
    ["0,500", "0.50"],
    ["1.234,560", "1234.56"],
    // surrounding whitespace
    ["  12,50\n", "12.50"],
  ])("reads %j as %s", (input, expected) => {
    expect(parsePrice(input)).toBe(expected);
  });

  it.each([
    [12.5, "12.50"],
    [12, "12.00"],
    [0, "0.00"],
    [-0, "0.00"],
    [0.99, "0.99"],
    [1234.56, "1234.56"],
    [9999999999.99, "9999999999.99"],
  ])("reads the number %d as %s", (input, expected) => {
    expect(parsePrice(input)).toBe(expected);
  });

  it.each<[string | number, PriceFormatReason]>([
    ["", "empty"],
    ["   ", "empty"],
    ["abc", "not_a_number"],
    ["12abc", "not_a_number"],
    ["€", "not_a_number"],
    ["EUR", "not_a_number"],
    ["12,", "not_a_number"],
    ["12.", "not_a_number"],
    ["1 234,", "not_a_number"],
    [".", "not_a_number"],
    ["1,2,3", "not_a_number"],
    ["1.23.456", "not_a_number"],
    ["12,34,567", "not_a_number"],
    ["1.23,45", "not_a_number"],
    ["1.234,56.7", "not_a_number"],
    ["1,234.56,7", "not_a_number"],
    ["0.123,45", "not_a_number"],
    ["1 234.567,89", "not_a_number"],
    ["12 5", "not_a_number"],
    ["1  234", "not_a_number"],
    ["1 234 ,56", "not_a_number"],
    ["1\n234", "not_a_number"],
    ["$12.50", "not_a_number"],
    ["12.50 USD", "not_a_number"],
    ["€€12", "not_a_number"],
    ["+12", "not_a_number"],
    ["1e3", "not_a_number"],
    ["0x10", "not_a_number"],
    ["Infinity", "not_a_number"],
    ["12,50 € extra", "not_a_number"],
    ["1".repeat(65), "not_a_number"],
    [Number.NaN, "not_a_number"],
    [Number.POSITIVE_INFINITY, "not_a_number"],
    [1e-7, "not_a_number"],
    // ambiguous: one separator followed by exactly three digits
    ["1.234", "ambiguous"],
    ["1,234", "ambiguous"],
    ["12.500", "ambiguous"],
    ["999,999", "ambiguous"],
    ["€1.000", "ambiguous"],
    // negatives
    ["-5", "negative"],
    ["-12,50", "negative"],
    ["€ -5", "negative"],
    ["-€5", "negative"],
    ["\u22125 €", "negative"],
    [-0.01, "negative"],
    // sub-cent amounts
    ["12,345", "ambiguous"],
    ["0,125", "too_many_decimals"],
    ["1234.567", "too_many_decimals"],
    ["1.234,567", "too_many_decimals"],
    ["1 234,567", "too_many_decimals"],
    ["12.5001", "too_many_decimals"],
    [1.234, "too_many_decimals"],
    [0.1 + 0.2, "too_many_decimals"],
    // beyond Decimal(12,2)
    ["10000000000", "too_large"],
    ["10.000.000.000,00", "too_large"],
    ["99 999 999 999", "too_large"],
    [1e10, "too_large"],
    [1e21, "too_large"],
  ])("refuses %j (%s)", (input, reason) => {
    const error = catchError(() => parsePrice(input));
    expect(error).toBeInstanceOf(PriceFormatError);
    expect(error).toBeInstanceOf(Error);
    expect((error as PriceFormatError).reason).toBe(reason);
    expect((error as PriceFormatError).message).toMatch(/^price: /);
  });

  it("explains an unreadable amount with an example to follow", () => {
    expect(() => parsePrice("abc")).toThrow('price: could not read "abc" as an amount; use 12,50 or 12.50');
  });

  it("explains an ambiguous amount and how to write it", () => {
    expect(() => parsePrice("1.234")).toThrow(
      'price: "1.234" is ambiguous (thousands or decimals?); write 1234 or 1.234,00 if you mean thousands, or use at most 2 decimals',
    );
    expect(() => parsePrice("1,234")).toThrow(/write 1234 or 1,234\.00 if you mean thousands/);
  });

  it("names the field given by the caller and keeps the detail without it", () => {
    const error = catchError(() => parsePrice("-3", { field: "items[2].price" })) as PriceFormatError;
    expect(error.message).toBe('items[2].price: "-3" is negative; a price is 0 or more');
    expect(error.field).toBe("items[2].price");
    expect(error.detail).toBe('"-3" is negative; a price is 0 or more');
    expect(error.name).toBe("PriceFormatError");
  });

  it("does not echo a long paste back in full", () => {
    const error = catchError(() => parsePrice("x".repeat(500))) as PriceFormatError;
    expect(error.message.length).toBeLessThan(120);
  });

  it("refuses values that are neither text nor number (untyped callers)", () => {
    const error = catchError(() => parsePrice(null as unknown as string));
    expect(error).toBeInstanceOf(PriceFormatError);
  });

  it("always returns something Decimal(12,2) accepts", () => {
    for (const input of ["1", "1,5", "1.234,56", "9 999 999 999,99", "€0,01"]) {
      expect(parsePrice(input)).toMatch(/^\d{1,10}\.\d{2}$/);
    }
  });
});

describe("formatPricePt", () => {
  // Node's ICU puts a NBSP (U+00A0) between the amount and the symbol and uses
  // it for grouping too; pt-PT does not group 4-digit amounts.
  it.each([
    ["1234.56", "EUR", `1234,56${NBSP}€`],
    ["0.8", "EUR", `0,80${NBSP}€`],
    ["12", "EUR", `12,00${NBSP}€`],
    ["12.5", "eur", `12,50${NBSP}€`],
    ["12345.67", "EUR", `12${NBSP}345,67${NBSP}€`],
    ["1234567.89", "EUR", `1${NBSP}234${NBSP}567,89${NBSP}€`],
    ["9999999999.99", "EUR", `9${NBSP}999${NBSP}999${NBSP}999,99${NBSP}€`],
    ["-3.5", "EUR", `-3,50${NBSP}€`],
    ["1234.56", "USD", `1234,56${NBSP}US$`],
    ["1234.56", "GBP", `1234,56${NBSP}£`],
  ])("formats %s %s as %j", (amount, currency, expected) => {
    expect(formatPricePt(amount, currency)).toBe(expected);
  });

  it("matches the contract's example once the NBSP is read as a space", () => {
    expect(formatPricePt("1234.56", "EUR").replace(/\u00a0/g, " ")).toBe("1234,56 €");
  });

  it("keeps every digit of large amounts (no float rounding)", () => {
    expect(formatPricePt("9007199254740993.01", "EUR")).toBe(
      `9${NBSP}007${NBSP}199${NBSP}254${NBSP}740${NBSP}993,01${NBSP}€`,
    );
  });

  it("round-trips with parsePrice", () => {
    for (const amount of ["0.01", "12.50", "1234.56", "12345.67", "1234567.89"]) {
      expect(parsePrice(formatPricePt(amount, "EUR"))).toBe(amount);
    }
  });

  it.each(["", "abc", "12,50", "1e3", "NaN"])("refuses the amount %j", (amount) => {
    expect(() => formatPricePt(amount, "EUR")).toThrow(PriceFormatError);
  });

  it("refuses a currency that is not an ISO code", () => {
    expect(() => formatPricePt("1", "euro")).toThrow(RangeError);
  });
});

function catchError(run: () => unknown): unknown {
  try {
    run();
  } catch (error) {
    return error;
  }
  throw new Error("expected a throw");
}
