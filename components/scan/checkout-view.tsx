"use client";

import { useTranslations } from "next-intl";
import { useEffect, useLayoutEffect, useRef, useState, type CSSProperties, type PointerEvent } from "react";
import { BarcodeView, useFormatName } from "@/components/scan/barcode-view";
import { useBalanceText, useExpiryText } from "@/components/scan/card-facts";
import { CardPhotoStrip } from "@/components/scan/card-photos";
import { EditCardSheet } from "@/components/scan/edit-card-sheet";
import { useWakeLock } from "@/components/scan/use-wake-lock";
import { Button, IconButton } from "@/components/ui/button";
import { Dialog } from "@/components/ui/dialog";
import { FetchError, api } from "@/lib/http/client-api";
import { normalizeFormat } from "@/lib/scan/barcode-format";
import type { Card } from "@/lib/scan/schemas";

// A horizontal move this long (CSS px), clearly more sideways than up or down,
// is a swipe to the neighbouring card.
const SWIPE_MIN = 50;

// At the till the card is black on white in every variant (d included): a
// cashier's scanner and eyes need the contrast of paper. The colour tokens are
// set here for this view only, so the ui parts inside follow.
const PAPER = {
  "--page": "#fff",
  "--surface": "#fff",
  "--sunken": "#f1f5f9",
  "--fg": "#000",
  "--muted": "#334155",
  "--line": "#94a3b8",
  "--line-strong": "#475569",
  "--accent": "#1d4ed8",
  "--accent-strong": "#1e40af",
  "--accent-fg": "#fff",
  "--focus": "#1d4ed8",
  "--link": "#1d4ed8",
  "--danger": "#b91c1c",
  "--danger-fg": "#fff",
  "--danger-surface": "#fef2f2",
  "--warn": "#78350f",
  "--warn-surface": "#fffbeb",
  colorScheme: "light",
} as CSSProperties;

/**
 * The card shown at the till: a full-screen modal dialog (the browser's own
 * <dialog>, so the page behind is inert), white, its barcode as large and
 * sharp as the screen allows, the number in large type beneath, the screen
 * kept on. Swipe, the arrow buttons or the arrow keys move through the other
 * cards of the same store; Escape or ✕ closes, and the focus goes back to
 * the card's tile.
 */
export function CheckoutView({
  card,
  siblings,
  onNavigate,
  onClose,
  onDelete,
  onSaved,
}: {
  card: Card;
  /** The cards of this store, `card` among them, in wallet order. */
  siblings: Card[];
  onNavigate: (card: Card) => void;
  onClose: () => void;
  /** Resolves once deleted; rejects with the failure to show. */
  onDelete: (card: Card) => Promise<void>;
  /** The card as changed by its edit sheet or a spend from it. */
  onSaved: (card: Card) => void;
}) {
  const t = useTranslations("wallet");
  const tActions = useTranslations("common.actions");
  const formatName = useFormatName();
  const wakeLock = useWakeLock(true);
  const closeRef = useRef<HTMLButtonElement>(null);
  const start = useRef<{ x: number; y: number } | null>(null);
  const [confirming, setConfirming] = useState<number | null>(null);
  const [deleting, setDeleting] = useState(false);
  const [deleteError, setDeleteError] = useState<string | null>(null);
  const [editing, setEditing] = useState(false);
  const balanceText = useBalanceText();
  const expiryText = useExpiryText();
  // Shown at the till: the card's last use is now. Nothing on screen shows
  // it, so the answer is not waited for; with no signal the card shows all the same.
  useEffect(() => {
    api(`/base-scan/api/cards/${card.id}/used`, { method: "POST", json: {} }).catch(() => undefined);
  }, [card.id]);

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
  const confirmingRef = useRef(confirming);
  const editingRef = useRef(editing);
  // Before the browser paints: a key pressed right after a move must step from the new card.
  useLayoutEffect(() => {
    stepRef.current = step;
    confirmingRef.current = confirming;
    editingRef.current = editing;
  });
  // The question answered or dismissed; its dialog gives the focus back to the delete button.
  const dismiss = () => setConfirming(null);

  // The dialog (a child, so its effect ran first) is open by now: the focus
  // starts on ✕, the page behind stops scrolling, the arrow keys move.
  useEffect(() => {
    closeRef.current?.focus();
    const previous = document.body.style.overflow;
    document.body.style.overflow = "hidden";
    const onKey = (event: KeyboardEvent) => {
      if (confirmingRef.current !== null || editingRef.current) return;
      if (event.key === "ArrowRight") stepRef.current(1);
      else if (event.key === "ArrowLeft") stepRef.current(-1);
    };
    window.addEventListener("keydown", onKey);
    return () => {
      window.removeEventListener("keydown", onKey);
      document.body.style.overflow = previous;
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
      setDeleteError(
        error instanceof FetchError && error.code === "network"
          ? t("checkout.deleteOffline")
          : error instanceof FetchError
            ? error.message
            : t("checkout.deleteFailed"),
      );
    } finally {
      setDeleting(false);
    }
  };

  const format = card.card_format === null ? null : normalizeFormat(card.card_format);
  const details = [card.person_name, card.label].filter(Boolean).join(" · ");
  const formatText =
    card.card_format === null
      ? t("checkout.noBarcode")
      : format
        ? formatName(format)
        : t("checkout.drawnAsCode128", { format: card.card_format || t("checkout.unknownFormat") });
  // The number a cashier reads or types: the one printed on the card.
  const number = card.printed_number ?? card.card_value;
  const facts = [expiryText(card), balanceText(card) && t("card.balanceIs", { balance: balanceText(card)! })].filter(
    Boolean,
  );

  return (
    // Escape is taken over so that the URL closes the view (the wallet unmounts it).
    <Dialog
      open
      onClose={onClose}
      onEscape={onClose}
      look="fullscreen"
      chrome={false}
      title={t("checkout.label", { store: card.store_name })}
      style={PAPER}
    >
      <div className="flex h-full flex-col">
        <header className="flex items-center gap-2 px-2 pt-[max(env(safe-area-inset-top),0.5rem)]">
          <IconButton ref={closeRef} onClick={onClose} label={tActions("close")} icon="×" />
          <div className="min-w-0 flex-1 text-center">
            <h2 className="truncate text-xl font-semibold">{card.store_name}</h2>
            {details ? <p className="truncate text-sm text-muted">{details}</p> : null}
          </div>
          <p
            role="status"
            aria-label={t("checkout.position")}
            className="w-12 shrink-0 text-center text-sm text-muted tabular-nums"
          >
            {count > 1 ? `${index + 1}/${count}` : ""}
          </p>
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
          {card.card_format !== null ? (
            <BarcodeView key={card.id} format={card.card_format} value={card.card_value} maxHeight={0.45} />
          ) : null}
          <p
            data-testid="card-number"
            className={`mt-5 max-w-full px-3 text-center font-mono font-semibold tracking-wider break-all ${card.card_format === null ? "text-4xl" : numberSize(number)}`}
          >
            {number}
          </p>
          <p className="mt-2 text-sm text-muted">
            {formatText}
            {wakeLock === "on" ? ` · ${t("checkout.screenOn")}` : ""}
          </p>
          {facts.length > 0 ? (
            <p data-testid="card-facts" className="mt-2 text-center text-base font-semibold">
              {facts.join(" · ")}
            </p>
          ) : null}
          {card.note ? (
            <p className="mt-3 max-w-prose px-4 text-center text-sm whitespace-pre-line text-muted">{card.note}</p>
          ) : null}
          <CardPhotoStrip card={card} />
        </div>

        <footer className="grid grid-cols-[3.5rem_1fr_3.5rem] items-center gap-2 px-3 pt-2 pb-[max(env(safe-area-inset-bottom),0.75rem)]">
          <IconButton
            onClick={() => step(-1)}
            disabled={count < 2}
            label={t("checkout.previous")}
            icon="←"
            size="lg"
            outlined
            className="disabled:invisible"
          />
          <div className="flex items-center justify-center gap-1">
            <Button kind="link" onClick={() => setEditing(true)}>
              {t("checkout.edit")}
            </Button>
            <Button
              kind="danger-link"
              onClick={() => {
                setDeleteError(null);
                setConfirming(card.id);
              }}
            >
              {t("checkout.delete")}
            </Button>
          </div>
          <IconButton
            onClick={() => step(1)}
            disabled={count < 2}
            label={t("checkout.next")}
            icon="→"
            size="lg"
            outlined
            className="justify-self-end disabled:invisible"
          />
        </footer>
      </div>

      <EditCardSheet card={card} open={editing} onClose={() => setEditing(false)} onSaved={onSaved} />

      <Dialog
        open={confirming === card.id}
        onClose={dismiss}
        role="alertdialog"
        describedBy="delete-card-body"
        title={t("checkout.confirmTitle", { person: card.person_name, store: card.store_name })}
      >
        <p id="delete-card-body" className="text-muted">
          {t("checkout.confirmBody", { value: card.card_value })}
        </p>
        {deleteError ? (
          <p role="alert" className="mt-3 text-danger">
            {deleteError}
          </p>
        ) : null}
        <div className="mt-5 grid grid-cols-2 gap-3">
          <Button kind="secondary" block onClick={dismiss} disabled={deleting} data-autofocus>
            {t("checkout.keep")}
          </Button>
          <Button kind="danger" block onClick={confirmDelete} disabled={deleting}>
            {deleting ? t("checkout.deleting") : t("checkout.confirmDelete")}
          </Button>
        </div>
      </Dialog>
    </Dialog>
  );
}

/** As large as the number allows: a cashier may have to type it. */
function numberSize(value: string): string {
  if (value.length <= 16) return "text-3xl";
  if (value.length <= 28) return "text-2xl";
  return "text-lg";
}
