import { describe, expect, it } from "vitest";
import { looksLikeFatura, MAX_FATURA_LENGTH, parseFatura, type FaturaInvoice } from "@/lib/scan/parse-fatura";

// The simplified-invoice example of the AT specification (Portaria 195/2020).
const OFFICIAL =
  "A:123456789*B:999999990*C:PT*D:FS*E:N*F:20190812*G:FS CDVF/12345*H:CDF7T5HD-12345*I1:PT*I7:0.65*I8:0.15*N:0.15*O:0.80*Q:YhGV*R:9999*S:NU;0.80";

const OFFICIAL_INVOICE: FaturaInvoice = {
  issuerNif: "123456789",
  buyerNif: "999999990",
  country: "PT",
  docType: "FS",
  docStatus: "N",
  docDate: "2019-08-12",
  docId: "FS CDVF/12345",
  atcud: "CDF7T5HD-12345",
  vatLines: [{ region: "PT", rate: "normal", base: "0.65", vat: "0.15" }],
  nonTaxable: null,
  stampDuty: null,
  totalTax: "0.15",
  grossTotal: "0.80",
  withholding: null,
  hash4: "YhGV",
  certificate: "9999",
  other: "NU;0.80",
};

// Replaces (or with null removes) fields of the official example.
function variant(changes: Record<string, string | null>, base = OFFICIAL): string {
  const fields = base.split("*").map((field) => {
    const code = field.slice(0, field.indexOf(":"));
    if (!(code in changes)) return field;
    const value = changes[code];
    return value === null ? null : `${code}:${value}`;
  });
  return fields.filter((field) => field !== null).join("*");
}

function expectOk(input: string): FaturaInvoice {
  const result = parseFatura(input);
  if (!result.ok) throw new Error(`expected ok, got: ${result.error}`);
  return result.invoice;
}

function expectError(input: string) {
  const result = parseFatura(input);
  if (result.ok) throw new Error("expected an error");
  return result;
}

describe("parseFatura: valid codes", () => {
  // 123456789 is the spec's placeholder, yet it passes the mod-11 check
  // (weighted sum 156, remainder 2, check digit 9), so the example parses.
  it("reads the official example", () => {
    expect(parseFatura(OFFICIAL)).toEqual({ ok: true, invoice: OFFICIAL_INVOICE });
  });

  it("reads the example with a real-shaped issuer NIF (500000000: sum 45, remainder 1 → 0)", () => {
    expect(expectOk(variant({ A: "500000000" })).issuerNif).toBe("500000000");
  });

  it("tolerates surrounding whitespace and a trailing newline from the reader", () => {
    expect(expectOk(`  ${OFFICIAL}\r\n`)).toEqual(OFFICIAL_INVOICE);
  });

  it("maps H:0 (no ATCUD) to null", () => {
    expect(expectOk(variant({ H: "0" })).atcud).toBeNull();
  });

  it("maps Q:0 (no hash) to null", () => {
    expect(expectOk(variant({ Q: "0" })).hash4).toBeNull();
  });

  it("reads I1:0 as a document without VAT", () => {
    // The spec's transport document example.
    const invoice = expectOk(
      "A:500000000*B:123456789*C:PT*D:GT*E:N*F:20190720*G:GT G234CB/50987*H:GTVX4Y8B-50987*I1:0*N:0.00*O:0.00*Q:5uIg*R:9999",
    );
    expect(invoice.vatLines).toEqual([]);
    expect(invoice.docType).toBe("GT");
    expect(invoice.totalTax).toBe("0.00");
    expect(invoice.other).toBeNull();
  });

  it("splits each field on its first colon only", () => {
    const invoice = expectOk(variant({ G: "FS A:B/1", H: "ABCD1234-1", S: "note: paid 10:30 at till 2" }));
    expect(invoice.docId).toBe("FS A:B/1");
    expect(invoice.other).toBe("note: paid 10:30 at till 2");
  });

  it("trims spaces around values, as in the spec's debit-note example", () => {
    const invoice = expectOk(
      "A:123456789*B:500000000*C:PT*D:ND*E:N*F:20190216*G: M1F KLG/6145*H: RQD8L6DG-6145*I1:PT-MA*I6:26.50*N:26.50*O:26.50*Q:h1rB*R:9999",
    );
    expect(invoice.docId).toBe("M1F KLG/6145");
    expect(invoice.atcud).toBe("RQD8L6DG-6145");
    // VAT without its base: the base reads as 0.00.
    expect(invoice.vatLines).toEqual([{ region: "PT-MA", rate: "intermediate", base: "0.00", vat: "26.50" }]);
  });

  it("reads every rate of all three VAT regions plus L, M, P (the spec's full example)", () => {
    const invoice = expectOk(
      "A:123456789*B:999999990*C:PT*D:FT*E:N*F:20191231*G:FT AB2019/0035*H:CSDF7T5H-0035*I1:PT*I2:12000.00*I3:15000.00*I4:900.00*I5:50000.00*I6:6500.00*I7:80000.00*I8:18400.00*J1:PT-AC*J2:10000.00*J3:25000.56*J4:1000.02*J5:75000.00*J6:6750.00*J7:100000.00*J8:18000.00*K1:PT-MA*K2:5000.00*K3:12500.00*K4:625.00*K5:25000.00*K6:3000.00*K7:40000.00*K8:8800.00*L:100.00*M:25.00*N:64000.02*O:513600.58*P:100.00*Q:kLp0*R:9999*S:TB;PT00000000000000000000000;513500.58",
    );
    expect(invoice.vatLines).toEqual([
      { region: "PT", rate: "exempt", base: "12000.00", vat: "0.00" },
      { region: "PT", rate: "reduced", base: "15000.00", vat: "900.00" },
      { region: "PT", rate: "intermediate", base: "50000.00", vat: "6500.00" },
      { region: "PT", rate: "normal", base: "80000.00", vat: "18400.00" },
      { region: "PT-AC", rate: "exempt", base: "10000.00", vat: "0.00" },
      { region: "PT-AC", rate: "reduced", base: "25000.56", vat: "1000.02" },
      { region: "PT-AC", rate: "intermediate", base: "75000.00", vat: "6750.00" },
      { region: "PT-AC", rate: "normal", base: "100000.00", vat: "18000.00" },
      { region: "PT-MA", rate: "exempt", base: "5000.00", vat: "0.00" },
      { region: "PT-MA", rate: "reduced", base: "12500.00", vat: "625.00" },
      { region: "PT-MA", rate: "intermediate", base: "25000.00", vat: "3000.00" },
      { region: "PT-MA", rate: "normal", base: "40000.00", vat: "8800.00" },
    ]);
    expect(invoice).toMatchObject({
      nonTaxable: "100.00",
      stampDuty: "25.00",
      withholding: "100.00",
      totalTax: "64000.02",
      grossTotal: "513600.58",
      hash4: "kLp0",
      other: "TB;PT00000000000000000000000;513500.58",
    });
  });

  it("accepts a foreign buyer and a foreign VAT region (the spec's I1:FR example)", () => {
    const invoice = expectOk(
      "A:123456789*B:4443332215*C:FR*D:FT*E:N*F:20190526*G:ABC BNH/4561*H:DK5ZJ2HN-4561*I1:FR*I7:100.00*I8:20.00*N:20.00*O:120.00*Q:YJRE*R:9999",
    );
    expect(invoice.buyerNif).toBe("4443332215");
    expect(invoice.country).toBe("FR");
    expect(invoice.vatLines).toEqual([{ region: "FR", rate: "normal", base: "100.00", vat: "20.00" }]);
  });

  it("accepts a 30-character foreign buyer id", () => {
    expect(expectOk(variant({ B: "X".repeat(30), C: "DE" })).buyerNif).toBe("X".repeat(30));
  });

  it("does not depend on field order", () => {
    const reordered = OFFICIAL.split("*").reverse().join("*");
    expect(expectOk(`A:123456789*${reordered.replace("*A:123456789", "")}`)).toEqual(OFFICIAL_INVOICE);
  });

  it("drops leading zeros of amounts", () => {
    expect(expectOk(variant({ O: "000.80" })).grossTotal).toBe("0.80");
  });

  it("accepts a leap day", () => {
    expect(expectOk(variant({ F: "20240229" })).docDate).toBe("2024-02-29");
  });
});

describe("parseFatura: malformed codes", () => {
  it("flags an issuer NIF that fails the mod-11 check, keeping the rest", () => {
    const result = expectError(variant({ A: "123456780" }));
    expect(result.error).toBe('fatura: A "123456780" is not a valid Portuguese NIF');
    expect(result.partial.issuerNif).toBeUndefined();
    expect(result.partial).toEqual({ ...OFFICIAL_INVOICE, issuerNif: undefined });
  });

  it("flags a Portuguese buyer NIF that fails the check", () => {
    expect(expectError(variant({ B: "999999991" })).error).toBe('fatura: B "999999991" is not a valid Portuguese NIF');
  });

  it("flags a buyer id longer than 30 characters", () => {
    expect(expectError(variant({ B: "X".repeat(31), C: "DE" })).error).toMatch(/B "X+…" is longer than 30/);
  });

  it("names every missing required field", () => {
    const result = expectError(variant({ H: null, Q: null, N: null }));
    expect(result.error).toBe("fatura: missing H (ATCUD), N (total tax), Q (hash)");
    expect(result.partial).toMatchObject({ issuerNif: "123456789", docDate: "2019-08-12", grossTotal: "0.80" });
    expect(result.partial.atcud).toBeUndefined();
  });

  it("treats a missing I1 as missing and its amounts as orphaned", () => {
    const result = expectError(variant({ I1: null }));
    expect(result.error).toBe("fatura: missing I1 (VAT region); I7, I8 given without I1 (VAT region)");
    expect(result.partial.vatLines).toBeUndefined();
  });

  it.each<[string, Record<string, string | null>, string]>([
    ["amount with a comma", { I7: "0,65" }, 'I7 "0,65" is not an amount like 0.65'],
    ["amount with one decimal", { N: "0.1" }, 'N "0.1" is not an amount like 0.65'],
    ["amount without decimals", { O: "1" }, 'O "1" is not an amount like 0.65'],
    ["negative amount", { O: "-0.80" }, 'O "-0.80" is not an amount like 0.65'],
    ["amount beyond Decimal(12,2)", { O: "12345678901.00" }, 'O "12345678901.00" is too large to store'],
    ["impossible date", { F: "20190230" }, 'F "20190230" is not a date as YYYYMMDD'],
    ["date with dashes", { F: "2019-08-12" }, 'F "2019-08-12" is not a date as YYYYMMDD'],
    ["lower-case document type", { D: "fs" }, 'D "fs" is not a document type like FT or FS'],
    ["long status", { E: "NN" }, 'E "NN" is not a document status like N or A'],
    ["long hash", { Q: "YhGVx" }, 'Q "YhGVx" is not 4 hash characters or 0'],
    ["letters in the certificate", { R: "AB12" }, 'R "AB12" is not a certificate number of up to 4 digits'],
    ["unknown VAT region", { I1: "PT-XX" }, 'I1 "PT-XX" is not a VAT region like PT, PT-AC or PT-MA'],
    ["VAT amounts with I1:0", { I1: "0" }, "I1 is 0 (no VAT) but I7, I8 are given"],
    ["empty value", { G: "" }, "G is empty"],
    ["long document id", { G: "G".repeat(61) }, "is longer than 60 characters"],
    ["long country", { C: "C".repeat(13) }, "is longer than 12 characters"],
    ["long free text", { S: "s".repeat(66) }, "is longer than 65 characters"],
  ])("flags %s", (_name, changes, message) => {
    expect(expectError(variant(changes)).error).toContain(message);
  });

  it("flags a second VAT region block without its region, or a repeated region", () => {
    expect(expectError(`${OFFICIAL}*J7:1.00`).error).toBe("fatura: J7 given without J1 (VAT region)");
    expect(expectError(`${OFFICIAL}*J1:PT*J7:1.00*J8:0.23`).error).toBe("fatura: VAT region PT appears twice");
    expect(expectError(`${OFFICIAL}*J1:0`).error).toContain('J1 "0" is not a VAT region');
  });

  it("keeps the valid VAT lines when one is broken", () => {
    const result = expectError(`${OFFICIAL}*J1:PT-AC*J3:1.00*J4:0.0x`);
    expect(result.partial.vatLines).toEqual(OFFICIAL_INVOICE.vatLines);
  });

  it("flags unknown and repeated fields", () => {
    expect(expectError(`${OFFICIAL}*T:1`).error).toBe('fatura: unknown field "T"');
    expect(expectError(`${OFFICIAL}*I9:1.00`).error).toBe('fatura: unknown field "I9"');
    expect(expectError(`${OFFICIAL}*N:0.15`).error).toBe("fatura: field N appears twice");
  });

  it("flags parts without a colon, such as a trailing *", () => {
    expect(expectError(`${OFFICIAL}*`).error).toBe('fatura: part 17 ("") is not CODE:value');
    expect(expectError(OFFICIAL.replace("*E:N", "*EN")).error).toContain('part 5 ("EN") is not CODE:value');
  });

  it.each(["", "   ", "\n"])("refuses the empty input %j", (input) => {
    expect(parseFatura(input)).toEqual({ ok: false, error: "fatura: the code is empty", partial: {} });
  });

  it("refuses input beyond the length cap without reading it", () => {
    const long = `${OFFICIAL}*S:${"x".repeat(MAX_FATURA_LENGTH)}`;
    expect(parseFatura(long)).toEqual({
      ok: false,
      error: `fatura: the code is ${long.length} characters long; a fatura QR has at most ${MAX_FATURA_LENGTH}`,
      partial: {},
    });
  });

  it.each(["hello world", "4006381333931", "https://example.com/a:b", "::::", "*****"])(
    "does not throw on garbage %j",
    (input) => {
      const result = parseFatura(input);
      expect(result.ok).toBe(false);
      if (!result.ok) expect(result.error).toMatch(/^(fatura: |not a fatura QR)/);
    },
  );

  it("explains input with no fields at all", () => {
    expect(parseFatura("hello").ok).toBe(false);
    const result = expectError("*****");
    expect(result.error).toMatch(/^not a fatura QR/);
    expect(result.partial).toEqual({});
  });

  it("caps the number of messages it lists", () => {
    const result = expectError("A:1*B:*C:*D:x*E:xx*F:1*G:*H:*I1:x*N:x*O:x*Q:x*R:x");
    expect(result.error).toMatch(/; and \d+ more$/);
  });

  it("is safe against prototype-looking codes", () => {
    expect(expectError(`${OFFICIAL}*__proto__:x*constructor:y`).error).toBe(
      'fatura: unknown field "__proto__"; unknown field "constructor"',
    );
  });

  it("never throws, whatever it is given", () => {
    const samples = [OFFICIAL.slice(0, 40), OFFICIAL.replaceAll(":", ""), OFFICIAL.replaceAll("*", ";"), "A:", "A:*H:"];
    for (const sample of samples) expect(() => parseFatura(sample)).not.toThrow();
    expect(() => parseFatura(undefined as unknown as string)).not.toThrow();
  });
});

describe("looksLikeFatura", () => {
  it.each([
    [OFFICIAL, true],
    [`  ${OFFICIAL}\n`, true],
    ["A:123*B:1*H:0", true], // damaged, still a fatura to store with its error
    [variant({ A: "123456780" }), true],
    // Damaged codes without H or without A are still faturas to store with their error.
    [variant({ H: null }), true],
    [variant({ A: null }), true],
    ["A:500000000*B:514148497*D:FT*F:20261332*G:1*O:abc", true],
    ["B:999999990*A:123456789*H:0", false],
    ["A:1*B:2*C:3*T:4", false],
    ["SPD*1.0*ACC:CZ0301000000123456789012*AM:1234.56", false],
    ["A:123456789", false],
    ["a:123456789*h:0", false],
    ["hello*H:world", false],
    ["https://example.com/?A:1*H:2", false],
    ["", false],
  ])("%j → %s", (value, expected) => {
    expect(looksLikeFatura(value)).toBe(expected);
  });
});
