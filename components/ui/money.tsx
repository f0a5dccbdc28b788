import { useLocale } from "next-intl";
import { formatMoney } from "@/lib/i18n/format";

/** An amount from the API ("12.50") in the reader's language: 12,50 € or €12.50. */
export function Money({
  amount,
  currency = "EUR",
  className,
}: {
  amount: string | number | null | undefined;
  currency?: string;
  className?: string;
}) {
  const locale = useLocale();
  return <span className={`tabular-nums ${className ?? ""}`.trim()}>{formatMoney(locale, amount, currency)}</span>;
}
