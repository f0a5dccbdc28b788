"use client";

import { useState } from "react";
import { buttonClass } from "@/components/scan/styles";
import { fetchJson, FetchError } from "@/lib/http/fetcher";
import type { EnrichProductResponse } from "@/lib/scan/schemas";
import { useProduct } from "@/lib/scan/use-scan-result";

type Enrich =
  | { status: "idle" }
  | { status: "running" }
  | { status: "done"; cached: boolean }
  | { status: "failed"; message: string };

// Open Food Facts only knows numeric barcodes (same rule as the enrich route).
const ENRICHABLE = /^\d{4,24}$/;

/** The product behind a barcode, with an explicit look-up on Open Food Facts. */
export function ProductPanel({ code }: { code: string }) {
  const { data, error, isLoading, mutate } = useProduct(code);
  const [enrich, setEnrich] = useState<Enrich>({ status: "idle" });
  const product = data?.product;

  async function lookUp() {
    setEnrich({ status: "running" });
    const refresh = product?.off_status ? "?refresh=1" : "";
    try {
      const result = await fetchJson<EnrichProductResponse>(
        `/base-scan/api/products/${encodeURIComponent(code)}/enrich${refresh}`,
      );
      await mutate({ ok: true, product: result.product }, { revalidate: false });
      setEnrich({ status: "done", cached: result.cached });
    } catch (failure) {
      const message = failure instanceof FetchError ? failure.message : "The look-up failed. Try again.";
      setEnrich({ status: "failed", message });
      // A "not known" answer is stored on the product; show that state.
      void mutate();
    }
  }

  if (isLoading) return <p className="text-sm text-slate-500">Loading the product…</p>;
  if (error && !(error instanceof FetchError && error.status === 404)) {
    return (
      <p role="alert" className="text-sm text-red-700 ui-d:text-red-300">
        {error instanceof FetchError ? error.message : "The product could not be loaded."}
      </p>
    );
  }

  const running = enrich.status === "running";
  return (
    <section aria-label="Product" className="space-y-2">
      <div className="flex gap-3">
        {product?.image_url ? (
          // Remote product photos from Open Food Facts; next/image would need their host configured.
          // eslint-disable-next-line @next/next/no-img-element
          <img
            src={product.image_url}
            alt=""
            width={64}
            height={64}
            className="h-16 w-16 shrink-0 rounded-lg border border-slate-200 bg-white object-contain"
            // No signal or a moved photo: no broken-image box.
            onError={(event) => (event.currentTarget.style.display = "none")}
          />
        ) : null}
        <div className="min-w-0">
          <p className="font-semibold break-words" data-testid="product-name">
            {product?.name || "Unnamed product"}
          </p>
          <p className="text-sm text-slate-600 ui-d:text-slate-300">
            {[product?.brand, product?.quantity].filter(Boolean).join(" · ") ||
              (product?.off_status === "not_found"
                ? "Open Food Facts does not know this code."
                : product
                  ? "No details yet."
                  : "Not stored as a product.")}
          </p>
        </div>
      </div>
      {ENRICHABLE.test(code) && product ? (
        <div className="flex flex-wrap items-center gap-2">
          <button
            type="button"
            onClick={lookUp}
            disabled={running}
            aria-busy={running}
            className={buttonClass("secondary")}
          >
            {running ? (
              <>
                <span
                  aria-hidden
                  className="h-4 w-4 animate-spin rounded-full border-2 border-current border-t-transparent"
                />
                Looking up…
              </>
            ) : product.off_status ? (
              "Look up again"
            ) : (
              "Look up on Open Food Facts"
            )}
          </button>
          {enrich.status === "done" ? (
            <span role="status" className="text-sm text-emerald-800 ui-d:text-emerald-300">
              {enrich.cached ? "Already looked up." : "Updated from Open Food Facts."}
            </span>
          ) : null}
        </div>
      ) : null}
      {enrich.status === "failed" ? (
        <p role="alert" className="text-sm text-red-700 ui-d:text-red-300">
          {enrich.message}
        </p>
      ) : null}
    </section>
  );
}
