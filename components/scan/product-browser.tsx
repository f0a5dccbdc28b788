"use client";

import { useTranslations } from "next-intl";
import { useId, useState } from "react";
import useSWR from "swr";
import { productTitle } from "@/components/scan/product-picker";
import { useDebounced } from "@/components/scan/use-debounced";
import { Button } from "@/components/ui/button";
import { FormError, FormField } from "@/components/ui/field";
import { Input } from "@/components/ui/input";
import { AppLink } from "@/components/ui/link";
import { Notice } from "@/components/ui/notice";
import { useApiForm, useSendForm } from "@/components/ui/use-api-form";
import { fetcher } from "@/lib/http/client-api";
import {
  createManualProductBody,
  type CreateManualProductResponse,
  type Product,
  type SearchProductsResponse,
} from "@/lib/scan/schemas";

const MANUAL_URL = "/base-scan/api/products/manual";
const manualProduct = createManualProductBody.pick({ name: true, brand: true, quantity: true });

/** Product search (on the server, accents ignored) and adding a product that has no barcode. */
export function ProductBrowser() {
  const t = useTranslations("scan.products");
  const tTitle = useTranslations("scan.product");
  const id = useId();
  const [text, setText] = useState("");
  const query = useDebounced(text.trim());
  const key = query.length > 0 ? `/base-scan/api/products/search?q=${encodeURIComponent(query)}` : null;
  const { data, error, isLoading } = useSWR<SearchProductsResponse>(key, fetcher, { keepPreviousData: true });
  const products = query.length > 0 ? (data?.products ?? []) : [];

  const form = useApiForm(manualProduct, { name: "", brand: "", quantity: "" });
  const sendForm = useSendForm();
  const [added, setAdded] = useState<Product | null>(null);
  const { errors, isSubmitting } = form.formState;
  const title = (product: Product) => productTitle(product, (code) => tTitle("numbered", { code }));

  const add = form.handleSubmit(async (body) => {
    setAdded(null);
    const answer = (await sendForm(form, MANUAL_URL, body)) as CreateManualProductResponse | undefined;
    if (!answer) return;
    setAdded(answer.product);
    form.reset({ name: "", brand: "", quantity: "" });
  });

  const field = (name: "name" | "brand" | "quantity") => ({
    id: `${id}-${name}`,
    error: errors[name]?.message,
    input: { ...form.register(name), autoComplete: "off" },
  });
  const name = field("name");
  const brand = field("brand");
  const quantity = field("quantity");

  return (
    <div className="space-y-6 pb-8">
      <section aria-labelledby={`${id}-search`} className="space-y-3">
        <h2 id={`${id}-search`} className="sr-only">
          {t("search.label")}
        </h2>
        <Input
          type="search"
          value={text}
          onChange={(event) => setText(event.target.value)}
          placeholder={t("search.placeholder")}
          aria-label={t("search.label")}
          enterKeyHint="search"
          autoComplete="off"
          className="shadow-sm"
        />
        {error ? <Notice tone="danger">{error instanceof Error ? error.message : t("search.failed")}</Notice> : null}
        {query && data && !isLoading && products.length === 0 ? (
          <p role="status" className="text-muted">
            {t("search.none", { query })}
          </p>
        ) : null}
        {products.length > 0 ? (
          <ul
            aria-label={t("search.found")}
            className="surface divide-y divide-line overflow-hidden rounded-2xl border border-line bg-surface"
          >
            {products.map((product) => (
              <li key={product.id} className="flex items-center gap-3 px-4 py-3">
                <div className="min-w-0 flex-1">
                  <p className="truncate font-medium">{title(product)}</p>
                  <p className="truncate text-sm text-muted">
                    <span className="font-mono">{product.code}</span>
                    {product.quantity ? ` · ${product.quantity}` : ""} · {t(`source.${product.source}`)}
                  </p>
                </div>
                <AppLink
                  href={`/base-scan/prices?code=${encodeURIComponent(product.code)}`}
                  look="plain"
                  aria-label={t("search.pricesOf", { name: title(product) })}
                  className="flex h-11 shrink-0 items-center rounded-lg border border-line-strong px-3 text-sm font-medium text-link underline underline-offset-2 hover:bg-sunken"
                >
                  {t("search.prices")}
                </AppLink>
              </li>
            ))}
          </ul>
        ) : null}
      </section>

      <form
        onSubmit={add}
        noValidate
        aria-labelledby={`${id}-add`}
        className="surface space-y-4 rounded-2xl border border-line bg-surface p-4 shadow-sm ui-b:p-2"
      >
        <div>
          <h2 id={`${id}-add`} className="text-lg font-semibold">
            {t("add.title")}
          </h2>
          <p className="text-sm text-muted">{t("add.intro")}</p>
        </div>
        <FormField label={t("add.name")} id={name.id} error={name.error}>
          {(control) => <Input {...control} {...name.input} />}
        </FormField>
        <div className="grid grid-cols-1 gap-3 min-[400px]:grid-cols-2">
          <FormField label={t("add.brand")} id={brand.id} error={brand.error}>
            {(control) => <Input {...control} {...brand.input} />}
          </FormField>
          <FormField label={t("add.quantity")} id={quantity.id} error={quantity.error}>
            {(control) => <Input {...control} {...quantity.input} placeholder={t("add.quantityPlaceholder")} />}
          </FormField>
        </div>
        <FormError>{errors.root?.server?.message}</FormError>
        <Button type="submit" block disabled={isSubmitting}>
          {isSubmitting ? t("add.adding") : t("add.submit")}
        </Button>
        {added ? (
          <Notice tone="success">
            {t.rich("add.added", {
              name: title(added),
              code: added.code,
              mono: (chunks) => <span className="font-mono font-semibold">{chunks}</span>,
            })}{" "}
            <AppLink href={`/base-scan/prices?code=${encodeURIComponent(added.code)}`}>{t("add.recordPrice")}</AppLink>
          </Notice>
        ) : null}
      </form>
    </div>
  );
}
