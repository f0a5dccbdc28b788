"use client";

import { useLocale, useTranslations } from "next-intl";
import { useId, useMemo, useState, type FormEvent } from "react";
import useSWR from "swr";
import { ProductPicker, productTitle, type PickedProduct } from "@/components/scan/product-picker";
import { useUrlParam } from "@/components/scan/use-url-param";
import { Badge } from "@/components/ui/badge";
import { Button, rowButtonClass } from "@/components/ui/button";
import { FormError, FormField } from "@/components/ui/field";
import { Input } from "@/components/ui/input";
import { Money } from "@/components/ui/money";
import { Notice } from "@/components/ui/notice";
import { pageHref, PageLinks } from "@/components/ui/page-links";
import { Time } from "@/components/ui/time";
import { formatMoney } from "@/lib/i18n/format";
import type { Locale } from "@/lib/i18n/locales";
import { FetchError, fetcher, api } from "@/lib/http/client-api";
import { parsePrice, PriceFormatError } from "@/lib/money/parse-price";
import {
  createPriceBody,
  type CreatePriceResponse,
  type ListPricesResponse,
  type Price,
  type Store,
} from "@/lib/scan/schemas";
import { foldText } from "@/lib/scan/search-text";

const PRICES_URL = "/base-scan/api/prices";
const compareKey = (code: string) => `/base-scan/api/prices?code=${encodeURIComponent(code)}&history=1`;

type Errors = Partial<Record<"product" | "store" | "price" | "form", string>>;
type Translate = ReturnType<typeof useTranslations<"scan.prices">>;

/**
 * Record a price as people type it (1,29 or 1.234,56 €) and compare a
 * product across stores: the latest price per store, cheapest first, likely
 * typos flagged, every price on request. `?code=` picks the product. The
 * latest prices of all products come a page at a time (`?cursor=`).
 */
export function PriceBoard({
  initialLatest,
  latestPage,
  prefix,
  stores,
  initialProduct,
}: {
  initialLatest: Price[];
  /** The page of latest prices shown: its `cursor` (null for the first) and the `next` one. */
  latestPage: { cursor: string | null; next: string | null };
  prefix: string;
  stores: Store[];
  /** The product of `?code=` when the page was loaded with one. */
  initialProduct: PickedProduct | null;
}) {
  const t = useTranslations("scan.prices");
  const locale = useLocale();
  const id = useId();
  const compare = useUrlParam("code");
  const code = compare.value;
  const [product, setProduct] = useState<PickedProduct | null>(
    code ? (initialProduct?.code === code ? initialProduct : { code, name: "" }) : null,
  );
  const [store, setStore] = useState("");
  const [price, setPrice] = useState("");
  const [errors, setErrors] = useState<Errors>({});
  const [pending, setPending] = useState(false);
  const [saved, setSaved] = useState<Price | null>(null);

  // The same page as the HTML: the API's default page size is the page's.
  const latestKey = pageHref(PRICES_URL, { cursor: latestPage.cursor });
  const { data: latest, mutate: mutateLatest } = useSWR<ListPricesResponse>(latestKey, fetcher, {
    fallbackData: { ok: true, prices: initialLatest, next: latestPage.next },
    revalidateOnMount: false,
  });
  const {
    data: comparison,
    error: compareError,
    mutate: mutateComparison,
  } = useSWR<ListPricesResponse>(code ? compareKey(code) : null, fetcher);

  const knownStore = stores.find((candidate) => foldText(candidate.name) === foldText(store));
  const preview = pricePreview(price, t, locale);
  const comparedName = comparison?.prices[0]?.product_name || (product?.code === code ? product?.name : "") || "";

  const pick = (next: PickedProduct | null) => {
    setProduct(next);
    setSaved(null);
    if (next) compare.replace(next.code);
  };

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (pending) return;
    const input = {
      code: product?.code ?? null,
      ...(knownStore ? { store_id: knownStore.id } : { store_name: store.trim() === "" ? null : store }),
      price,
    };
    const check = createPriceBody.safeParse(input);
    if (!check.success) {
      const found: Errors = {};
      for (const issue of check.error.issues) {
        const path = String(issue.path[0]);
        if (path === "code") found.product ??= t("record.pickProduct");
        else if (path.startsWith("store")) found.store ??= t("record.typeStore");
        else if (path === "price") found.price ??= preview.ok ? sentence(issue.message) : preview.text;
      }
      setErrors(found);
      return;
    }
    setPending(true);
    setErrors({});
    try {
      const { price: recorded } = await api<CreatePriceResponse>(PRICES_URL, { method: "POST", json: check.data });
      setSaved(recorded);
      setPrice("");
      if (compare.value !== recorded.code) compare.replace(recorded.code);
      void mutateComparison();
      void mutateLatest();
    } catch (error) {
      setErrors(errorsFrom(error, t));
    } finally {
      setPending(false);
    }
  };

  return (
    <div className="space-y-6 pb-8">
      <form
        onSubmit={submit}
        noValidate
        aria-labelledby={`${id}-record`}
        className="surface space-y-4 rounded-2xl border border-line bg-surface p-4 shadow-sm ui-b:p-2"
      >
        <h2 id={`${id}-record`} className="text-lg font-semibold">
          {t("record.title")}
        </h2>
        <ProductPicker
          label={t("record.product")}
          value={product && !product.name && product.code === code ? { ...product, name: comparedName } : product}
          onChange={pick}
          error={errors.product}
        />
        <FormField
          label={t("record.store")}
          id={`${id}-store`}
          error={errors.store}
          hint={store.trim() && !knownStore ? t("record.newStore", { name: store.trim() }) : null}
        >
          {(control) => (
            <>
              <Input
                {...control}
                list={`${id}-stores`}
                value={store}
                onChange={(event) => setStore(event.target.value)}
                autoComplete="off"
              />
              <datalist id={`${id}-stores`}>
                {stores.map((option) => (
                  <option key={option.id} value={option.name} />
                ))}
              </datalist>
            </>
          )}
        </FormField>
        <FormField
          label={t("record.price")}
          id={`${id}-price`}
          error={errors.price}
          hint={
            preview.ok
              ? t("record.readsAs", { amount: preview.text })
              : price.trim()
                ? preview.text
                : t("record.example")
          }
        >
          {(control) => (
            <Input
              {...control}
              value={price}
              onChange={(event) => setPrice(event.target.value)}
              inputMode="decimal"
              autoComplete="off"
              className="text-lg tabular-nums"
            />
          )}
        </FormField>
        <FormError>{errors.form}</FormError>
        <Button type="submit" block disabled={pending}>
          {pending ? t("record.saving") : t("record.save")}
        </Button>
        {saved ? (
          <Notice tone="success">
            {t.rich("record.saved", {
              amount: formatMoney(locale, saved.price, saved.currency),
              product: saved.product_name || saved.code,
              store: saved.store_name,
              strong: (chunks) => <strong className="tabular-nums">{chunks}</strong>,
            })}
            {saved.likely_typo && saved.median
              ? ` ${t("record.typo", { median: formatMoney(locale, saved.median, saved.currency) })}`
              : ""}
          </Notice>
        ) : null}
      </form>

      {code ? (
        <Comparison
          code={code}
          name={comparedName}
          data={comparison}
          error={compareError instanceof Error ? compareError.message : null}
          onClear={() => {
            compare.close();
            setProduct(null);
          }}
        />
      ) : (
        <>
          <LatestPrices prices={latest?.prices ?? initialLatest} onPick={(next) => pick(next)} />
          <PageLinks
            label={t("latest.moreLinks")}
            first={latestPage.cursor !== null ? `${prefix}/base-scan/prices` : null}
            more={
              (latest?.next ?? latestPage.next)
                ? pageHref(`${prefix}/base-scan/prices`, { cursor: latest?.next ?? latestPage.next })
                : null
            }
            firstLabel={t("latest.first")}
            moreLabel={t("latest.more")}
          />
        </>
      )}
    </div>
  );
}

function Comparison({
  code,
  name,
  data,
  error,
  onClear,
}: {
  code: string;
  name: string;
  data: ListPricesResponse | undefined;
  error: string | null;
  onClear: () => void;
}) {
  const t = useTranslations("scan.prices.compare");
  const locale = useLocale();
  const [showHistory, setShowHistory] = useState(false);
  // Older pages of the history, fetched on request; they belong to the first
  // page they were fetched after (`after`), so a refreshed comparison drops them.
  const [older, setOlder] = useState<{ after: ListPricesResponse; rows: Price[]; next: string | null } | null>(null);
  const [olderState, setOlderState] = useState<{ loading: boolean; error: string | null }>({
    loading: false,
    error: null,
  });
  const prices = data?.prices ?? [];
  const olderPages = older && older.after === data ? older : null;
  const history = [...(data?.history ?? []), ...(olderPages?.rows ?? [])];
  const historyNext = olderPages ? olderPages.next : (data?.history_next ?? null);

  const loadOlder = async () => {
    if (!data || !historyNext || olderState.loading) return;
    setOlderState({ loading: true, error: null });
    try {
      const page = await api<ListPricesResponse>(
        `${compareKey(code)}&history_cursor=${encodeURIComponent(historyNext)}`,
      );
      setOlder({
        after: data,
        rows: [...(olderPages?.rows ?? []), ...(page.history ?? [])],
        next: page.history_next ?? null,
      });
      setOlderState({ loading: false, error: null });
    } catch (problem) {
      setOlderState({
        loading: false,
        error: problem instanceof FetchError ? problem.message : t("olderFailed"),
      });
    }
  };
  // Cheapest first already; a likely typo is no real bargain.
  const cheapest = prices.length > 1 ? prices.findIndex((row) => !row.likely_typo) : -1;
  return (
    <section aria-label={t("label")} className="space-y-3">
      <div className="flex flex-wrap items-start justify-between gap-x-3">
        <div className="min-w-0">
          <h2 className="text-lg font-semibold">{t("title")}</h2>
          <p className="break-words">{name || t("product")}</p>
          <p className="font-mono text-sm break-all text-muted">{code}</p>
        </div>
        <Button kind="ghost" onClick={onClear} className="shrink-0 px-0 sm:px-4">
          {t("all")}
        </Button>
      </div>
      {error ? (
        <Notice tone="danger">{error}</Notice>
      ) : !data ? (
        <p className="text-muted">{t("loading")}</p>
      ) : prices.length === 0 ? (
        <p className="text-muted">{t("none")}</p>
      ) : (
        <ol
          className="surface divide-y divide-line overflow-hidden rounded-2xl border border-line bg-surface"
          aria-label={t("list")}
        >
          {prices.map((row, index) => (
            <li key={row.id} className="flex items-center gap-3 px-4 py-3" data-testid="price-row">
              <div className="min-w-0 flex-1">
                <p className="truncate font-medium">{row.store_name}</p>
                <p className="text-sm text-muted">
                  <Time iso={row.observed_at} style="date" />
                  {row.source === "invoice" ? ` · ${t("fromInvoice")}` : ""}
                </p>
                <div className="mt-1 flex flex-wrap gap-1 empty:hidden">
                  {index === cheapest ? <Badge tone="success">{t("cheapest")}</Badge> : null}
                  {row.likely_typo ? (
                    <Badge tone="warn">
                      {row.median
                        ? t("usual", { median: formatMoney(locale, row.median, row.currency) })
                        : t("likelyTypo")}
                    </Badge>
                  ) : null}
                </div>
              </div>
              <p
                className={`shrink-0 text-xl font-semibold ${row.likely_typo ? "text-warn line-through decoration-2" : ""}`}
              >
                <Money amount={row.price} currency={row.currency} />
              </p>
            </li>
          ))}
        </ol>
      )}
      {data?.next ? <p className="text-sm text-muted">{t("shown", { count: prices.length })}</p> : null}
      {history.length > 0 ? (
        <div>
          <Button
            kind="ghost"
            aria-expanded={showHistory}
            onClick={() => setShowHistory((shown) => !shown)}
            className="px-1"
          >
            {showHistory
              ? t("hideHistory")
              : t(historyNext ? "showHistoryMore" : "showHistory", { count: history.length })}
          </Button>
          {showHistory ? (
            <ol aria-label={t("history")} className="mt-1 space-y-1 text-sm">
              {history.map((row) => (
                <li key={row.id} className="flex justify-between gap-3 border-b border-line py-1.5">
                  <span className="min-w-0 truncate">
                    <Time iso={row.observed_at} style="date" /> · {row.store_name}
                  </span>
                  <span className={`shrink-0 ${row.likely_typo ? "text-warn" : ""}`}>
                    <Money amount={row.price} currency={row.currency} />
                    {row.likely_typo ? ` ${t("typoNote")}` : ""}
                  </span>
                </li>
              ))}
            </ol>
          ) : null}
          {showHistory && historyNext ? (
            <Button kind="ghost" onClick={loadOlder} disabled={olderState.loading} className="px-1">
              {olderState.loading ? t("loadingOlder") : t("older")}
            </Button>
          ) : null}
          {olderState.error ? <Notice tone="danger">{olderState.error}</Notice> : null}
        </div>
      ) : null}
    </section>
  );
}

type ProductSummary = { code: string; name: string; cheapest: Price; stores: number };

function LatestPrices({ prices, onPick }: { prices: Price[]; onPick: (product: PickedProduct) => void }) {
  const t = useTranslations("scan.prices.latest");
  const tProduct = useTranslations("scan.product");
  const products = useMemo(() => summarise(prices), [prices]);
  if (products.length === 0) {
    return <p className="text-muted">{t("none")}</p>;
  }
  return (
    <section aria-label={t("label")} className="space-y-2">
      <h2 className="text-lg font-semibold">{t("title")}</h2>
      <ul className="surface divide-y divide-line overflow-hidden rounded-2xl border border-line bg-surface">
        {products.map((product) => (
          <li key={product.code}>
            <button
              type="button"
              onClick={() => onPick({ code: product.code, name: product.name })}
              className={rowButtonClass("line")}
            >
              <span className="min-w-0 flex-1">
                <span className="block truncate font-medium">
                  {productTitle(product, (code) => tProduct("numbered", { code }))}
                </span>
                <span className="block truncate text-sm text-muted">
                  {t("stores", { count: product.stores, store: product.cheapest.store_name })}
                </span>
              </span>
              <Money
                amount={product.cheapest.price}
                currency={product.cheapest.currency}
                className="shrink-0 font-semibold"
              />
            </button>
          </li>
        ))}
      </ul>
    </section>
  );
}

/** One line per product from the latest prices (already cheapest first): the first sensible price is the cheapest. */
function summarise(prices: Price[]): ProductSummary[] {
  const byCode = new Map<string, ProductSummary>();
  for (const row of prices) {
    const known = byCode.get(row.code);
    if (known) {
      known.stores += 1;
      if (known.cheapest.likely_typo && !row.likely_typo) known.cheapest = row;
      continue;
    }
    byCode.set(row.code, { code: row.code, name: row.product_name, cheapest: row, stores: 1 });
  }
  return [...byCode.values()].sort((a, b) => (a.name || a.code).localeCompare(b.name || b.code, "pt"));
}

/** How a typed price reads, in the reader's money format, or why it cannot be read. */
function pricePreview(text: string, t: Translate, locale: Locale): { ok: boolean; text: string } {
  if (text.trim() === "") return { ok: false, text: "" };
  try {
    return { ok: true, text: formatMoney(locale, parsePrice(text), "EUR") };
  } catch (error) {
    const reason = error instanceof PriceFormatError ? error.reason : "not_a_number";
    return { ok: false, text: t(`priceError.${reason}`, { value: text.trim() }) };
  }
}

function sentence(message: string): string {
  return message.charAt(0).toUpperCase() + message.slice(1) + (message.endsWith(".") ? "" : ".");
}

function errorsFrom(error: unknown, t: Translate): Errors {
  if (!(error instanceof FetchError)) return { form: t("record.failed") };
  if (error.code === "network") return { form: t("record.offline") };
  const found: Errors = {};
  for (const issue of error.issues ?? []) {
    if (issue.path === "price") found.price ??= sentence(issue.message);
    else if (issue.path.startsWith("store")) found.store ??= sentence(issue.message);
    else if (issue.path === "code" || issue.path === "product_id") found.product ??= sentence(issue.message);
  }
  return Object.keys(found).length > 0 ? found : { form: error.message };
}
