import { useLocale, useTranslations } from "next-intl";
import type { ReactNode } from "react";
import { Money } from "@/components/ui/money";
import { Notice } from "@/components/ui/notice";
import { Time } from "@/components/ui/time";
import { formatMoney } from "@/lib/i18n/format";
import { invoiceEffect, uncountedReason } from "@/lib/scan/fatura-totals";
import type { InvoiceItem } from "@/lib/scan/schemas";

const RATES = ["exempt", "reduced", "intermediate", "normal"] as const;
type Rate = (typeof RATES)[number];
const isRate = (rate: string): rate is Rate => (RATES as readonly string[]).includes(rate);

/** uncountedReason's words (lib/scan/fatura-totals.ts) as catalogue keys. */
const REASONS = { Cancelled: "cancelled", "Self-billed": "selfBilled", "Not a sale": "notSale" } as const;

/** A fatura as read from its AT QR code; a malformed one shows its parse error and whatever was read. */
export function InvoiceDetails({ invoice }: { invoice: InvoiceItem }) {
  const t = useTranslations("scan.invoice");
  const locale = useLocale();
  const fields: [string, ReactNode][] = [
    [t("issuerNif"), invoice.issuer_nif],
    [t("date"), invoice.doc_date ? <Time iso={invoice.doc_date.slice(0, 10)} style="date" /> : null],
    [t("document"), documentName(invoice)],
    [t("atcud"), invoice.atcud],
    [t("buyerNif"), invoice.buyer_nif === "999999990" ? t("finalConsumer") : invoice.buyer_nif],
  ];
  const note = useCountingNote(invoice);
  return (
    <section aria-label={t("label")} className="space-y-2">
      {invoice.parse_error ? (
        <Notice tone="warn">
          <p>{t("unreadable")}</p>
          {/* The reader's own diagnosis, stored with the invoice in the API's language (docs/decisions/013-languages.md). */}
          <p className="mt-1 text-xs">
            {t("unreadableDetail")}: <span lang="en">{invoice.parse_error}</span>
          </p>
        </Notice>
      ) : null}
      <dl className="grid grid-cols-[auto_1fr] gap-x-3 gap-y-1 text-sm">
        {fields
          .filter(([, value]) => value)
          .map(([label, value]) => (
            <div key={label} className="contents">
              <dt className="text-muted">{label}</dt>
              <dd className="min-w-0 break-words">{value}</dd>
            </div>
          ))}
      </dl>
      {invoice.vat_lines.length > 0 ? (
        <table className="w-full text-sm">
          <caption className="sr-only">{t("vat")}</caption>
          <thead className="text-left text-xs text-muted">
            <tr>
              <th scope="col" className="font-normal">
                {t("vat")}
              </th>
              <th scope="col" className="text-right font-normal">
                {t("base")}
              </th>
              <th scope="col" className="text-right font-normal">
                {t("tax")}
              </th>
            </tr>
          </thead>
          <tbody>
            {invoice.vat_lines.map((line) => (
              <tr key={`${line.region}-${line.rate}`}>
                <td>
                  {isRate(line.rate) ? t(`rates.${line.rate}`) : line.rate}{" "}
                  <span className="text-xs text-muted">{line.region}</span>
                </td>
                <td className="text-right">
                  <Money amount={line.base} />
                </td>
                <td className="text-right">
                  <Money amount={line.vat} />
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      ) : null}
      <div className="flex items-baseline justify-between border-t border-line pt-2">
        <span className="text-sm text-muted">{t("taxTotal", { amount: formatMoney(locale, invoice.total_tax) })}</span>
        <span className="text-lg font-semibold" data-testid="invoice-total">
          <Money amount={invoice.gross_total} />
        </span>
      </div>
      {note ? (
        <p className="text-sm text-muted" data-testid="invoice-counting">
          {note}
        </p>
      ) : null}
    </section>
  );
}

/** How an invoice counts in its session's total (docs/faturas.md); null for a plain sale or an unreadable code. */
function useCountingNote(invoice: InvoiceItem): string | null {
  const t = useTranslations("scan.invoice");
  const reason = useReason(invoice);
  if (invoice.parse_error) return null;
  const effect = invoiceEffect(effectInput(invoice));
  if (effect === "subtracts") return t("creditNote");
  if (effect === "adds") return null;
  return t("notCounted", { reason });
}

function useReason(invoice: InvoiceItem): string {
  const t = useTranslations("scan.invoice.reasons");
  const reason = uncountedReason(effectInput(invoice));
  return t(reason && reason in REASONS ? REASONS[reason as keyof typeof REASONS] : "notSale");
}

/** An invoice's amount in a list of scans: what it does to the session's total. */
export function InvoiceAmount({ invoice }: { invoice: InvoiceItem }) {
  const t = useTranslations("scan.invoice");
  const reason = useReason(invoice);
  if (invoice.parse_error) return <span className="font-semibold">{t("unreadableShort")}</span>;
  const effect = invoiceEffect(effectInput(invoice));
  if (effect === "subtracts") {
    return <Money amount={`-${invoice.gross_total ?? "0"}`} className="font-semibold" />;
  }
  if (effect === "adds") return <Money amount={invoice.gross_total} className="font-semibold" />;
  return (
    <span className="text-muted">
      {reason} ·{" "}
      <s>
        <Money amount={invoice.gross_total} />
      </s>
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
