"use client";

import { useLocale, useTranslations } from "next-intl";
import { useEffect, useId, useMemo, useState } from "react";
import useSWR from "swr";
import { z } from "zod";
import { ProductPicker, productTitle, type PickedProduct } from "@/components/scan/product-picker";
import { findStore, StoreInput } from "@/components/scan/store-input";
import { useUrlParam } from "@/components/scan/use-url-param";
import { Badge } from "@/components/ui/badge";
import { Button, rowButtonClass } from "@/components/ui/button";
import { FormError, FormField } from "@/components/ui/field";
import { Input } from "@/components/ui/input";
import { Money } from "@/components/ui/money";
import { Notice } from "@/components/ui/notice";
import { pageHref, PageLinks } from "@/components/ui/page-links";
import { Time } from "@/components/ui/time";
import { useApiForm, useSendForm } from "@/components/ui/use-api-form";
import { formatMoney } from "@/lib/i18n/format";
import type { Locale } from "@/lib/i18n/locales";
import { FetchError, fetcher, api } from "@/lib/http/client-api";
import { parsePrice, PriceFormatError } from "@/lib/money/parse-price";
import type { CreatePriceResponse, ListPricesResponse, Price, Store } from "@/lib/scan/schemas";

const PRICES_URL = "/base-scan/api/prices";
const compareKey = (code: string) => `/base-scan/api/prices?code=${encodeURIComponent(code)}&history=1`;

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
  const compare = useUrlParam("code");
  const code = compare.value;
  const [product, setProduct] = useState<PickedProduct | null>(
    code ? (initialProduct?.code === code ? initialProduct : { code, name: "" }) : null,
  );
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

  const comparedName = comparison?.prices[0]?.product_name || (product?.code === code ? product?.name : "") || "";

  const pick = (next: PickedProduct | null) => {
    setProduct(next);
    if (next) compare.replace(next.code);
  };

  return (
    <div className="space-y-6 pb-8">
      <RecordPriceForm
        stores={stores}
        product={product && !product.name && product.code === code ? { ...product, name: comparedName } : product}
        onPick={pick}
        onRecorded={(recorded) => {
          if (compare.value !== recorded.code) compare.replace(recorded.code);
          void mutateComparison();
          void mutateLatest();
        }}
      />

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

/** The record form's fields as typed; each message is the reader's. */
function recordPriceForm(t: Translate, locale: Locale) {
  return z.object({
    code: z.string().min(1, t("record.pickProduct")),
    store_name: z.string().trim().min(1, t("record.typeStore")),
    price: z.string().superRefine((text, ctx) => {
      const problem = priceProblem(text, t, locale);
      if (problem) ctx.addIssue({ code: "custom", message: problem });
    }),
  });
}

type RecordPriceValues = z.infer<ReturnType<typeof recordPriceForm>>;

/**
 * Record a price: the product picked (or typed as a barcode), the store by
 * name (a new one is added), the price as people type it. Checked as typed,
 * sent with useSendForm: a refusal lands on the field it names, and nothing
 * typed is cleared but the price once it is saved.
 */
function RecordPriceForm({
  stores,
  product,
  onPick,
  onRecorded,
}: {
  stores: Store[];
  product: PickedProduct | null;
  onPick: (product: PickedProduct | null) => void;
  onRecorded: (price: Price) => void;
}) {
  const t = useTranslations("scan.prices");
  const locale = useLocale();
  const id = useId();
  const schema = useMemo(() => recordPriceForm(t, locale), [t, locale]);
  const form = useApiForm(schema, { code: product?.code ?? "", store_name: "", price: "" });
  const sendForm = useSendForm();
  // The price saved last, shown while the product it was saved for is the picked one.
  const [lastSaved, setLastSaved] = useState<{ price: Price; forCode: string } | null>(null);
  const {
    register,
    watch,
    formState: { errors, isSubmitting },
  } = form;
  const store = watch("store_name");
  const price = watch("price");
  const knownStore = findStore(stores, store);
  const preview = pricePreview(price, t, locale);

  // The product is the page's (picked here or from the latest prices): the form follows it.
  const code = product?.code ?? "";
  useEffect(() => {
    form.setValue("code", code, { shouldValidate: form.formState.isSubmitted });
  }, [code, form]);
  const saved = lastSaved?.forCode === code ? lastSaved.price : null;

  const submit = form.handleSubmit(async (values) => {
    // A store of the list by its id, however its name was typed; a new one by name.
    const known = findStore(stores, values.store_name);
    const body = {
      code: values.code,
      ...(known ? { store_id: known.id } : { store_name: values.store_name }),
      price: values.price,
    };
    const made = await sendForm<CreatePriceResponse, RecordPriceValues, RecordPriceValues>(form, PRICES_URL, body);
    if (!made) return;
    setLastSaved({ price: made.price, forCode: values.code });
    form.setValue("price", "");
    onRecorded(made.price);
  });

  return (
    <form
      onSubmit={(event) => void submit(event)}
      noValidate
      aria-labelledby={`${id}-record`}
      className="surface space-y-4 rounded-2xl border border-line bg-surface p-4 shadow-sm ui-b:p-2"
    >
      <h2 id={`${id}-record`} className="text-lg font-semibold">
        {t("record.title")}
      </h2>
      <ProductPicker label={t("record.product")} value={product} onChange={onPick} error={errors.code?.message} />
      <FormField
        label={t("record.store")}
        id={`${id}-store`}
        error={errors.store_name?.message}
        hint={store.trim() && !knownStore ? t("record.newStore", { name: store.trim() }) : null}
      >
        {(control) => <StoreInput {...control} stores={stores} {...register("store_name")} />}
      </FormField>
      <FormField
        label={t("record.price")}
        id={`${id}-price`}
        error={errors.price?.message}
        hint={
          preview.ok ? t("record.readsAs", { amount: preview.text }) : price.trim() ? preview.text : t("record.example")
        }
      >
        {(control) => (
          <Input
            {...control}
            inputMode="decimal"
            autoComplete="off"
            className="text-lg tabular-nums"
            {...register("price")}
          />
        )}
      </FormField>
      <FormError>{errors.root?.server?.message}</FormError>
      <Button type="submit" block disabled={isSubmitting}>
        {isSubmitting ? t("record.saving") : t("record.save")}
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

/** Why a typed price cannot be saved, in the reader's words, or null when it can. */
function priceProblem(text: string, t: Translate, locale: Locale): string | null {
  if (text.trim() === "") return t("priceError.empty");
  const preview = pricePreview(text, t, locale);
  return preview.ok ? null : preview.text;
}
