"use client";

import { useTranslations } from "next-intl";
import { InvoiceDetails } from "@/components/scan/invoice-details";
import { KindBadge } from "@/components/scan/kind-badge";
import { PricePanel } from "@/components/scan/price-panel";
import { ProductPanel } from "@/components/scan/product-panel";
import { SentimentPanel } from "@/components/scan/sentiment-panel";
import { StorePicker } from "@/components/scan/store-picker";
import { Notice } from "@/components/ui/notice";
import { Panel } from "@/components/ui/panel";
import type { RecordedScan } from "@/lib/scan/client/send-scan";
import { sessionLabel, type ScanItem } from "@/lib/scan/schemas";

export type ScanEntry = {
  clientId: string;
  value: string;
  format: string | null;
  state: "sending" | "sent" | "queued" | "failed";
  scan?: RecordedScan;
  error?: string;
};

/** Everything about the code just scanned: product, opinions, store, prices, or the invoice. */
export function ResultCard({
  entry,
  prefix,
  onScanChange,
}: {
  entry: ScanEntry;
  prefix: string;
  onScanChange: (clientId: string, scan: ScanItem) => void;
}) {
  const t = useTranslations("scan.result");
  const scan = entry.scan;
  return (
    <Panel
      as="article"
      aria-label={t("label")}
      data-testid="result-card"
      data-state={entry.state}
      className="space-y-4 ui-b:space-y-2"
    >
      <header className="space-y-1">
        <div className="flex flex-wrap items-center gap-2">
          {scan ? <KindBadge kind={scan.kind} /> : null}
          <StateNote entry={entry} />
        </div>
        <p
          className={`font-mono break-all ${entry.value.length > 40 ? "text-xs text-muted" : "text-lg ui-c:text-xl"}`}
          data-testid="result-value"
        >
          {entry.value}
        </p>
      </header>

      {entry.state === "failed" ? <Notice tone="danger">{entry.error}</Notice> : null}

      {scan ? (
        <>
          {scan.kind === "barcode" ? <ProductPanel code={scan.value} /> : null}
          {scan.kind === "barcode" ? <SentimentPanel code={scan.value} /> : null}
          {scan.invoice ? <InvoiceDetails invoice={scan.invoice} /> : null}
          {scan.kind === "url" && /^https?:\/\//i.test(scan.value) ? (
            <a
              href={scan.value}
              target="_blank"
              rel="noopener noreferrer nofollow"
              className="inline-flex min-h-11 items-center text-sm font-medium break-all text-link underline underline-offset-2"
            >
              {t("openLink")}
            </a>
          ) : null}
          {scan.kind === "card" ? (
            <p className="text-sm">{scan.store_name ? t("cardOf", { store: scan.store_name }) : t("card")}</p>
          ) : null}
          <StorePicker scan={scan} onChange={(updated) => onScanChange(entry.clientId, updated)} />
          {scan.kind === "barcode" ? <PricePanel code={scan.value} prefix={prefix} /> : null}
        </>
      ) : null}
    </Panel>
  );
}

function StateNote({ entry }: { entry: ScanEntry }) {
  const t = useTranslations("scan.result");
  if (entry.state === "sending") return <span className="text-xs text-muted">{t("sending")}</span>;
  if (entry.state === "queued") {
    return <span className="text-xs font-medium text-warn">{t("queued")}</span>;
  }
  if (entry.state === "sent" && entry.scan) {
    const session = sessionLabel(entry.scan.session_id);
    return (
      <span className="text-xs text-muted">
        {entry.scan.replayed ? t("recordedEarlier", { session }) : t("recorded", { session })}
      </span>
    );
  }
  return null;
}
