import { describe, expect, it } from "vitest";
import { invoiceEffect, uncountedReason } from "@/lib/scan/fatura-totals";

// The table of docs/faturas.md; the session totals over real codes are
// checked through HTTP in tests/api/scan-faturas-corpus.test.ts.

describe("invoiceEffect", () => {
  it.each<[string | null, string | null, string | null, ReturnType<typeof invoiceEffect>]>([
    [null, "FT", "N", "adds"],
    [null, "FS", "N", "adds"],
    [null, "FR", "F", "adds"],
    [null, "ND", "R", "adds"],
    [null, "NC", "N", "subtracts"],
    [null, "FT", "A", "none"],
    [null, "NC", "A", "none"],
    [null, "FT", "S", "none"],
    [null, "GT", "N", "none"],
    [null, "PF", "N", "none"],
    [null, "RG", "N", "none"],
    [null, "XX", "N", "none"],
    ["fatura: missing H (ATCUD)", "FT", "N", "none"],
    [null, null, "N", "none"],
    [null, "FT", null, "none"],
  ])("error %j, type %j, status %j → %s", (parseError, docType, docStatus, effect) => {
    expect(invoiceEffect({ parseError, docType, docStatus })).toBe(effect);
  });
});

describe("uncountedReason", () => {
  it.each<[string, string, string | null]>([
    ["FT", "N", null],
    ["NC", "N", null],
    ["FS", "A", "Cancelled"],
    ["FT", "S", "Self-billed"],
    ["GT", "N", "Not a sale"],
  ])("%s %s → %j", (docType, docStatus, reason) => {
    expect(uncountedReason({ docType, docStatus })).toBe(reason);
  });
});
