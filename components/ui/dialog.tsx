"use client";

import { useTranslations } from "next-intl";
import { useEffect, useId, useRef, type ReactNode } from "react";

// Every dialog and sheet of the app, on the browser's own <dialog>: showModal()
// makes the rest of the page inert (the focus stays inside), Escape closes it,
// and the focus goes back to what opened it.

const LOOKS = {
  /** Rises from the bottom on a phone, centred on a wide screen. */
  sheet: "mt-auto mb-0 w-full max-w-none rounded-t-2xl sm:m-auto sm:max-w-lg sm:rounded-2xl max-h-[92dvh]",
  /** Centred, for a short question. */
  modal: "m-auto w-[min(100%-2rem,28rem)] rounded-2xl",
} as const;

export function Dialog({
  open,
  onClose,
  title,
  look = "sheet",
  className = "",
  children,
}: {
  open: boolean;
  /** Called when the reader closes it: Escape, the close button, or a tap outside. */
  onClose: () => void;
  title: ReactNode;
  look?: keyof typeof LOOKS;
  className?: string;
  children: ReactNode;
}) {
  const t = useTranslations("common.actions");
  const ref = useRef<HTMLDialogElement>(null);
  const opener = useRef<HTMLElement | null>(null);
  const titleId = useId();

  useEffect(() => {
    const dialog = ref.current;
    if (!dialog) return;
    if (open && !dialog.open) {
      opener.current = document.activeElement instanceof HTMLElement ? document.activeElement : null;
      dialog.showModal();
    } else if (!open && dialog.open) {
      dialog.close();
    }
  }, [open]);

  // Closed by the browser (Escape) or by us: tell the owner, and give the focus back.
  useEffect(() => {
    const dialog = ref.current;
    if (!dialog) return;
    const onNativeClose = () => {
      const back = opener.current;
      opener.current = null;
      if (back?.isConnected) back.focus();
      onClose();
    };
    dialog.addEventListener("close", onNativeClose);
    return () => dialog.removeEventListener("close", onNativeClose);
  }, [onClose]);

  return (
    <dialog
      ref={ref}
      aria-labelledby={titleId}
      className={`surface border border-line bg-surface p-0 text-fg shadow-xl backdrop:bg-black/50 ${LOOKS[look]} ${className}`.trim()}
      onClick={(event) => {
        // A tap on the backdrop (the dialog element itself, outside its content) closes it.
        if (event.target === ref.current) ref.current?.close();
      }}
    >
      <div className="flex max-h-[inherit] flex-col">
        <header className="flex items-center justify-between gap-3 border-b border-line px-4 py-3">
          <h2 id={titleId} className="text-lg font-semibold">
            {title}
          </h2>
          <button
            type="button"
            onClick={() => ref.current?.close()}
            className="inline-flex min-h-11 min-w-11 items-center justify-center rounded-lg text-2xl leading-none text-muted hover:bg-sunken focus-visible:outline-3 focus-visible:outline-focus"
            aria-label={t("close")}
          >
            <span aria-hidden="true">×</span>
          </button>
        </header>
        <div className="overflow-y-auto px-4 py-4">{children}</div>
      </div>
    </dialog>
  );
}
