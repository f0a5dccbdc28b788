// Spreadsheet formula cells ("CSV injection", OWASP): a cell that starts with
// `=`, `+`, `-`, `@`, a tab or a carriage return may be run as a formula when
// the file is opened in a spreadsheet (`=HYPERLINK(…)` leaks data, DDE runs
// programs). Exports prefix such cells with an apostrophe, which spreadsheets
// read as "this is text"; imports refuse them, except in that neutralised
// form (docs/decisions/007-wallet-import-export.md). No server imports.

const FORMULA_START = /^[=@\t\r]/;
// A sign followed by digits and punctuation only is a number (`-5317`,
// `+351 912 345 678`), not a formula: no function can be named without letters.
const SIGNED = /^[+-]/;
const PLAIN_NUMBER = /^[+-][\d\s.,/()+-]*$/;

export function looksLikeFormula(cell: string): boolean {
  if (FORMULA_START.test(cell)) return true;
  return SIGNED.test(cell) && !PLAIN_NUMBER.test(cell);
}

/** The cell as an export writes it: formula-like cells get a leading apostrophe. */
export function neutraliseCell(cell: string): string {
  return looksLikeFormula(cell) ? `'${cell}` : cell;
}

/** An imported cell that an export neutralised, back to its text; anything else unchanged. */
export function restoreCell(cell: string): string {
  return cell.startsWith("'") && looksLikeFormula(cell.slice(1)) ? cell.slice(1) : cell;
}
