"use client";

import Link from "next/link";
import { formatDateTime, formatMoney } from "@/lib/scan/client/format";
import { FetchError } from "@/lib/http/fetcher";
import { useLatestPrices } from "@/lib/scan/use-scan-result";

const SHOWN = 5;

/** The latest price of a product in each store, cheapest first. */
export function PricePanel({ code, prefix }: { code: string; prefix: string }) {
  const { data, error, isLoading } = useLatestPrices(code);
  const prices = data?.prices ?? [];
  return (
    <section aria-label="Prices" className="space-y-2">
      <h3 className="text-sm font-semibold">Latest prices</h3>
      {isLoading ? <p className="text-sm text-slate-500">Loading prices…</p> : null}
      {error ? (
        <p role="alert" className="text-sm text-red-700 ui-d:text-red-300">
          {error instanceof FetchError ? error.message : "Prices could not be loaded."}
        </p>
      ) : null}
      {data && prices.length === 0 ? (
        <p className="text-sm text-slate-600 ui-d:text-slate-300">No prices recorded for this product yet.</p>
      ) : null}
      {prices.length > 0 ? (
        <ul className="divide-y divide-slate-200 text-sm">
          {prices.slice(0, SHOWN).map((price) => (
            <li key={price.id} className="flex items-baseline justify-between gap-3 py-1.5">
              <span className="min-w-0 truncate">{price.store_name}</span>
              <span className="shrink-0 text-right">
                <span className="font-semibold tabular-nums">{formatMoney(price.price, price.currency)}</span>
                {price.likely_typo ? (
                  <span className="ml-1 rounded bg-amber-100 px-1 text-xs text-amber-900">likely typo</span>
                ) : null}
                <span className="block text-xs text-slate-500 ui-d:text-slate-300">
                  {formatDateTime(price.observed_at)}
                </span>
              </span>
            </li>
          ))}
        </ul>
      ) : null}
      <Link
        href={`${prefix}/base-scan/prices?code=${encodeURIComponent(code)}`}
        className="inline-block text-sm font-medium text-brand underline"
      >
        Record a price
      </Link>
    </section>
  );
}
