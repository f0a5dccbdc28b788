import { describe, expect, it } from "vitest";
import { formatMoney } from "@/lib/scan/client/format";

describe("formatMoney", () => {
  it("shows euros the Portuguese way and leaves gaps visible", () => {
    expect(formatMoney("1234.56").replace(/\s/g, " ")).toBe("1 234,56 €");
    expect(formatMoney("0.80").replace(/\s/g, " ")).toBe("0,80 €");
    expect(formatMoney(null)).toBe("—");
    expect(formatMoney("abc")).toBe("abc");
  });
});
