"use client";

import { useCallback, useEffect, useRef, useState, type FormEvent } from "react";
import { CameraScanner, type DetectedBarcode } from "@/components/scan/camera-scanner";
import { ResultCard, type ScanEntry } from "@/components/scan/result-card";
import { buttonClass, inputClass, KIND_LABEL } from "@/components/scan/styles";
import { FetchError } from "@/lib/http/fetcher";
import { newClientId } from "@/lib/scan/client/client-id";
import { createCodeFilter } from "@/lib/scan/client/code-filter";
import type { OutboxEvent } from "@/lib/scan/client/outbox";
import { sendScan, type RecordedScan } from "@/lib/scan/client/send-scan";
import { useOutbox } from "@/lib/scan/client/use-outbox";
import type { ScanItem } from "@/lib/scan/schemas";

const RECENT_SHOWN = 10;
const FLASH_MS = 2500;

type Flash = { id: number; text: string; tone: "ok" | "queued" | "error" };

/**
 * The scanner page (issue 3 "Scanner"): every new code is confirmed with a
 * vibration and a banner, sent once (or queued without signal), and opens its
 * result card. Typing a code does the same without a camera.
 */
export function ScannerView({ prefix }: { prefix: string }) {
  const [entries, setEntries] = useState<ScanEntry[]>([]);
  const [activeId, setActiveId] = useState<string | null>(null);
  const [flash, setFlash] = useState<Flash | null>(null);
  const [typed, setTyped] = useState("");
  const filter = useRef(createCodeFilter());
  const flashCount = useRef(0);

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
    flashCount.current += 1;
    setFlash({ id: flashCount.current, text, tone });
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
          show("No signal: saved on this phone, sent later.", "queued");
        }
      } catch (problem) {
        const message = problem instanceof FetchError ? problem.message : "The scan could not be saved.";
        update(clientId, { state: "failed", error: message });
        show(message, "error");
      }
    },
    [show, update],
  );

  const onDetected = useCallback(
    (code: DetectedBarcode) => {
      if (!filter.current.accept(code.value, performance.now())) return;
      try {
        navigator.vibrate?.(80);
      } catch {
        // Some browsers refuse vibration without a tap first; the banner is enough.
      }
      show(`Scanned ${code.value}`, "ok");
      void record(code);
    },
    [record, show],
  );

  function submitTyped(event: FormEvent) {
    event.preventDefault();
    const value = typed.trim();
    if (!value) return;
    setTyped("");
    show(`Added ${value}`, "ok");
    void record({ value, format: null });
  }

  const active = entries.find((entry) => entry.clientId === activeId) ?? entries[0];
  const recent = entries.filter((entry) => entry !== active).slice(0, RECENT_SHOWN);

  return (
    <div className="space-y-4 ui-b:space-y-2">
      <OutboxBanner waiting={outbox.waiting} online={outbox.online} sending={outbox.sending} onSend={outbox.flush} />

      <CameraScanner onDetected={onDetected} />

      <form onSubmit={submitTyped} className="flex gap-2" aria-label="Type a code">
        <input
          value={typed}
          onChange={(event) => setTyped(event.target.value)}
          placeholder="Type a code"
          aria-label="Code"
          autoComplete="off"
          enterKeyHint="send"
          maxLength={4096}
          className={inputClass}
        />
        <button type="submit" disabled={!typed.trim()} className={buttonClass("primary")}>
          Add
        </button>
      </form>

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
        <p className="text-sm text-slate-600 ui-d:text-slate-300">
          Scanned codes show here with the product, who likes it, the store and prices. Invoices (faturas) show their
          totals.
        </p>
      )}

      {recent.length > 0 ? (
        <section aria-label="Earlier scans">
          <h2 className="mb-1 text-sm font-semibold">Earlier</h2>
          <ul className="surface divide-y divide-slate-200 rounded-xl border border-slate-200 bg-white">
            {recent.map((entry) => (
              <li key={entry.clientId}>
                <button
                  type="button"
                  onClick={() => setActiveId(entry.clientId)}
                  className="flex w-full items-center justify-between gap-2 px-3 py-2.5 text-left ui-c:py-3.5"
                >
                  <span className="min-w-0 truncate font-mono text-sm">{entry.value}</span>
                  <span className="shrink-0 text-xs text-slate-500 ui-d:text-slate-300">
                    {entry.state === "sent" && entry.scan
                      ? (KIND_LABEL[entry.scan.kind]?.label ?? entry.scan.kind)
                      : entry.state}
                  </span>
                </button>
              </li>
            ))}
          </ul>
        </section>
      ) : null}

      {flash ? (
        <div
          role="status"
          data-testid="scan-flash"
          className={`fixed inset-x-4 top-4 z-30 mx-auto max-w-md rounded-xl px-4 py-3 text-center font-semibold shadow-lg break-all ${
            flash.tone === "ok"
              ? "bg-emerald-700 text-white"
              : flash.tone === "queued"
                ? "bg-amber-500 text-black"
                : "bg-red-700 text-white"
          }`}
        >
          {flash.tone === "ok" ? "✓ " : ""}
          {flash.text}
        </div>
      ) : null}
    </div>
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
  if (!waiting && online) return null;
  return (
    <div
      data-testid="outbox-banner"
      className="surface flex flex-wrap items-center justify-between gap-2 rounded-xl border border-amber-300 bg-amber-50 px-3 py-2 text-sm ui-d:text-yellow-300"
    >
      <p role="status">
        {!online ? "Offline. " : ""}
        {waiting ? (
          <span data-testid="outbox-waiting">
            {waiting === 1 ? "1 scan waits" : `${waiting} scans wait`} to be sent.
          </span>
        ) : (
          "Scans are kept on this phone until there is signal."
        )}
      </p>
      {waiting && online ? (
        <button type="button" onClick={onSend} disabled={sending} className={buttonClass("secondary")}>
          {sending ? "Sending…" : "Send now"}
        </button>
      ) : null}
    </div>
  );
}
