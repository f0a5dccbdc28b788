// What a fatura does to the money a session adds up (docs/faturas.md).
// The AT code's D is the SAF-T (PT) document type and E its status; only a
// sale the household paid counts:
// - FT, FS, FR and ND add their gross total; NC (credit note) subtracts it:
//   the spec's amounts are always positive, the type carries the sign.
// - Every other type is not a payment: transport guides (GT, GR, …), working
//   documents (PF pro-forma, OR quote, NE order, CM table bill, …) and
//   receipts (RC, RG acknowledge an invoice that already counts).
// - Status A (anulado) is a cancelled document; status S (autofaturação) is
//   issued by the buyer for its supplier, so the household was paid. Neither
//   counts. N, F (faturado) and R (summary) are sales as issued.
// A code that could not be read never counts: its amounts are not trusted.

export const SALE_DOC_TYPES = ["FT", "FS", "FR", "ND"] as const;
export const REFUND_DOC_TYPES = ["NC"] as const;
export const UNCOUNTED_STATUSES = ["A", "S"] as const;

export type InvoiceEffect = "adds" | "subtracts" | "none";

export type InvoiceEffectInput = {
  parseError: string | null;
  docType: string | null;
  docStatus: string | null;
};

export function invoiceEffect({ parseError, docType, docStatus }: InvoiceEffectInput): InvoiceEffect {
  if (parseError !== null || docType === null || docStatus === null) return "none";
  if ((UNCOUNTED_STATUSES as readonly string[]).includes(docStatus)) return "none";
  if ((SALE_DOC_TYPES as readonly string[]).includes(docType)) return "adds";
  if ((REFUND_DOC_TYPES as readonly string[]).includes(docType)) return "subtracts";
  return "none";
}

/** Why an invoice read without error is left out of the totals, in a few words for a person; null when it counts. */
export function uncountedReason({ docType, docStatus }: Omit<InvoiceEffectInput, "parseError">): string | null {
  if (docStatus === "A") return "Cancelled";
  if (docStatus === "S") return "Self-billed";
  if (invoiceEffect({ parseError: null, docType, docStatus }) !== "none") return null;
  return "Not a sale";
}
