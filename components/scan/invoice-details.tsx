import type { InvoiceItem } from "@/lib/scan/schemas";
import { formatDate, formatMoney } from "@/lib/scan/client/format";
import { invoiceEffect, uncountedReason } from "@/lib/scan/fatura-totals";

const RATE_LABEL: Record<string, string> = {
  exempt: "Exempt",
  reduced: "Reduced",
  intermediate: "Intermediate",
  normal: "Normal",
};

/** A fatura as read from its AT QR code; a malformed one shows its parse error and whatever was read. */
export function InvoiceDetails({ invoice }: { invoice: InvoiceItem }) {
  const fields: [string, string | null][] = [
    ["Issuer NIF", invoice.issuer_nif],
    ["Date", invoice.doc_date ? formatDate(invoice.doc_date) : null],
    ["Document", documentName(invoice)],
    ["ATCUD", invoice.atcud],
    ["Buyer NIF", invoice.buyer_nif === "999999990" ? "Final consumer" : invoice.buyer_nif],
  ];
  return (
    <section aria-label="Invoice" className="space-y-2">
      {invoice.parse_error ? (
        <p
          role="alert"
          className="rounded-lg bg-amber-50 p-2 text-sm text-amber-900 ui-d:bg-black ui-d:text-yellow-300"
        >
          This invoice could not be read fully: {invoice.parse_error}
        </p>
      ) : null}
      <dl className="grid grid-cols-[auto_1fr] gap-x-3 gap-y-1 text-sm">
        {fields
          .filter(([, value]) => value)
          .map(([label, value]) => (
            <div key={label} className="contents">
              <dt className="text-slate-500 ui-d:text-slate-300">{label}</dt>
              <dd className="min-w-0 break-words">{value}</dd>
            </div>
          ))}
      </dl>
      {invoice.vat_lines.length > 0 ? (
        <table className="w-full text-sm">
          <caption className="sr-only">VAT</caption>
          <thead className="text-left text-xs text-slate-500 ui-d:text-slate-300">
            <tr>
              <th className="font-normal">VAT</th>
              <th className="text-right font-normal">Base</th>
              <th className="text-right font-normal">Tax</th>
            </tr>
          </thead>
          <tbody>
            {invoice.vat_lines.map((line) => (
              <tr key={`${line.region}-${line.rate}`}>
                <td>
                  {RATE_LABEL[line.rate] ?? line.rate} <span className="text-xs text-slate-500">{line.region}</span>
                </td>
                <td className="text-right tabular-nums">{formatMoney(line.base)}</td>
                <td className="text-right tabular-nums">{formatMoney(line.vat)}</td>
              </tr>
            ))}
          </tbody>
        </table>
      ) : null}
      <div className="flex items-baseline justify-between border-t border-slate-200 pt-2">
        <span className="text-sm text-slate-600 ui-d:text-slate-300">Tax {formatMoney(invoice.total_tax)}</span>
        <span className="text-lg font-semibold tabular-nums" data-testid="invoice-total">
          {formatMoney(invoice.gross_total)}
        </span>
      </div>
      {countingNote(invoice) ? (
        <p className="text-sm text-slate-600 ui-d:text-slate-300" data-testid="invoice-counting">
          {countingNote(invoice)}
        </p>
      ) : null}
    </section>
  );
}

/** How an invoice counts in its session's total (docs/faturas.md); null for a plain sale or an unreadable code. */
function countingNote(invoice: InvoiceItem): string | null {
  if (invoice.parse_error) return null;
  const effect = invoiceEffect(effectInput(invoice));
  if (effect === "subtracts") return "Credit note: taken off the session's total.";
  if (effect === "adds") return null;
  return `${uncountedReason(effectInput(invoice))}: not in the session's total.`;
}

/** An invoice's amount in a list of scans: what it does to the session's total. */
export function InvoiceAmount({ invoice }: { invoice: InvoiceItem }) {
  if (invoice.parse_error) return <span className="font-semibold">Unreadable invoice</span>;
  const effect = invoiceEffect(effectInput(invoice));
  if (effect === "subtracts") {
    return <span className="font-semibold tabular-nums">{formatMoney(`-${invoice.gross_total ?? "0"}`)}</span>;
  }
  if (effect === "adds") return <span className="font-semibold tabular-nums">{formatMoney(invoice.gross_total)}</span>;
  return (
    <span className="text-slate-600 tabular-nums ui-d:text-slate-300">
      {uncountedReason(effectInput(invoice))} · <s>{formatMoney(invoice.gross_total)}</s>
    </span>
  );
}

function effectInput(invoice: InvoiceItem) {
  return { parseError: invoice.parse_error, docType: invoice.doc_type, docStatus: invoice.doc_status };
}

/** "FS CDVF/12345": the id usually starts with its type already; add the type only when it does not. */
export function documentName(invoice: Pick<InvoiceItem, "doc_type" | "doc_id">): string | null {
  const { doc_type: type, doc_id: id } = invoice;
  if (!id) return type;
  return type && !id.startsWith(`${type} `) ? `${type} ${id}` : id;
}
