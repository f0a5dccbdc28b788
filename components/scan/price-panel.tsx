"use client";

import { useTranslations } from "next-intl";
import { useProblem } from "@/components/scan/use-problem";
import { Badge } from "@/components/ui/badge";
import { AppLink } from "@/components/ui/link";
import { Money } from "@/components/ui/money";
import { Notice } from "@/components/ui/notice";
import { Time } from "@/components/ui/time";
import { WatchButton } from "@/components/watches/watch-button";
import { useLatestPrices } from "@/lib/scan/use-scan-result";

const SHOWN = 5;

/** The latest price of a product in each store, cheapest first. */
export function PricePanel({ code }: { code: string; prefix?: string }) {
  const t = useTranslations("scan.pricePanel");
  const problem = useProblem();
  const { data, error, isLoading } = useLatestPrices(code);
  const prices = data?.prices ?? [];
  return (
    <section aria-label={t("label")} className="space-y-2">
      <h3 className="text-sm font-semibold">{t("title")}</h3>
      {isLoading ? <p className="text-sm text-muted">{t("loading")}</p> : null}
      {error ? <Notice tone="danger">{problem(error, t("loadFailed"))}</Notice> : null}
      {data && prices.length === 0 ? <p className="text-sm text-muted">{t("none")}</p> : null}
      {prices.length > 0 ? (
        <ul className="divide-y divide-line text-sm">
          {prices.slice(0, SHOWN).map((price) => (
            <li key={price.id} className="flex items-baseline justify-between gap-3 py-1.5">
              <span className="min-w-0 truncate">{price.store_name}</span>
              <span className="shrink-0 text-right">
                <Money amount={price.price} currency={price.currency} className="font-semibold" />
                {price.likely_typo ? (
                  <Badge tone="warn" className="ml-1">
                    {t("likelyTypo")}
                  </Badge>
                ) : null}
                <Time iso={price.observed_at} style="recent" className="block text-xs text-muted" />
              </span>
            </li>
          ))}
        </ul>
      ) : null}
      <WatchButton target={{ product_code: code }} />
      <AppLink href={`/base-scan/prices?code=${encodeURIComponent(code)}`} look="standalone" className="text-sm">
        {t("record")}
      </AppLink>
    </section>
  );
}
