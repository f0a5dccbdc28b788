"use client";

import { useId, useMemo, useState, type FormEvent } from "react";
import useSWR from "swr";
import { ProductPicker, type PickedProduct } from "@/components/scan/product-picker";
import { useUrlParam } from "@/components/scan/use-url-param";
import { Field, FormError, inputClass, primaryButtonClass } from "@/components/ui/field";
import { pageHref, PageLinks } from "@/components/ui/page-links";
import { FetchError, fetcher, fetchJson, postJson } from "@/lib/http/fetcher";
import { formatPricePt, parsePrice, PriceFormatError } from "@/lib/money/parse-price";
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

const dateFormat = new Intl.DateTimeFormat("pt-PT", { day: "numeric", month: "short", year: "numeric" });

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
  const preview = pricePreview(price);
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
        if (path === "code") found.product ??= "Pick a product or type its barcode.";
        else if (path.startsWith("store")) found.store ??= "Type the store's name.";
        else if (path === "price") found.price ??= sentence(issue.message);
      }
      setErrors(found);
      return;
    }
    setPending(true);
    setErrors({});
    try {
      const { price: recorded } = await postJson<CreatePriceResponse>(PRICES_URL, check.data);
      setSaved(recorded);
      setPrice("");
      if (compare.value !== recorded.code) compare.replace(recorded.code);
      void mutateComparison();
      void mutateLatest();
    } catch (error) {
      setErrors(errorsFrom(error));
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
        className="surface space-y-4 rounded-2xl border border-slate-200 bg-white p-4 shadow-sm ui-b:p-2"
      >
        <h2 id={`${id}-record`} className="text-lg font-semibold">
          Record a price
        </h2>
        <ProductPicker
          label="Product"
          value={product && !product.name && product.code === code ? { ...product, name: comparedName } : product}
          onChange={pick}
          error={errors.product}
        />
        <Field
          label="Store"
          htmlFor={`${id}-store`}
          error={errors.store}
          hint={store.trim() && !knownStore ? `New store “${store.trim()}” will be added.` : null}
        >
          <input
            id={`${id}-store`}
            list={`${id}-stores`}
            value={store}
            onChange={(event) => setStore(event.target.value)}
            autoComplete="off"
            aria-invalid={errors.store ? true : undefined}
            className={inputClass}
          />
          <datalist id={`${id}-stores`}>
            {stores.map((option) => (
              <option key={option.id} value={option.name} />
            ))}
          </datalist>
        </Field>
        <Field
          label="Price"
          htmlFor={`${id}-price`}
          error={errors.price}
          hint={preview.ok ? `Reads as ${preview.text}` : price.trim() ? preview.text : "e.g. 1,29 or 1.234,56 €"}
        >
          <input
            id={`${id}-price`}
            value={price}
            onChange={(event) => setPrice(event.target.value)}
            inputMode="decimal"
            autoComplete="off"
            aria-invalid={errors.price ? true : undefined}
            className={`${inputClass} text-lg tabular-nums`}
          />
        </Field>
        <FormError>{errors.form}</FormError>
        <button type="submit" disabled={pending} className={primaryButtonClass}>
          {pending ? "Saving…" : "Save price"}
        </button>
        {saved ? (
          <p role="status" className="rounded-lg bg-emerald-50 px-3 py-2 text-emerald-900">
            Saved <strong className="tabular-nums">{formatPricePt(saved.price, saved.currency)}</strong> for{" "}
            {saved.product_name || saved.code} at {saved.store_name}.
            {saved.likely_typo && saved.median
              ? ` That is far from its usual ${formatPricePt(saved.median, saved.currency)}: check for a typo.`
              : ""}
          </p>
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
            label="More prices"
            first={latestPage.cursor !== null ? `${prefix}/base-scan/prices` : null}
            more={
              (latest?.next ?? latestPage.next)
                ? pageHref(`${prefix}/base-scan/prices`, { cursor: latest?.next ?? latestPage.next })
                : null
            }
            firstLabel="Cheapest prices"
            moreLabel="More prices"
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
      const page = await fetchJson<ListPricesResponse>(
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
        error: problem instanceof FetchError ? problem.message : "Older prices could not be loaded.",
      });
    }
  };
  // Cheapest first already; a likely typo is no real bargain.
  const cheapest = prices.length > 1 ? prices.findIndex((row) => !row.likely_typo) : -1;
  return (
    <section aria-label="Price comparison" className="space-y-3">
      <div className="flex items-start justify-between gap-3">
        <div className="min-w-0">
          <h2 className="text-lg font-semibold">Compare across stores</h2>
          <p className="truncate text-slate-600 ui-d:text-slate-300">
            {name || "Product"} · <span className="font-mono text-sm">{code}</span>
          </p>
        </div>
        <button
          type="button"
          onClick={onClear}
          className="h-10 shrink-0 rounded-lg px-3 text-sm font-medium text-brand ui-d:text-yellow-300"
        >
          All products
        </button>
      </div>
      {error ? (
        <p role="alert" className="text-red-700">
          {error}
        </p>
      ) : !data ? (
        <p className="text-slate-500">Loading prices…</p>
      ) : prices.length === 0 ? (
        <p className="text-slate-600 ui-d:text-slate-300">No prices for this product yet.</p>
      ) : (
        <ol
          className="surface divide-y divide-slate-100 overflow-hidden rounded-2xl border border-slate-200 bg-white"
          aria-label="Latest price per store, cheapest first"
        >
          {prices.map((row, index) => (
            <li key={row.id} className="flex items-center gap-3 px-4 py-3" data-testid="price-row">
              <div className="min-w-0 flex-1">
                <p className="truncate font-medium">{row.store_name}</p>
                <p className="text-sm text-slate-500 ui-d:text-slate-300">
                  {dateFormat.format(new Date(row.observed_at))}
                  {row.source === "invoice" ? " · from an invoice" : ""}
                </p>
                <div className="mt-1 flex flex-wrap gap-1 empty:hidden">
                  {index === cheapest ? (
                    <span className="rounded-full bg-emerald-100 px-2 py-0.5 text-xs font-semibold text-emerald-800">
                      Cheapest
                    </span>
                  ) : null}
                  {row.likely_typo ? (
                    <span className="rounded-full bg-amber-100 px-2 py-0.5 text-xs font-semibold text-amber-900">
                      Likely typo{row.median ? ` · usual ${formatPricePt(row.median, row.currency)}` : ""}
                    </span>
                  ) : null}
                </div>
              </div>
              <p
                className={`shrink-0 text-xl font-semibold tabular-nums ${row.likely_typo ? "text-amber-800 line-through decoration-2" : ""}`}
              >
                {formatPricePt(row.price, row.currency)}
              </p>
            </li>
          ))}
        </ol>
      )}
      {data?.next ? (
        <p className="text-sm text-slate-600 ui-d:text-slate-300">The {prices.length} cheapest stores are shown.</p>
      ) : null}
      {history.length > 0 ? (
        <div>
          <button
            type="button"
            aria-expanded={showHistory}
            onClick={() => setShowHistory((shown) => !shown)}
            className="h-11 rounded-lg px-1 font-medium text-brand ui-d:text-yellow-300"
          >
            {showHistory ? "Hide history" : `Show history (${history.length}${historyNext ? "+" : ""})`}
          </button>
          {showHistory ? (
            <ol aria-label="Price history, newest first" className="mt-1 space-y-1 text-sm">
              {history.map((row) => (
                <li key={row.id} className="flex justify-between gap-3 border-b border-slate-100 py-1.5">
                  <span className="min-w-0 truncate">
                    {dateFormat.format(new Date(row.observed_at))} · {row.store_name}
                  </span>
                  <span className={`shrink-0 tabular-nums ${row.likely_typo ? "text-amber-800" : ""}`}>
                    {formatPricePt(row.price, row.currency)}
                    {row.likely_typo ? " (likely typo)" : ""}
                  </span>
                </li>
              ))}
            </ol>
          ) : null}
          {showHistory && historyNext ? (
            <button
              type="button"
              onClick={loadOlder}
              disabled={olderState.loading}
              className="h-11 rounded-lg px-1 font-medium text-brand ui-d:text-yellow-300"
            >
              {olderState.loading ? "Loading older prices…" : "Older prices"}
            </button>
          ) : null}
          {olderState.error ? (
            <p role="alert" className="text-sm text-red-700">
              {olderState.error}
            </p>
          ) : null}
        </div>
      ) : null}
    </section>
  );
}

type ProductSummary = { code: string; name: string; cheapest: Price; stores: number };

function LatestPrices({ prices, onPick }: { prices: Price[]; onPick: (product: PickedProduct) => void }) {
  const products = useMemo(() => summarise(prices), [prices]);
  if (products.length === 0) {
    return <p className="text-slate-600 ui-d:text-slate-300">No prices yet. Record the first one above.</p>;
  }
  return (
    <section aria-label="Latest prices" className="space-y-2">
      <h2 className="text-lg font-semibold">Latest prices</h2>
      <ul className="surface divide-y divide-slate-100 overflow-hidden rounded-2xl border border-slate-200 bg-white">
        {products.map((product) => (
          <li key={product.code}>
            <button
              type="button"
              onClick={() => onPick({ code: product.code, name: product.name })}
              className="flex min-h-14 w-full items-center gap-3 px-4 py-2 text-left"
            >
              <span className="min-w-0 flex-1">
                <span className="block truncate font-medium">{product.name || `Product ${product.code}`}</span>
                <span className="block truncate text-sm text-slate-500 ui-d:text-slate-300">
                  {product.stores === 1 ? "1 store" : `${product.stores} stores`} · cheapest at{" "}
                  {product.cheapest.store_name}
                </span>
              </span>
              <span className="shrink-0 font-semibold tabular-nums">
                {formatPricePt(product.cheapest.price, product.cheapest.currency)}
              </span>
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

function pricePreview(text: string): { ok: boolean; text: string } {
  if (text.trim() === "") return { ok: false, text: "" };
  try {
    return { ok: true, text: formatPricePt(parsePrice(text), "EUR") };
  } catch (error) {
    return { ok: false, text: error instanceof PriceFormatError ? sentence(error.detail) : "Not a price." };
  }
}

function sentence(message: string): string {
  return message.charAt(0).toUpperCase() + message.slice(1) + (message.endsWith(".") ? "" : ".");
}

function errorsFrom(error: unknown): Errors {
  if (!(error instanceof FetchError)) return { form: "Something went wrong; the price was not saved. Try again." };
  if (error.code === "network")
    return { form: "No connection: the price was not saved. Try again when you have signal." };
  const found: Errors = {};
  for (const issue of error.issues ?? []) {
    if (issue.path === "price") found.price ??= sentence(issue.message);
    else if (issue.path.startsWith("store")) found.store ??= sentence(issue.message);
    else if (issue.path === "code" || issue.path === "product_id") found.product ??= sentence(issue.message);
  }
  return Object.keys(found).length > 0 ? found : { form: error.message };
}
