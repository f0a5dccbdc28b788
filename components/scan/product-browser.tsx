"use client";

import Link from "next/link";
import { useId, useState, type FormEvent } from "react";
import useSWR from "swr";
import { productTitle } from "@/components/scan/product-picker";
import { useDebounced } from "@/components/scan/use-debounced";
import { Field, FormError, inputClass, primaryButtonClass } from "@/components/ui/field";
import { FetchError, fetcher, postJson } from "@/lib/http/fetcher";
import {
  createManualProductBody,
  type CreateManualProductResponse,
  type Product,
  type SearchProductsResponse,
} from "@/lib/scan/schemas";

const SOURCE_LABELS: Record<Product["source"], string> = {
  manual: "added by hand",
  off: "Open Food Facts",
  scan: "scanned",
};

type Errors = Partial<Record<"name" | "brand" | "quantity" | "form", string>>;

/** Product search (on the server, accents ignored) and adding a product that has no barcode. */
export function ProductBrowser({ prefix }: { prefix: string }) {
  const id = useId();
  const [text, setText] = useState("");
  const query = useDebounced(text.trim());
  const key = query.length > 0 ? `/base-scan/api/products/search?q=${encodeURIComponent(query)}` : null;
  const { data, error, isLoading } = useSWR<SearchProductsResponse>(key, fetcher, { keepPreviousData: true });
  const products = query.length > 0 ? (data?.products ?? []) : [];

  const [name, setName] = useState("");
  const [brand, setBrand] = useState("");
  const [quantity, setQuantity] = useState("");
  const [errors, setErrors] = useState<Errors>({});
  const [pending, setPending] = useState(false);
  const [added, setAdded] = useState<Product | null>(null);

  const add = async (event: FormEvent) => {
    event.preventDefault();
    if (pending) return;
    const check = createManualProductBody.safeParse({ name, brand, quantity });
    if (!check.success) {
      const found: Errors = {};
      for (const issue of check.error.issues) {
        const path = String(issue.path[0]);
        const field = path === "name" || path === "brand" || path === "quantity" ? path : "form";
        found[field] ??= sentence(issue.message);
      }
      setErrors(found);
      return;
    }
    setPending(true);
    setErrors({});
    try {
      const { product } = await postJson<CreateManualProductResponse>("/base-scan/api/products/manual", check.data);
      setAdded(product);
      setName("");
      setBrand("");
      setQuantity("");
    } catch (failure) {
      setErrors(
        failure instanceof FetchError && failure.code === "network"
          ? { form: "No connection: the product was not added. Try again when you have signal." }
          : { form: failure instanceof Error ? failure.message : "The product was not added. Try again." },
      );
    } finally {
      setPending(false);
    }
  };

  return (
    <div className="space-y-6 pb-8">
      <section aria-labelledby={`${id}-search`} className="space-y-3">
        <h2 id={`${id}-search`} className="sr-only">
          Search products
        </h2>
        <input
          type="search"
          value={text}
          onChange={(event) => setText(event.target.value)}
          placeholder="Search name, brand or barcode"
          aria-label="Search products"
          enterKeyHint="search"
          autoComplete="off"
          className={`${inputClass} shadow-sm`}
        />
        {error ? (
          <p role="alert" className="text-red-700">
            {error instanceof Error ? error.message : "The search failed."}
          </p>
        ) : null}
        {query && data && !isLoading && products.length === 0 ? (
          <p className="text-slate-600 ui-d:text-slate-300">No product matches “{query}”.</p>
        ) : null}
        {products.length > 0 ? (
          <ul
            aria-label="Products found"
            className="surface divide-y divide-slate-100 overflow-hidden rounded-2xl border border-slate-200 bg-white"
          >
            {products.map((product) => (
              <li key={product.id} className="flex items-center gap-3 px-4 py-3">
                <div className="min-w-0 flex-1">
                  <p className="truncate font-medium">{productTitle(product)}</p>
                  <p className="truncate text-sm text-slate-500 ui-d:text-slate-300">
                    <span className="font-mono">{product.code}</span>
                    {product.quantity ? ` · ${product.quantity}` : ""} · {SOURCE_LABELS[product.source]}
                  </p>
                </div>
                <Link
                  href={`${prefix}/base-scan/prices?code=${encodeURIComponent(product.code)}`}
                  className="flex h-11 shrink-0 items-center rounded-lg border border-slate-300 px-3 text-sm font-medium"
                >
                  Prices
                </Link>
              </li>
            ))}
          </ul>
        ) : null}
      </section>

      <form
        onSubmit={add}
        noValidate
        aria-labelledby={`${id}-add`}
        className="surface space-y-4 rounded-2xl border border-slate-200 bg-white p-4 shadow-sm ui-b:p-2"
      >
        <div>
          <h2 id={`${id}-add`} className="text-lg font-semibold">
            Add a product without a barcode
          </h2>
          <p className="text-sm text-slate-600 ui-d:text-slate-300">
            Bread, fruit, the butcher’s: it gets a code like MAN-12.
          </p>
        </div>
        <Field label="Name" htmlFor={`${id}-name`} error={errors.name}>
          <input
            id={`${id}-name`}
            value={name}
            onChange={(event) => setName(event.target.value)}
            autoComplete="off"
            aria-invalid={errors.name ? true : undefined}
            className={inputClass}
          />
        </Field>
        <div className="grid grid-cols-2 gap-3">
          <Field label="Brand (optional)" htmlFor={`${id}-brand`} error={errors.brand}>
            <input
              id={`${id}-brand`}
              value={brand}
              onChange={(event) => setBrand(event.target.value)}
              autoComplete="off"
              className={inputClass}
            />
          </Field>
          <Field label="Quantity (optional)" htmlFor={`${id}-quantity`} error={errors.quantity}>
            <input
              id={`${id}-quantity`}
              value={quantity}
              onChange={(event) => setQuantity(event.target.value)}
              placeholder="500 g"
              autoComplete="off"
              className={inputClass}
            />
          </Field>
        </div>
        <FormError>{errors.form}</FormError>
        <button type="submit" disabled={pending} className={primaryButtonClass}>
          {pending ? "Adding…" : "Add product"}
        </button>
        {added ? (
          <p role="status" className="rounded-lg bg-emerald-50 px-3 py-2 text-emerald-900">
            Added {productTitle(added)} as <span className="font-mono font-semibold">{added.code}</span>.{" "}
            <Link
              href={`${prefix}/base-scan/prices?code=${encodeURIComponent(added.code)}`}
              className="font-medium underline"
            >
              Record its price
            </Link>
          </p>
        ) : null}
      </form>
    </div>
  );
}

function sentence(message: string): string {
  return message.charAt(0).toUpperCase() + message.slice(1) + (message.endsWith(".") ? "" : ".");
}
