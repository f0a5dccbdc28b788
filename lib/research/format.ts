// How research values leave the server: prices as "12.50" strings, price_fmt
// in pt-PT, timestamps as ISO 8601 UTC.
import { formatPricePt } from "@/lib/money/parse-price";

/**
 * `price_fmt` of docs/contract.md ("Research decisions"): "1234,56 €", or null without a price. Intl puts a
 * no-break space (U+00A0) before "€" and narrow ones (U+202F) between groups;
 * the API gives plain spaces so agents and scripts can match the text as
 * the contract writes it (pages keep it on one line with CSS instead).
 */
export function formatPriceFmt(price: string | null, currency: string): string | null {
  if (price === null) return null;
  return formatPricePt(price, currency).replace(/[\u00a0\u202f\u2009]/g, " ");
}

/** A timestamp from a query as ISO 8601 UTC; raw queries may hand back text. */
export function isoTime(value: Date | string): string;
export function isoTime(value: Date | string | null): string | null;
export function isoTime(value: Date | string | null): string | null {
  if (value === null) return null;
  return (value instanceof Date ? value : new Date(value)).toISOString();
}
