import { describe, expect, it } from "vitest";
import { yymmdd } from "@/lib/db/daily-counter";
import { formatBrId } from "@/lib/research/br-id";
import { formatPriceFmt } from "@/lib/research/format";
import { createNoteBody, listNotesQuery, observeBody } from "@/lib/research/schemas";

describe("observeBody", () => {
  it("fills defaults and normalises choices, currency and price", () => {
    expect(
      observeBody.parse({
        item_name: " Lamp ",
        source: "Shop",
        condition: " NEW ",
        availability: "In_Stock",
        currency: "gbp",
        price: "1.234,5",
      }),
    ).toEqual({
      item_name: "Lamp",
      source: "Shop",
      condition: "new",
      availability: "in_stock",
      currency: "GBP",
      price: "1234.50",
    });
    expect(observeBody.parse({ item_id: "7", source: "A" })).toEqual({
      item_id: 7,
      source: "A",
      condition: null,
      availability: "unknown",
      currency: "EUR",
      price: null,
    });
  });

  it.each([
    [{ item_name: "x", source: "A", price: null }, null],
    [{ item_name: "x", source: "A", price: "  " }, null],
    [{ item_name: "x", source: "A", price: 0 }, "0.00"],
    [{ item_name: "x", source: "A", price: "12,50 €" }, "12.50"],
  ])("reads price of %j as %j", (input, price) => {
    expect(observeBody.parse(input).price).toBe(price);
  });

  it("treats null and blank optional texts as not given", () => {
    const parsed = observeBody.parse({ item_name: "x", source: "A", notes: null, url: "", session_slug: "  " });
    expect(parsed.notes).toBeUndefined();
    expect(parsed.url).toBeUndefined();
    expect(parsed.session_slug).toBeUndefined();
  });

  it.each([
    ["item_id", { source: "A" }],
    ["source", { item_name: "x" }],
    ["url", { item_name: "x", source: "A", url: "data:text/html,<b>" }],
    ["currency", { item_name: "x", source: "A", currency: "E1R" }],
    ["price", { item_name: "x", source: "A", price: "12.345" }],
    ["condition", { item_name: "x", source: "A", condition: "refurbished" }],
    ["item_name", { item_name: "a\u0000", source: "A" }],
  ])("refuses a bad %s", (path, input) => {
    const result = observeBody.safeParse(input);
    expect(result.success).toBe(false);
    expect(result.error?.issues.map((issue) => issue.path.join("."))).toContain(path);
  });
});

describe("notes schemas", () => {
  it("createNoteBody trims content and keeps session_slug optional", () => {
    expect(createNoteBody.parse({ content: " hi " })).toEqual({ content: "hi" });
    expect(createNoteBody.safeParse({ content: "" }).success).toBe(false);
  });

  it("listNotesQuery defaults limit to 30 and bounds it to 1..200", () => {
    expect(listNotesQuery.parse({})).toEqual({ limit: 30 });
    expect(listNotesQuery.parse({ limit: "200", session_slug: "s" })).toEqual({ limit: 200, session_slug: "s" });
    for (const limit of ["0", "201", "1.5", "x", ""]) expect(listNotesQuery.safeParse({ limit }).success).toBe(false);
  });
});

describe("br_id and price_fmt", () => {
  it("formats BR-<yymmdd>-<n> from the UTC day", () => {
    expect(yymmdd(new Date("2026-01-05T23:59:59.999Z"))).toBe("260105");
    expect(yymmdd(new Date("2026-01-05T23:30:00-01:00"))).toBe("260106");
    expect(formatBrId("260105", 12)).toBe("BR-260105-12");
  });

  it("formats prices in pt-PT with plain spaces (no NBSP), null without a price", () => {
    expect(formatPriceFmt("1234.56", "EUR")).toBe("1234,56 €");
    expect(formatPriceFmt("12345.67", "EUR")).toBe("12 345,67 €");
    expect(formatPriceFmt("0.50", "EUR")).toBe("0,50 €");
    expect(formatPriceFmt("1234.56", "EUR")).not.toMatch(/[\u00a0\u202f]/);
    expect(formatPriceFmt(null, "EUR")).toBeNull();
  });
});
