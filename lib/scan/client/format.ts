import { formatMoney as formatMoneyIn } from "@/lib/i18n/format";

// Kept for pages not yet on the reader's language: money the Portuguese way.
// New code: <Money amount=…/> (components/ui/money.tsx) or lib/i18n/format.ts
// with the page's locale; dates with <Time iso=…/> (components/ui/time.tsx).

/** @deprecated use `<Money>` or `formatMoney(locale, …)` from lib/i18n/format. */
export function formatMoney(amount: string | null, currency = "EUR"): string {
  return formatMoneyIn("pt-PT", amount, currency);
}
