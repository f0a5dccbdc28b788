// Reads a price the way people type it in Portugal and elsewhere in Europe and
// returns a plain decimal string for a Decimal(12,2) column (docs/contract.md, "JSON endpoints": money is
// never a float; ambiguous or non-numeric input is an error naming the field).
//
// Rules, in order:
// - A currency marker `€` or `EUR` (any case) may stand before or after the
//   amount. Other currencies are refused on purpose: the amount is stored next
//   to a separate `currency` field, and silently dropping "$" or "USD" would
//   file a dollar price as euros.
// - Thousands may be grouped with `.`, `,`, a space, NBSP (U+00A0), narrow
//   NBSP (U+202F) or thin space (U+2009); groups after the first are exactly
//   three digits, and only one kind of grouping character is allowed.
// - With both `.` and `,` present, the LAST one is the decimal separator.
// - With spaces as grouping, a single `.` or `,` is the decimal separator.
// - With only one `.` or `,` present (no spaces):
//     - repeated (`1.234.567`) → thousands grouping, integer amount;
//     - once, followed by 1–2 digits (`12,5`, `12.50`) → decimal separator;
//     - once, followed by exactly 3 digits, with 1–3 leading digits not
//       starting with 0 (`1.234`, `1,234`, `999,999`) → AMBIGUOUS, an error:
//       Portuguese `1.234` means 1234 but English `1.234` means 1.234, and a
//       wrong guess is off by a factor of 1000;
//     - otherwise (`0,125`, `1234.5`, `12.5000`) → decimal separator.
// - At most 2 decimals; further decimals are accepted only when they are zeros
//   (`12.500` is ambiguous, but `1234.500` and `0,500` are not).
// - Negative amounts and amounts ≥ 10^10 (beyond Decimal(12,2)) are errors.

const MAX_INPUT_LENGTH = 64;
const MAX_INTEGER_DIGITS = 10; // Decimal(12,2): 10 digits before the point.
const HINT = "use 12,50 or 12.50";

export type PriceFormatReason = "empty" | "not_a_number" | "ambiguous" | "negative" | "too_many_decimals" | "too_large";

/**
 * Thrown by `parsePrice`. `message` is `"<field>: <detail>"`, one sentence a
 * person can act on; `detail` is the same without the field name, for callers
 * (zod issues) that add the path themselves.
 */
export class PriceFormatError extends Error {
  readonly reason: PriceFormatReason;
  readonly field: string;
  readonly detail: string;

  constructor(reason: PriceFormatReason, detail: string, field = "price") {
    super(`${field}: ${detail}`);
    this.name = "PriceFormatError";
    this.reason = reason;
    this.field = field;
    this.detail = detail;
  }
}

export type ParsePriceOptions = {
  /** Name used in error messages; defaults to "price". */
  field?: string;
};

/**
 * Parses a price typed by a person (or sent as a JSON number) into a decimal
 * string with exactly two decimals, e.g. `"1.234,56 €"` → `"1234.56"`.
 * Throws `PriceFormatError` for empty, non-numeric, ambiguous, negative,
 * sub-cent or too large amounts.
 */
export function parsePrice(input: string | number, options: ParsePriceOptions = {}): string {
  const field = options.field ?? "price";
  if (typeof input === "number") return parseNumber(input, field);
  if (typeof input !== "string") {
    throw new PriceFormatError("not_a_number", `expected text or a number; ${HINT}`, field);
  }
  return parseText(input, field);
}

function parseNumber(input: number, field: string): string {
  const shown = String(input);
  if (!Number.isFinite(input)) {
    throw new PriceFormatError("not_a_number", `could not read ${quote(shown)} as an amount; ${HINT}`, field);
  }
  if (input < 0) throw negative(shown, field);
  // String(n) is the shortest text that round-trips, so 12.5 → "12.5" and a
  // float-arithmetic artefact like 0.1 + 0.2 → "0.30000000000000004" (refused
  // below as sub-cent, which it is). Exponent forms only occur for tiny or huge
  // values and are refused as unreadable or too large.
  const match = /^(\d+)(?:\.(\d+))?$/.exec(shown);
  if (!match) {
    if (input >= 1e10) throw tooLarge(shown, field);
    throw new PriceFormatError("not_a_number", `could not read ${quote(shown)} as an amount; ${HINT}`, field);
  }
  return assemble(match[1] ?? "0", match[2] ?? "", shown, field);
}

function parseText(raw: string, field: string): string {
  const text = raw.trim();
  if (text === "") throw new PriceFormatError("empty", `is empty; ${HINT}`, field);
  const unreadable = () =>
    new PriceFormatError("not_a_number", `could not read ${quote(raw)} as an amount; ${HINT}`, field);
  if (text.length > MAX_INPUT_LENGTH) throw unreadable();

  const core = stripCurrency(text);
  // "-5", "€ -5", "-€5", "−5 €" (U+2212 minus) are all negative, not unreadable.
  if (/^[-\u2212]/.test(core)) throw negative(raw, field);
  if (!/^[\d.,\u0020\u00a0\u202f\u2009]+$/.test(core) || !/\d/.test(core)) throw unreadable();

  const compact = core.replace(/[\u00a0\u202f\u2009]/g, " ");
  const spaceGrouped = compact.includes(" ");
  if (compact.includes("  ")) throw unreadable();

  const dots = count(compact, ".");
  const commas = count(compact, ",");

  let integerText: string;
  let fraction = "";
  let groupSeparator: string | null;
  let decimalSeparator: string | null = null;

  if (dots > 0 && commas > 0) {
    if (spaceGrouped) throw unreadable(); // two kinds of grouping: "1 234.567,89"
    decimalSeparator = compact.lastIndexOf(",") > compact.lastIndexOf(".") ? "," : ".";
    if (count(compact, decimalSeparator) !== 1) throw unreadable();
    [integerText, fraction] = splitOnce(compact, decimalSeparator);
    groupSeparator = decimalSeparator === "," ? "." : ",";
    if (fraction.includes(groupSeparator)) throw unreadable();
  } else if (dots + commas === 0) {
    integerText = compact;
    groupSeparator = spaceGrouped ? " " : null;
  } else {
    const separator = dots > 0 ? "." : ",";
    const occurrences = dots + commas;
    if (spaceGrouped) {
      if (occurrences !== 1) throw unreadable();
      decimalSeparator = separator;
      [integerText, fraction] = splitOnce(compact, separator);
      groupSeparator = " ";
    } else if (occurrences > 1) {
      integerText = compact;
      groupSeparator = separator;
    } else {
      decimalSeparator = separator;
      [integerText, fraction] = splitOnce(compact, separator);
      groupSeparator = null;
      if (/^[1-9]\d{0,2}$/.test(integerText) && /^\d{3}$/.test(fraction)) {
        throw new PriceFormatError(
          "ambiguous",
          `${quote(raw)} is ambiguous (thousands or decimals?); write ${integerText}${fraction} or ${integerText}${separator}${fraction}${separator === "," ? ".00" : ",00"} if you mean thousands, or use at most 2 decimals`,
          field,
        );
      }
    }
  }

  const integerDigits = ungroup(integerText, groupSeparator);
  if (integerDigits === null || !/^\d*$/.test(fraction)) throw unreadable();
  // "12," or "12." leave nothing after the separator: refuse rather than guess
  // whether something was cut off.
  if (decimalSeparator !== null && fraction === "") throw unreadable();
  if (integerDigits === "" && fraction === "") throw unreadable();
  return assemble(integerDigits === "" ? "0" : integerDigits, fraction, raw, field);
}

// Removes one leading and one trailing currency marker ("€", "EUR").
function stripCurrency(text: string): string {
  return text
    .replace(/^(?:€|eur(?![a-z]))[\s\u00a0\u202f]*/i, "")
    .replace(/[\s\u00a0\u202f]*(?:€|(?<![a-z])eur)$/i, "")
    .trim();
}

// Validates thousands grouping and returns the bare digits, or null when the
// grouping is malformed ("1.23.456", "12,34,567", ".123").
function ungroup(integerText: string, separator: string | null): string | null {
  if (separator === null) return /^\d*$/.test(integerText) ? integerText : null;
  if (!integerText.includes(separator)) return /^\d*$/.test(integerText) ? integerText : null;
  const groups = integerText.split(separator);
  const [first, ...rest] = groups;
  if (first === undefined || !/^[1-9]\d{0,2}$/.test(first)) return null;
  if (!rest.every((group) => /^\d{3}$/.test(group))) return null;
  return groups.join("");
}

function assemble(integerDigits: string, fraction: string, raw: string | number, field: string): string {
  const cents = fraction.slice(0, 2).padEnd(2, "0");
  if (/[1-9]/.test(fraction.slice(2))) {
    throw new PriceFormatError(
      "too_many_decimals",
      `${quote(String(raw))} has more than 2 decimals; round it to cents, e.g. 12,35`,
      field,
    );
  }
  const integer = integerDigits.replace(/^0+(?=\d)/, "");
  if (integer.length > MAX_INTEGER_DIGITS) throw tooLarge(String(raw), field);
  return `${integer}.${cents}`;
}

function negative(raw: string, field: string): PriceFormatError {
  return new PriceFormatError("negative", `${quote(raw)} is negative; a price is 0 or more`, field);
}

function tooLarge(raw: string, field: string): PriceFormatError {
  return new PriceFormatError("too_large", `${quote(raw)} is too large; the most it can be is 9999999999,99`, field);
}

function count(text: string, char: string): number {
  return text.split(char).length - 1;
}

function splitOnce(text: string, separator: string): [string, string] {
  const index = text.indexOf(separator);
  return [text.slice(0, index), text.slice(index + 1)];
}

// Quotes user input for a message without echoing a whole paste back.
function quote(raw: string): string {
  const short = raw.length > 40 ? `${raw.slice(0, 40)}…` : raw;
  return JSON.stringify(short);
}

const formatters = new Map<string, Intl.NumberFormat>();

/**
 * Formats a decimal amount (`"1234.56"`, as stored or returned by `parsePrice`)
 * for display in pt-PT, e.g. `formatPricePt("1234.56", "EUR")` → `"1234,56 €"`.
 * The space before the symbol is the NBSP Intl gives (so "€" never wraps onto
 * its own line), and pt-PT groups only from 5 integer digits: `"12 345,67 €"`.
 * The amount is passed to Intl as text, so no float rounding happens.
 */
export function formatPricePt(amount: string, currency: string): string {
  const text = amount.trim();
  if (!/^-?\d+(?:\.\d+)?$/.test(text)) {
    throw new PriceFormatError("not_a_number", `could not read ${quote(amount)} as an amount; ${HINT}`, "amount");
  }
  const code = currency.trim().toUpperCase();
  let formatter = formatters.get(code);
  if (!formatter) {
    formatter = new Intl.NumberFormat("pt-PT", { style: "currency", currency: code });
    formatters.set(code, formatter);
  }
  // Passing the text (Intl.NumberFormat v3) keeps every digit; a Number would
  // lose precision above 2^53.
  return formatter.format(text as `${number}`);
}
