"use client";

import { useTranslations } from "next-intl";
import { useState } from "react";
import { useProblem } from "@/components/scan/use-problem";
import { Button } from "@/components/ui/button";
import { Notice } from "@/components/ui/notice";
import { api, FetchError } from "@/lib/http/client-api";
import type { EnrichProductResponse } from "@/lib/scan/schemas";
import { useProduct } from "@/lib/scan/use-scan-result";

type Enrich =
  | { status: "idle" }
  | { status: "running" }
  | { status: "done"; cached: boolean }
  | { status: "failed"; message: string | null };

// Open Food Facts only knows numeric barcodes (same rule as the enrich route).
const ENRICHABLE = /^\d{4,24}$/;

/** The product behind a barcode, with an explicit look-up on Open Food Facts. */
export function ProductPanel({ code }: { code: string }) {
  const t = useTranslations("scan.product");
  const problem = useProblem();
  const { data, error, isLoading, mutate } = useProduct(code);
  const [enrich, setEnrich] = useState<Enrich>({ status: "idle" });
  const product = data?.product;

  async function lookUp() {
    setEnrich({ status: "running" });
    const refresh = product?.off_status ? "?refresh=1" : "";
    try {
      const result = await api<EnrichProductResponse>(
        `/base-scan/api/products/${encodeURIComponent(code)}/enrich${refresh}`,
      );
      await mutate({ ok: true, product: result.product }, { revalidate: false });
      setEnrich({ status: "done", cached: result.cached });
    } catch (failure) {
      setEnrich({ status: "failed", message: problem(failure, t("lookUpFailed")) });
      // A "not known" answer is stored on the product; show that state.
      void mutate();
    }
  }

  if (isLoading) return <p className="text-sm text-muted">{t("loading")}</p>;
  if (error && !(error instanceof FetchError && error.status === 404)) {
    return <Notice tone="danger">{problem(error, t("loadFailed"))}</Notice>;
  }

  const running = enrich.status === "running";
  return (
    <section aria-label={t("label")} className="space-y-2">
      <div className="flex gap-3">
        {product?.image_url ? (
          // Remote product photos from Open Food Facts; next/image would need their host configured.
          // eslint-disable-next-line @next/next/no-img-element
          <img
            src={product.image_url}
            alt=""
            width={64}
            height={64}
            // A white card behind the photo: product photos are cut out on white.
            className="h-16 w-16 shrink-0 rounded-lg border border-line bg-[#fff] object-contain"
            // No signal or a moved photo: no broken-image box.
            onError={(event) => (event.currentTarget.style.display = "none")}
          />
        ) : null}
        <div className="min-w-0">
          <p className="font-semibold break-words" data-testid="product-name">
            {product?.name || t("unnamed")}
          </p>
          <p className="text-sm text-muted">
            {[product?.brand, product?.quantity].filter(Boolean).join(" · ") ||
              (product?.off_status === "not_found" ? t("offUnknown") : product ? t("noDetails") : t("notStored"))}
          </p>
        </div>
      </div>
      {ENRICHABLE.test(code) && product ? (
        <div className="flex flex-wrap items-center gap-2">
          <Button kind="secondary" onClick={lookUp} disabled={running} aria-busy={running}>
            {running ? (
              <>
                <span
                  aria-hidden
                  className="h-4 w-4 animate-spin rounded-full border-2 border-current border-t-transparent"
                />
                {t("lookingUp")}
              </>
            ) : product.off_status ? (
              t("lookUpAgain")
            ) : (
              t("lookUp")
            )}
          </Button>
          {enrich.status === "done" ? (
            <span role="status" className="text-sm text-success">
              {enrich.cached ? t("cached") : t("updated")}
            </span>
          ) : null}
        </div>
      ) : null}
      {enrich.status === "failed" ? <Notice tone="danger">{enrich.message ?? t("lookUpFailed")}</Notice> : null}
    </section>
  );
}
