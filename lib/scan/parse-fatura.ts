import { isValidNif } from "@/lib/scan/nif";

// Reads the QR code printed on Portuguese invoices and receipts (AT,
// "Especificações Técnicas Código QR", Portaria n.º 195/2020; docs/faturas.md;
// docs/contract.md, "Scan decisions"). The content is `CODE:value` fields joined by `*`, e.g.
//   A:123456789*B:999999990*C:PT*D:FS*E:N*F:20190812*G:FS CDVF/12345*
//   H:CDF7T5HD-12345*I1:PT*I7:0.65*I8:0.15*N:0.15*O:0.80*Q:YhGV*R:9999*S:NU;0.80
//
// Never throws: a malformed fatura is still a scan worth keeping, so the caller
// gets the error text plus every field that did validate. Fields in `partial`
// have passed the same checks as in a full invoice, so storing them cannot
// fail on length or Decimal(12,2) precision.
//
// Decisions the spec leaves open:
// - Field order is not enforced (the spec prescribes one, but a reordered code
//   is still unambiguous); unknown and repeated codes are errors.
// - Values are trimmed: the spec's own examples have `G: M1F KLG/6145`.
// - I1/J1/K1 accept PT, PT-AC, PT-MA or another ISO 3166-1 alpha-2 country
//   (the spec's example of an invoice with a foreign VAT rate has `I1:FR`);
//   only I1 may be `0` (document without VAT).
// - A rate line exists when its base or its VAT field is present; the missing
//   half is "0.00" (a VAT-only tax correction has `I6` without `I5`). Exempt
//   lines have no VAT field, so their `vat` is always "0.00".
// - `H:0` (no ATCUD) and `Q:0` (no hash) become null.
// - When C is PT the buyer must be a valid NIF (999999990 is one); otherwise
//   any 1–30 characters.
// - Totals are not cross-checked against the VAT lines: rounding and amounts
//   outside these fields (stamp duty, non-taxable) make such a check unreliable.

export const MAX_FATURA_LENGTH = 2000;

export type VatRate = "exempt" | "reduced" | "intermediate" | "normal";

export type VatLine = {
  /** Fiscal space: "PT", "PT-AC" (Azores), "PT-MA" (Madeira) or another country code. */
  region: string;
  rate: VatRate;
  base: string;
  vat: string;
};

export type FaturaInvoice = {
  issuerNif: string;
  buyerNif: string;
  country: string;
  docType: string;
  docStatus: string;
  /** YYYY-MM-DD */
  docDate: string;
  docId: string;
  atcud: string | null;
  vatLines: VatLine[];
  nonTaxable: string | null;
  stampDuty: string | null;
  totalTax: string;
  grossTotal: string;
  withholding: string | null;
  hash4: string | null;
  certificate: string;
  other: string | null;
};

export type ParseFaturaResult =
  { ok: true; invoice: FaturaInvoice } | { ok: false; error: string; partial: Partial<FaturaInvoice> };

const REQUIRED = ["A", "B", "C", "D", "E", "F", "G", "H", "I1", "N", "O", "Q", "R"] as const;
const FIELD_CODE = /^(?:[A-HL-S]|[IJK][1-8])$/;
const AMOUNT = /^\d{1,13}\.\d{2}$/; // 16 characters at most, per the spec
const MAX_INTEGER_DIGITS = 10; // Decimal(12,2)
const MAX_MESSAGES = 5;

const LABELS: Record<string, string> = {
  A: "issuer NIF",
  B: "buyer NIF",
  C: "buyer country",
  D: "document type",
  E: "document status",
  F: "document date",
  G: "document id",
  H: "ATCUD",
  I1: "VAT region",
  N: "total tax",
  O: "gross total",
  Q: "hash",
  R: "certificate number",
};

const RATE_FIELDS: { rate: VatRate; base: number; vat: number | null }[] = [
  { rate: "exempt", base: 2, vat: null },
  { rate: "reduced", base: 3, vat: 4 },
  { rate: "intermediate", base: 5, vat: 6 },
  { rate: "normal", base: 7, vat: 8 },
];

/**
 * Cheap test used to classify a scan: starts with an `A:` field and has an
 * `H:` (ATCUD) field among `*`-separated fields, or is made of at least four
 * `*`-separated fields that all open with a fatura field code. Deliberately
 * looser than `parseFatura`, so a damaged fatura is still classified as one
 * and stored with its parse error: real damaged codes lack H or A (see
 * tests/fixtures/faturas).
 */
export function looksLikeFatura(value: string): boolean {
  const text = value.trim();
  if (/^A:[^*]*\*/.test(text) && /\*H:/.test(text)) return true;
  const segments = text.split("*").filter((segment) => segment !== "");
  return segments.length >= MIN_FIELDS_TO_CLASSIFY && segments.every((segment) => FIELD_PREFIX.test(segment));
}

const MIN_FIELDS_TO_CLASSIFY = 4;
const FIELD_PREFIX = /^\s*(?:[A-HL-S]|[IJK][1-8]):/;

export function parseFatura(input: string): ParseFaturaResult {
  const errors: string[] = [];
  const partial: Partial<FaturaInvoice> = {};
  const fail = (): ParseFaturaResult => ({ ok: false, error: summarize(errors), partial });

  const text = typeof input === "string" ? input.trim() : "";
  if (text === "") {
    errors.push("the code is empty");
    return fail();
  }
  if (text.length > MAX_FATURA_LENGTH) {
    errors.push(`the code is ${text.length} characters long; a fatura QR has at most ${MAX_FATURA_LENGTH}`);
    return fail();
  }

  const fields = new Map<string, string>();
  const segments = text.split("*");
  segments.forEach((segment, index) => {
    const colon = segment.indexOf(":");
    if (colon === -1) {
      errors.push(`part ${index + 1} (${quote(segment)}) is not CODE:value`);
      return;
    }
    const code = segment.slice(0, colon).trim();
    if (!FIELD_CODE.test(code)) {
      errors.push(`unknown field ${quote(code)}`);
      return;
    }
    if (fields.has(code)) {
      errors.push(`field ${code} appears twice`);
      return;
    }
    // Split on the FIRST colon only: values such as "G:FS CDVF/12345" or
    // free text in S may contain colons of their own.
    fields.set(code, segment.slice(colon + 1).trim());
  });

  if (fields.size === 0) {
    return { ok: false, error: "not a fatura QR: expected fields like A:123456789*B:999999990*…", partial };
  }

  const missing = REQUIRED.filter((code) => !fields.has(code));
  if (missing.length > 0) {
    errors.push(`missing ${missing.map((code) => `${code} (${LABELS[code]})`).join(", ")}`);
  }

  const read = (code: string, check: (value: string) => string | null, apply: (value: string) => void) => {
    const value = fields.get(code);
    if (value === undefined) return;
    if (value === "") {
      errors.push(`${code} is empty`);
      return;
    }
    const problem = check(value);
    if (problem) {
      errors.push(`${code} ${quote(value)} ${problem}`);
      return;
    }
    apply(value);
  };
  const text1 = (max: number) => (value: string) => (value.length <= max ? null : `is longer than ${max} characters`);

  read(
    "A",
    (value) => (isValidNif(value) ? null : "is not a valid Portuguese NIF"),
    (value) => (partial.issuerNif = value),
  );
  read(
    "B",
    (value) => {
      if (value.length > 30) return "is longer than 30 characters";
      if (fields.get("C") === "PT" && !isValidNif(value)) return "is not a valid Portuguese NIF";
      return null;
    },
    (value) => (partial.buyerNif = value),
  );
  read("C", text1(12), (value) => (partial.country = value));
  read(
    "D",
    (value) => (/^[A-Z]{2}$/.test(value) ? null : "is not a document type like FT or FS"),
    (value) => (partial.docType = value),
  );
  read(
    "E",
    (value) => (/^[A-Z]$/.test(value) ? null : "is not a document status like N or A"),
    (value) => (partial.docStatus = value),
  );
  read(
    "F",
    (value) => (toIsoDate(value) ? null : "is not a date as YYYYMMDD"),
    (value) => (partial.docDate = toIsoDate(value) ?? undefined),
  );
  read("G", text1(60), (value) => (partial.docId = value));
  read("H", text1(70), (value) => (partial.atcud = value === "0" ? null : value));
  read(
    "Q",
    (value) => (value === "0" || /^[A-Za-z0-9+/=]{4}$/.test(value) ? null : "is not 4 hash characters or 0"),
    (value) => (partial.hash4 = value === "0" ? null : value),
  );
  read(
    "R",
    (value) => (/^\d{1,4}$/.test(value) ? null : "is not a certificate number of up to 4 digits"),
    (value) => (partial.certificate = value),
  );
  read("S", text1(65), (value) => (partial.other = value));
  if (!fields.has("S")) partial.other = null;

  const amounts = new Map<string, string>();
  for (const code of fields.keys()) {
    if (!/^(?:[IJK][2-8]|[LMNOP])$/.test(code)) continue;
    read(code, checkAmount, (value) => amounts.set(code, normalizeAmount(value)));
  }
  const optionalAmount = (code: string) => (fields.has(code) ? amounts.get(code) : null);
  const setAmount = <K extends "nonTaxable" | "stampDuty" | "withholding" | "totalTax" | "grossTotal">(
    key: K,
    value: string | null | undefined,
  ) => {
    if (value !== undefined) partial[key] = value as FaturaInvoice[K];
  };
  setAmount("nonTaxable", optionalAmount("L"));
  setAmount("stampDuty", optionalAmount("M"));
  setAmount("withholding", optionalAmount("P"));
  setAmount("totalTax", amounts.get("N"));
  setAmount("grossTotal", amounts.get("O"));

  const vatLines = readVatLines(fields, amounts, errors);
  if (vatLines) partial.vatLines = vatLines;

  const invoice = errors.length === 0 ? complete(partial) : null;
  if (!invoice) return fail();
  return { ok: true, invoice };
}

function readVatLines(fields: Map<string, string>, amounts: Map<string, string>, errors: string[]): VatLine[] | null {
  const lines: VatLine[] = [];
  const regions = new Set<string>();
  let valid = true;
  for (const block of ["I", "J", "K"]) {
    const regionCode = `${block}1`;
    const region = fields.get(regionCode);
    const amountCodes = RATE_FIELDS.flatMap(({ base, vat }) => [base, vat])
      .filter((n): n is number => n !== null)
      .map((n) => `${block}${n}`)
      .filter((code) => fields.has(code));

    if (region === undefined) {
      if (amountCodes.length > 0) {
        errors.push(`${amountCodes.join(", ")} given without ${regionCode} (VAT region)`);
        valid = false;
      }
      continue;
    }
    if (region === "0" && block === "I") {
      // "I1:0": a document without VAT (e.g. a transport guide).
      if (amountCodes.length > 0) {
        errors.push(`I1 is 0 (no VAT) but ${amountCodes.join(", ")} ${amountCodes.length === 1 ? "is" : "are"} given`);
        valid = false;
      }
      continue;
    }
    if (!/^(?:PT-AC|PT-MA|[A-Z]{2})$/.test(region)) {
      errors.push(`${regionCode} ${quote(region)} is not a VAT region like PT, PT-AC or PT-MA`);
      valid = false;
      continue;
    }
    if (regions.has(region)) {
      errors.push(`VAT region ${region} appears twice`);
      valid = false;
      continue;
    }
    regions.add(region);

    for (const { rate, base, vat } of RATE_FIELDS) {
      const baseCode = `${block}${base}`;
      const vatCode = vat === null ? null : `${block}${vat}`;
      const hasBase = fields.has(baseCode);
      const hasVat = vatCode !== null && fields.has(vatCode);
      if (!hasBase && !hasVat) continue;
      const baseAmount = hasBase ? amounts.get(baseCode) : "0.00";
      const vatAmount = hasVat && vatCode ? amounts.get(vatCode) : "0.00";
      // An invalid amount was already reported by the amount check.
      if (baseAmount === undefined || vatAmount === undefined) {
        valid = false;
        continue;
      }
      lines.push({ region, rate, base: baseAmount, vat: vatAmount });
    }
  }
  // A partial invoice keeps the lines that did validate; a complete one needs all.
  return valid || lines.length > 0 ? lines : null;
}

/** What the QR may leave out; every other field must be there. */
const OPTIONAL_FIELDS = ["nonTaxable", "stampDuty", "withholding", "other"] as const satisfies (keyof FaturaInvoice)[];
type OptionalField = (typeof OPTIONAL_FIELDS)[number];
const REQUIRED_FIELDS = [
  "issuerNif",
  "buyerNif",
  "country",
  "docType",
  "docStatus",
  "docDate",
  "docId",
  "atcud",
  "vatLines",
  "totalTax",
  "grossTotal",
  "hash4",
  "certificate",
] as const satisfies Exclude<keyof FaturaInvoice, OptionalField>[];

function complete(partial: Partial<FaturaInvoice>): FaturaInvoice | null {
  if (REQUIRED_FIELDS.some((field) => partial[field] === undefined)) return null;
  const whole = { ...partial } as FaturaInvoice;
  for (const field of OPTIONAL_FIELDS) whole[field] = partial[field] ?? null;
  return whole;
}

function checkAmount(value: string): string | null {
  if (!AMOUNT.test(value)) return "is not an amount like 0.65";
  const integer = normalizeAmount(value).split(".")[0] ?? "";
  if (integer.length > MAX_INTEGER_DIGITS) return "is too large to store";
  return null;
}

function normalizeAmount(value: string): string {
  return value.replace(/^0+(?=\d)/, "");
}

// "20190812" → "2019-08-12"; null unless it is a real calendar date.
function toIsoDate(value: string): string | null {
  const match = /^(\d{4})(\d{2})(\d{2})$/.exec(value);
  if (!match) return null;
  const [, year, month, day] = match.map(Number) as [number, number, number, number];
  const date = new Date(Date.UTC(year, month - 1, day));
  if (date.getUTCFullYear() !== year || date.getUTCMonth() !== month - 1 || date.getUTCDate() !== day) return null;
  return `${match[1]}-${match[2]}-${match[3]}`;
}

function summarize(errors: string[]): string {
  const shown = errors.slice(0, MAX_MESSAGES);
  const more = errors.length - shown.length;
  return `fatura: ${shown.join("; ")}${more > 0 ? `; and ${more} more` : ""}`;
}

function quote(value: string): string {
  return JSON.stringify(value.length > 30 ? `${value.slice(0, 30)}…` : value);
}
