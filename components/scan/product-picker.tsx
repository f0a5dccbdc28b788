"use client";

import { useId, useState } from "react";
import useSWR from "swr";
import { useDebounced } from "@/components/scan/use-debounced";
import { inputClass } from "@/components/ui/field";
import { fetcher } from "@/lib/http/fetcher";
import type { Product, SearchProductsResponse } from "@/lib/scan/schemas";

export type PickedProduct = { code: string; name: string };

/** A product's name as people read it; a bare barcode when nothing is known yet. */
export function productTitle(product: { name: string; brand?: string; code: string }): string {
  const name = [product.name, product.brand].filter(Boolean).join(" · ");
  return name || `Product ${product.code}`;
}

/**
 * Pick a product by typing part of its name, brand or code (searched on the
 * server, accents ignored), or use a typed barcode as it is.
 */
export function ProductPicker({
  label,
  value,
  onChange,
  error,
}: {
  label: string;
  value: PickedProduct | null;
  onChange: (product: PickedProduct | null) => void;
  error?: string | null;
}) {
  const id = useId();
  const [text, setText] = useState("");
  const query = useDebounced(text.trim());
  const {
    data,
    error: searchError,
    isLoading,
  } = useSWR<SearchProductsResponse>(
    query.length >= 2 ? `/base-scan/api/products/search?q=${encodeURIComponent(query)}` : null,
    fetcher,
    { keepPreviousData: true },
  );
  const results: Product[] = query.length >= 2 ? (data?.products ?? []).slice(0, 8) : [];
  const typedCode = /^\d{4,24}$/.test(text.trim()) ? text.trim() : null;

  if (value) {
    return (
      <div className="space-y-1">
        <span className="block text-sm font-medium text-slate-700 ui-d:text-slate-100">{label}</span>
        <div className="surface flex items-center gap-3 rounded-xl border border-slate-300 bg-white px-3 py-2">
          <div className="min-w-0 flex-1">
            <p className="truncate font-medium" data-testid="picked-product">
              {value.name || `Product ${value.code}`}
            </p>
            <p className="truncate font-mono text-sm text-slate-500 ui-d:text-slate-300">{value.code}</p>
          </div>
          <button
            type="button"
            onClick={() => onChange(null)}
            className="h-10 shrink-0 rounded-lg px-3 text-sm font-medium text-brand ui-d:text-yellow-300"
          >
            Change
          </button>
        </div>
      </div>
    );
  }

  return (
    <div className="space-y-1">
      <label htmlFor={id} className="block text-sm font-medium text-slate-700 ui-d:text-slate-100">
        {label}
      </label>
      <input
        id={id}
        type="search"
        value={text}
        onChange={(event) => setText(event.target.value)}
        placeholder="Name, brand or barcode"
        autoComplete="off"
        enterKeyHint="search"
        aria-invalid={error ? true : undefined}
        className={inputClass}
      />
      {error ? (
        <p role="alert" className="text-sm text-red-700 ui-d:text-red-300">
          {error}
        </p>
      ) : null}
      {searchError ? <p className="text-sm text-red-700">{searchError.message}</p> : null}
      {results.length > 0 || typedCode ? (
        <ul className="surface divide-y divide-slate-100 overflow-hidden rounded-xl border border-slate-200 bg-white">
          {typedCode && !results.some((product) => product.code === typedCode) ? (
            <li>
              <button
                type="button"
                onClick={() => onChange({ code: typedCode, name: "" })}
                className="block min-h-12 w-full px-3 py-2 text-left"
              >
                Use barcode <span className="font-mono">{typedCode}</span>
              </button>
            </li>
          ) : null}
          {results.map((product) => (
            <li key={product.id}>
              <button
                type="button"
                onClick={() => onChange({ code: product.code, name: productTitle(product) })}
                className="block min-h-12 w-full px-3 py-2 text-left"
              >
                <span className="block truncate font-medium">{productTitle(product)}</span>
                <span className="block truncate font-mono text-sm text-slate-500 ui-d:text-slate-300">
                  {product.code}
                  {product.quantity ? ` · ${product.quantity}` : ""}
                </span>
              </button>
            </li>
          ))}
        </ul>
      ) : query.length >= 2 && !isLoading && data ? (
        <p className="text-sm text-slate-500">No product matches “{query}”. Add it on the Products page.</p>
      ) : null}
    </div>
  );
}
