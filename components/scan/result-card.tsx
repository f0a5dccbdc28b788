"use client";

import { InvoiceDetails } from "@/components/scan/invoice-details";
import { PricePanel } from "@/components/scan/price-panel";
import { ProductPanel } from "@/components/scan/product-panel";
import { SentimentPanel } from "@/components/scan/sentiment-panel";
import { StorePicker } from "@/components/scan/store-picker";
import { KIND_LABEL } from "@/components/scan/styles";
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
  const scan = entry.scan;
  const kind = scan ? KIND_LABEL[scan.kind] : undefined;
  return (
    <article
      aria-label="Scan result"
      data-testid="result-card"
      data-state={entry.state}
      className="surface space-y-4 rounded-xl border border-slate-200 bg-white p-4 shadow-sm ui-b:space-y-2 ui-b:p-2 ui-c:p-5"
    >
      <header className="space-y-1">
        <div className="flex flex-wrap items-center gap-2">
          {kind ? (
            <span className={`rounded-full px-2 py-0.5 text-xs font-semibold ${kind.className}`}>{kind.label}</span>
          ) : null}
          <StateNote entry={entry} />
        </div>
        <p
          className={`font-mono break-all ${entry.value.length > 40 ? "text-xs text-slate-600 ui-d:text-slate-300" : "text-lg ui-c:text-xl"}`}
          data-testid="result-value"
        >
          {entry.value}
        </p>
      </header>

      {entry.state === "failed" ? (
        <p role="alert" className="text-sm text-red-700 ui-d:text-red-300">
          {entry.error}
        </p>
      ) : null}

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
              className="inline-block text-sm font-medium break-all text-brand underline"
            >
              Open the link
            </a>
          ) : null}
          {scan.kind === "card" ? (
            <p className="text-sm">
              This is a loyalty card{scan.store_name ? ` of ${scan.store_name}` : ""} from the wallet.
            </p>
          ) : null}
          <StorePicker scan={scan} onChange={(updated) => onScanChange(entry.clientId, updated)} />
          {scan.kind === "barcode" ? <PricePanel code={scan.value} prefix={prefix} /> : null}
        </>
      ) : null}
    </article>
  );
}

function StateNote({ entry }: { entry: ScanEntry }) {
  if (entry.state === "sending") return <span className="text-xs text-slate-500">Sending…</span>;
  if (entry.state === "queued") {
    return (
      <span className="text-xs font-medium text-amber-800 ui-d:text-yellow-300">
        Saved on this phone; it is sent when there is signal.
      </span>
    );
  }
  if (entry.state === "sent" && entry.scan) {
    return (
      <span className="text-xs text-slate-500 ui-d:text-slate-300">
        {entry.scan.replayed ? "Recorded earlier" : "Recorded"} in {sessionLabel(entry.scan.session_id)}
      </span>
    );
  }
  return null;
}
