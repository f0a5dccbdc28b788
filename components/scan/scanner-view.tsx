"use client";

import { useLocale, useTranslations } from "next-intl";
import { useCallback, useEffect, useId, useState } from "react";
import { CameraScanner, type DetectedBarcode } from "@/components/scan/camera-scanner";
import { ResultCard, type ScanEntry } from "@/components/scan/result-card";
import { Button, rowButtonClass } from "@/components/ui/button";
import { fieldDescription } from "@/components/ui/field";
import { Input } from "@/components/ui/input";
import { Panel } from "@/components/ui/panel";
import { useApiForm } from "@/components/ui/use-api-form";
import { formatMoney } from "@/lib/i18n/format";
import { FetchError } from "@/lib/http/client-api";
import { BARCODE_FORMATS } from "@/lib/scan/barcode-format";
import { loadBarcodeReader } from "@/lib/scan/client/barcode-reader";
import { newClientId } from "@/lib/scan/client/client-id";
import type { OutboxEvent } from "@/lib/scan/client/outbox";
import { sendScan, type RecordedScan } from "@/lib/scan/client/send-scan";
import { useOutbox } from "@/lib/scan/client/use-outbox";
import { recordScanBody, type ScanItem } from "@/lib/scan/schemas";
import { useProduct } from "@/lib/scan/use-scan-result";

// The reader (and its .wasm) starts loading as soon as this page's code runs,
// before React has hydrated the page: on a phone that needs zxing, loading
// and compiling it was most of the wait for the first code.
// Its one load is shared with the scanner's, which asks for the same formats.
if (typeof window !== "undefined") loadBarcodeReader(BARCODE_FORMATS).catch(() => undefined);

const RECENT_SHOWN = 10;
const FLASH_MS = 2500;
/** A long code (a fatura's QR) is cut short when read out. */
const ANNOUNCED_CHARS = 60;

type Flash = { id: number; text: string; tone: "ok" | "queued" | "error" };

const FLASH_TONES: Record<Flash["tone"], string> = {
  ok: "border-success/40 bg-success-surface text-success",
  queued: "border-warn/40 bg-warn-surface text-warn",
  error: "border-danger/40 bg-danger-surface text-danger",
};

const typedCode = recordScanBody.pick({ value: true });

/** Numbers the banners, so each one's timer only takes down its own. */
let flashes = 0;

/**
 * The scanner page (docs/contract.md, "Scan decisions"): every new code is confirmed with a
 * vibration and a banner, read out to a screen reader, sent once (or queued
 * without signal), and opens its result card. Typing a code does the same
 * without a camera.
 */
export function ScannerView({ prefix }: { prefix: string }) {
  const t = useTranslations("scan.scanner");
  const tKinds = useTranslations("scan.kinds");
  const id = useId();
  const [entries, setEntries] = useState<ScanEntry[]>([]);
  const [activeId, setActiveId] = useState<string | null>(null);
  const [flash, setFlash] = useState<Flash | null>(null);
  const form = useApiForm(typedCode, { value: "" });
  const typed = form.watch("value");
  const typedError = form.formState.errors.value?.message;

  const update = useCallback((clientId: string, change: Partial<ScanEntry>) => {
    setEntries((current) => current.map((entry) => (entry.clientId === clientId ? { ...entry, ...change } : entry)));
  }, []);

  const onOutboxEvent = useCallback(
    (event: OutboxEvent) => {
      if (event.type === "delivered") update(event.client_id, { state: "sent", scan: event.scan as RecordedScan });
      if (event.type === "dropped") update(event.client_id, { state: "failed", error: event.message });
    },
    [update],
  );
  const outbox = useOutbox(onOutboxEvent);

  const show = useCallback((text: string, tone: Flash["tone"]) => {
    flashes += 1;
    setFlash({ id: flashes, text, tone });
  }, []);

  useEffect(() => {
    if (!flash) return;
    const timer = setTimeout(() => setFlash((current) => (current?.id === flash.id ? null : current)), FLASH_MS);
    return () => clearTimeout(timer);
  }, [flash]);

  const record = useCallback(
    async (code: { value: string; format: string | null }) => {
      const clientId = newClientId();
      setEntries((current) => [
        { clientId, value: code.value, format: code.format, state: "sending" as const },
        ...current,
      ]);
      setActiveId(clientId);
      try {
        const result = await sendScan({ value: code.value, format: code.format, clientId });
        if (result.status === "sent") {
          update(clientId, { state: "sent", scan: result.scan });
        } else if (result.status === "queued") {
          update(clientId, { state: "queued" });
          show(t("flash.queued"), "queued");
        }
      } catch (problem) {
        const message = problem instanceof FetchError ? problem.message : t("flash.failed");
        update(clientId, { state: "failed", error: message });
        show(message, "error");
      }
    },
    [show, update, t],
  );

  // New codes only: the camera passes a code on once while it stays in view.
  const onDetected = useCallback(
    (code: DetectedBarcode) => {
      try {
        navigator.vibrate?.(80);
      } catch {
        // Some browsers refuse vibration without a tap first; the banner is enough.
      }
      show(t("flash.scanned", { value: code.value }), "ok");
      void record(code);
    },
    [record, show, t],
  );

  const submitTyped = form.handleSubmit(({ value }) => {
    form.reset({ value: "" });
    show(t("flash.added", { value }), "ok");
    void record({ value, format: null });
  });

  const active = entries.find((entry) => entry.clientId === activeId) ?? entries[0];
  const recent = entries.filter((entry) => entry !== active).slice(0, RECENT_SHOWN);

  return (
    <div className="space-y-4 ui-b:space-y-2">
      <OutboxBanner waiting={outbox.waiting} online={outbox.online} sending={outbox.sending} onSend={outbox.flush} />

      <CameraScanner onDetected={onDetected} />

      <form
        // Enter in an empty box does nothing, as the disabled button says.
        onSubmit={(event) => (typed.trim() ? submitTyped(event) : event.preventDefault())}
        noValidate
        aria-label={t("typed.form")}
        className="space-y-1"
      >
        <div className="flex gap-2">
          <Input
            id={`${id}-code`}
            {...form.register("value")}
            placeholder={t("typed.placeholder")}
            aria-label={t("typed.label")}
            aria-invalid={typedError ? true : undefined}
            aria-describedby={fieldDescription(`${id}-code`, { error: typedError })}
            autoComplete="off"
            enterKeyHint="send"
            maxLength={4096}
          />
          <Button type="submit" disabled={!typed.trim()}>
            {t("typed.add")}
          </Button>
        </div>
        {typedError ? (
          <p id={`${id}-code-error`} role="alert" className="text-sm text-danger">
            {typedError}
          </p>
        ) : null}
      </form>

      <Announcement entry={active} />

      {active ? (
        <ResultCard
          key={active.clientId}
          entry={active}
          prefix={prefix}
          onScanChange={(clientId, scan: ScanItem) =>
            setEntries((current) =>
              current.map((entry) =>
                entry.clientId === clientId && entry.scan ? { ...entry, scan: { ...entry.scan, ...scan } } : entry,
              ),
            )
          }
        />
      ) : (
        <p className="text-sm text-muted">{t("empty")}</p>
      )}

      {recent.length > 0 ? (
        <section aria-label={t("earlier.label")}>
          <h2 className="mb-1 text-sm font-semibold">{t("earlier.title")}</h2>
          <Panel as="ul" kind="list">
            {recent.map((entry) => (
              <li key={entry.clientId}>
                <button type="button" onClick={() => setActiveId(entry.clientId)} className={rowButtonClass("line")}>
                  <span className="min-w-0 truncate font-mono text-sm">{entry.value}</span>
                  <span className="shrink-0 text-xs text-muted">
                    {entry.state === "sent" ? (entry.scan ? tKinds(entry.scan.kind) : "") : t(`state.${entry.state}`)}
                  </span>
                </button>
              </li>
            ))}
          </Panel>
        </section>
      ) : null}

      {flash ? (
        <div
          // The code read is told to screen readers by the announcement above; a
          // queued or failed scan is told here.
          role={flash.tone === "ok" ? undefined : "status"}
          aria-hidden={flash.tone === "ok" ? true : undefined}
          data-testid="scan-flash"
          data-flash={flash.id}
          className={`fixed inset-x-4 top-4 z-30 mx-auto max-w-md rounded-xl border px-4 py-3 text-center font-semibold break-all shadow-lg ${FLASH_TONES[flash.tone]}`}
        >
          {flash.tone === "ok" ? "✓ " : ""}
          {flash.text}
        </div>
      ) : null}
    </div>
  );
}

/**
 * A polite live region that says what was just read, in the page's language:
 * the product's name once it is known, else what kind of code and its value.
 */
function Announcement({ entry }: { entry: ScanEntry | undefined }) {
  const t = useTranslations("scan.scanner.announce");
  const locale = useLocale();
  const barcode = entry?.scan?.kind === "barcode" ? entry.scan.value : null;
  const { data } = useProduct(barcode);
  let text = "";
  if (entry) {
    const value = entry.value.length > ANNOUNCED_CHARS ? `${entry.value.slice(0, ANNOUNCED_CHARS - 1)}…` : entry.value;
    const scan = entry.scan;
    const name = data?.product?.name;
    if (scan?.kind === "barcode") text = name ? t("product", { name }) : t("barcode", { value });
    else if (scan?.kind === "fatura" && scan.invoice?.gross_total) {
      text = t("fatura", { total: formatMoney(locale, scan.invoice.gross_total) });
    } else if (scan?.kind === "card" || scan?.kind === "url") text = t(scan.kind, { value });
    else if (scan?.kind === "qr" || entry.format === "qr_code") text = t("qr", { value });
    else if (entry.format) text = t("barcode", { value });
    else text = t("code", { value });
  }
  return (
    <p role="status" aria-live="polite" className="sr-only" data-testid="scan-announcement">
      {text}
    </p>
  );
}

function OutboxBanner({
  waiting,
  online,
  sending,
  onSend,
}: {
  waiting: number | null;
  online: boolean;
  sending: boolean;
  onSend: () => void;
}) {
  const t = useTranslations("scan.scanner.outbox");
  if (!waiting && online) return null;
  return (
    <div
      data-testid="outbox-banner"
      className="flex flex-wrap items-center justify-between gap-2 rounded-xl border border-warn/40 bg-warn-surface px-3 py-2 text-sm text-warn"
    >
      <p role="status">
        {!online ? `${t("offline")} ` : ""}
        {waiting ? <span data-testid="outbox-waiting">{t("waiting", { count: waiting })}</span> : t("kept")}
      </p>
      {waiting && online ? (
        <Button kind="secondary" onClick={onSend} disabled={sending}>
          {sending ? t("sending") : t("send")}
        </Button>
      ) : null}
    </div>
  );
}
