import { describe, expect, it } from "vitest";
import { createCardBody, createPriceBody, recordScanBody } from "@/lib/scan/schemas";
import { foldText, searchTextOf } from "@/lib/scan/search-text";

function issuePaths(result: { success: boolean; error?: { issues: { path: PropertyKey[] }[] } }): string[] {
  return (result.error?.issues ?? []).map((issue) => issue.path.join("."));
}

describe("scan request schemas", () => {
  it.each([
    ["EAN-13", "ean_13"],
    ["EAN_13", "ean_13"],
    ["ean13", "ean_13"],
    ["QR Code", "qr_code"],
  ])("normalises the format %s to %s", (format, expected) => {
    expect(recordScanBody.parse({ value: "1", format }).format).toBe(expected);
  });

  it("refuses an unknown format, naming the accepted ones", () => {
    const result = recordScanBody.safeParse({ value: "1", format: "ean" });
    expect(issuePaths(result)).toEqual(["format"]);
    expect(result.error?.issues[0]?.message).toContain("ean_13");
  });

  it("refuses a lone surrogate in a card value instead of storing a changed one", () => {
    const result = createCardBody.safeParse({ card_value: "12\ud80034", person_name: "Ana" });
    expect(issuePaths(result)).toEqual(["card_value"]);
  });

  it("reads EU prices with parsePrice and reports failures on `price`", () => {
    const ok = createPriceBody.parse({ code: "1", store_name: "A", price: "1.234,56 €" });
    expect(ok).toMatchObject({ price: "1234.56", currency: "EUR", source: "manual" });
    const bad = createPriceBody.safeParse({ code: "1", store_name: "A", price: "1.234" });
    expect(issuePaths(bad)).toEqual(["price"]);
    expect(bad.error?.issues[0]?.message).toMatch(/ambiguous/);
  });

  it("needs a product and a store for a price", () => {
    expect(issuePaths(createPriceBody.safeParse({ price: "1" }))).toEqual(["code", "store_id"]);
  });

  it("needs person_id or person_name for a card", () => {
    expect(issuePaths(createCardBody.safeParse({ card_value: "1" }))).toEqual(["person_name"]);
    expect(createCardBody.parse({ card_value: "1", person_id: 3 }).person_id).toBe(3);
  });
});

describe("foldText", () => {
  it("drops case, accents and extra spaces", () => {
    expect(foldText("  Pão   de FORMA Ação ")).toBe("pao de forma acao");
    expect(searchTextOf({ name: "Café Délta", brand: "Nestlé", code: "560" })).toBe("cafe delta nestle 560");
  });
});
