"use client";

import { useEffect, useRef, useState, type PointerEvent } from "react";
import { BarcodeView } from "@/components/scan/barcode-view";
import { useWakeLock } from "@/components/scan/use-wake-lock";
import { FORMAT_LABELS } from "@/lib/scan/barcode-encoding";
import { normalizeFormat } from "@/lib/scan/barcode-format";
import type { Card } from "@/lib/scan/schemas";

// A horizontal move this long (CSS px), clearly more sideways than up or down,
// is a swipe to the neighbouring card.
const SWIPE_MIN = 50;

/**
 * The card shown at the till: full screen, white, its barcode as large and
 * sharp as the screen allows, the number in large type beneath, the screen
 * kept on. Swipe, the arrow buttons or the arrow keys move through the other
 * cards of the same store; Escape or ✕ closes.
 */
export function CheckoutView({
  card,
  siblings,
  onNavigate,
  onClose,
  onDelete,
}: {
  card: Card;
  /** The cards of this store, `card` among them, in wallet order. */
  siblings: Card[];
  onNavigate: (card: Card) => void;
  onClose: () => void;
  /** Resolves once deleted; rejects with a message to show. */
  onDelete: (card: Card) => Promise<void>;
}) {
  const wakeLock = useWakeLock(true);
  const closeRef = useRef<HTMLButtonElement>(null);
  const start = useRef<{ x: number; y: number } | null>(null);
  const [confirming, setConfirming] = useState<number | null>(null);
  const [deleting, setDeleting] = useState(false);
  const [deleteError, setDeleteError] = useState<string | null>(null);

  const index = Math.max(
    0,
    siblings.findIndex((other) => other.id === card.id),
  );
  const count = siblings.length;
  const step = (by: number) => {
    if (count < 2) return;
    const next = siblings[(index + by + count) % count];
    if (next) onNavigate(next);
  };
  const stepRef = useRef(step);
  const closeCb = useRef(onClose);
  useEffect(() => {
    stepRef.current = step;
    closeCb.current = onClose;
  });

  useEffect(() => {
    closeRef.current?.focus();
    const previous = document.body.style.overflow;
    document.body.style.overflow = "hidden";
    const onKey = (event: KeyboardEvent) => {
      if (event.key === "ArrowRight") stepRef.current(1);
      else if (event.key === "ArrowLeft") stepRef.current(-1);
      else if (event.key === "Escape") closeCb.current();
    };
    window.addEventListener("keydown", onKey);
    return () => {
      document.body.style.overflow = previous;
      window.removeEventListener("keydown", onKey);
    };
  }, []);

  const onPointerDown = (event: PointerEvent) => {
    start.current = { x: event.clientX, y: event.clientY };
  };
  const onPointerUp = (event: PointerEvent) => {
    const from = start.current;
    start.current = null;
    if (!from) return;
    const dx = event.clientX - from.x;
    const dy = event.clientY - from.y;
    if (Math.abs(dx) >= SWIPE_MIN && Math.abs(dx) > 1.5 * Math.abs(dy)) step(dx < 0 ? 1 : -1);
  };

  const confirmDelete = async () => {
    setDeleting(true);
    setDeleteError(null);
    try {
      await onDelete(card);
      setConfirming(null);
    } catch (error) {
      setDeleteError(error instanceof Error ? error.message : "The card could not be deleted.");
    } finally {
      setDeleting(false);
    }
  };

  const format = normalizeFormat(card.card_format);
  const details = [card.person_name, card.label].filter(Boolean).join(" · ");

  return (
    <div
      role="dialog"
      aria-modal="true"
      aria-label={`${card.store_name} card`}
      className="fixed inset-0 z-50 flex flex-col bg-white text-black"
    >
      <header className="flex items-center gap-2 px-2 pt-[max(env(safe-area-inset-top),0.5rem)]">
        <button
          ref={closeRef}
          type="button"
          onClick={onClose}
          aria-label="Close"
          className="flex h-12 w-12 shrink-0 items-center justify-center rounded-full text-3xl leading-none text-slate-700 hover:bg-slate-100"
        >
          ×
        </button>
        <div className="min-w-0 flex-1 text-center">
          <h2 className="truncate text-xl font-semibold">{card.store_name}</h2>
          {details ? <p className="truncate text-sm text-slate-600">{details}</p> : null}
        </div>
        <span className="w-12 shrink-0 text-center text-sm text-slate-500 tabular-nums" aria-label="Card position">
          {count > 1 ? `${index + 1}/${count}` : ""}
        </span>
      </header>

      <div
        className="flex min-h-0 flex-1 touch-pan-y flex-col items-center justify-center overflow-y-auto px-1 py-4 select-none"
        onPointerDown={onPointerDown}
        onPointerUp={onPointerUp}
        onPointerCancel={() => {
          start.current = null;
        }}
        data-testid="checkout-body"
      >
        <BarcodeView key={card.id} format={card.card_format} value={card.card_value} maxHeight={0.45} />
        <p
          data-testid="card-number"
          className={`mt-5 max-w-full px-3 text-center font-mono font-semibold tracking-wider break-all ${numberSize(card.card_value)}`}
        >
          {card.card_value}
        </p>
        <p className="mt-2 text-sm text-slate-500">
          {format ? FORMAT_LABELS[format] : `${card.card_format || "Unknown format"} (drawn as Code 128)`}
          {wakeLock === "on" ? " · screen stays on" : ""}
        </p>
      </div>

      <footer className="grid grid-cols-[4rem_1fr_4rem] items-center gap-2 px-3 pt-2 pb-[max(env(safe-area-inset-bottom),0.75rem)]">
        <button
          type="button"
          onClick={() => step(-1)}
          disabled={count < 2}
          aria-label="Previous card"
          className="flex h-14 w-14 items-center justify-center rounded-full border border-slate-300 text-2xl disabled:invisible"
        >
          ←
        </button>
        <button
          type="button"
          onClick={() => {
            setDeleteError(null);
            setConfirming(card.id);
          }}
          className="mx-auto h-12 rounded-full px-4 text-sm font-medium text-red-700 hover:bg-red-50"
        >
          Delete card
        </button>
        <button
          type="button"
          onClick={() => step(1)}
          disabled={count < 2}
          aria-label="Next card"
          className="flex h-14 w-14 items-center justify-center justify-self-end rounded-full border border-slate-300 text-2xl disabled:invisible"
        >
          →
        </button>
      </footer>

      {confirming === card.id ? (
        <div className="fixed inset-0 z-10 flex items-end bg-black/40" onClick={() => !deleting && setConfirming(null)}>
          <div
            role="alertdialog"
            aria-modal="true"
            aria-labelledby="delete-card-title"
            className="w-full rounded-t-2xl bg-white p-5 pb-[max(env(safe-area-inset-bottom),1.25rem)] text-black"
            onClick={(event) => event.stopPropagation()}
          >
            <h3 id="delete-card-title" className="text-lg font-semibold">
              Delete {card.person_name}’s {card.store_name} card?
            </h3>
            <p className="mt-1 text-slate-600">Card {card.card_value} leaves the wallet. You can add it again later.</p>
            {deleteError ? (
              <p role="alert" className="mt-3 text-red-700">
                {deleteError}
              </p>
            ) : null}
            <div className="mt-5 grid grid-cols-2 gap-3">
              <button
                type="button"
                onClick={() => setConfirming(null)}
                disabled={deleting}
                className="h-12 rounded-xl border border-slate-300 font-medium"
              >
                Keep it
              </button>
              <button
                type="button"
                onClick={confirmDelete}
                disabled={deleting}
                className="h-12 rounded-xl bg-red-700 font-semibold text-white disabled:opacity-60"
              >
                {deleting ? "Deleting…" : "Delete"}
              </button>
            </div>
          </div>
        </div>
      ) : null}
    </div>
  );
}

/** As large as the number allows: a cashier may have to type it. */
function numberSize(value: string): string {
  if (value.length <= 16) return "text-3xl";
  if (value.length <= 28) return "text-2xl";
  return "text-lg";
}
