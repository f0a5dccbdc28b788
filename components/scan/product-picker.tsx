"use client";

import { useTranslations } from "next-intl";
import { useId, useState, type ReactNode } from "react";
import useSWR from "swr";
import { useDebounced } from "@/components/scan/use-debounced";
import { Button, rowButtonClass } from "@/components/ui/button";
import { fieldDescription } from "@/components/ui/field";
import { Input } from "@/components/ui/input";
import { AppLink } from "@/components/ui/link";
import { Panel } from "@/components/ui/panel";
import { fetcher } from "@/lib/http/client-api";
import type { Product, SearchProductsResponse } from "@/lib/scan/schemas";

export type PickedProduct = { code: string; name: string };

/** A product's name as people read it; `unnamed(code)` ("Product 560…") when nothing is known yet. */
export function productTitle(
  product: { name: string; brand?: string; code: string },
  unnamed: (code: string) => string,
): string {
  const name = [product.name, product.brand].filter(Boolean).join(" · ");
  return name || unnamed(product.code);
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
  const t = useTranslations("scan.picker");
  const tProduct = useTranslations("scan.product");
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
  const unnamed = (code: string) => tProduct("numbered", { code });
  const mono = (chunks: ReactNode) => <span className="font-mono">{chunks}</span>;

  if (value) {
    return (
      <div className="space-y-1">
        <span className="block text-sm font-medium text-fg">{label}</span>
        <div className="surface flex items-center gap-3 rounded-xl border border-line-strong bg-surface px-3 py-2">
          <div className="min-w-0 flex-1">
            <p className="truncate font-medium" data-testid="picked-product">
              {value.name || unnamed(value.code)}
            </p>
            <p className="truncate font-mono text-sm text-muted">{value.code}</p>
          </div>
          <Button
            kind="link"
            onClick={() => onChange(null)}
            aria-label={`${t("change")}: ${label}`}
            className="shrink-0"
          >
            {t("change")}
          </Button>
        </div>
        {error ? (
          <p role="alert" className="text-sm text-danger">
            {error}
          </p>
        ) : null}
      </div>
    );
  }

  return (
    <div className="space-y-1">
      <label htmlFor={id} className="block text-sm font-medium text-fg">
        {label}
      </label>
      <Input
        id={id}
        type="search"
        value={text}
        onChange={(event) => setText(event.target.value)}
        placeholder={t("placeholder")}
        autoComplete="off"
        enterKeyHint="search"
        aria-invalid={error ? true : undefined}
        aria-describedby={fieldDescription(id, { error })}
      />
      {error ? (
        <p id={`${id}-error`} role="alert" className="text-sm text-danger">
          {error}
        </p>
      ) : null}
      {searchError ? <p className="text-sm text-danger">{searchError.message}</p> : null}
      {results.length > 0 || typedCode ? (
        <Panel as="ul" kind="list" className="overflow-hidden">
          {typedCode && !results.some((product) => product.code === typedCode) ? (
            <li>
              <button
                type="button"
                onClick={() => onChange({ code: typedCode, name: "" })}
                className={rowButtonClass()}
              >
                {t.rich("useBarcode", { code: typedCode, mono })}
              </button>
            </li>
          ) : null}
          {results.map((product) => (
            <li key={product.id}>
              <button
                type="button"
                onClick={() => onChange({ code: product.code, name: productTitle(product, unnamed) })}
                className={rowButtonClass()}
              >
                <span className="block truncate font-medium">{productTitle(product, unnamed)}</span>
                <span className="block truncate font-mono text-sm text-muted">
                  {product.code}
                  {product.quantity ? ` · ${product.quantity}` : ""}
                </span>
              </button>
            </li>
          ))}
        </Panel>
      ) : query.length >= 2 && !isLoading && data ? (
        <p className="text-sm text-muted">
          {t.rich("none", {
            query,
            link: (chunks) => <AppLink href="/base-scan/products">{chunks}</AppLink>,
          })}
        </p>
      ) : null}
    </div>
  );
}
