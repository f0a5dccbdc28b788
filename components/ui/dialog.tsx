"use client";

import { useTranslations } from "next-intl";
import {
  createContext,
  useContext,
  useEffect,
  useId,
  useRef,
  useState,
  type CSSProperties,
  type ReactNode,
} from "react";
import { createPortal } from "react-dom";
import { IconButton } from "@/components/ui/button";

// Every dialog and sheet of the app, on the browser's own <dialog>: showModal()
// makes the rest of the page inert (the focus stays inside), Escape closes it,
// and the focus goes back to what opened it.

/** Where a sheet's footer goes: below the part that scrolls, never over it. */
const FooterSlot = createContext<HTMLDivElement | null>(null);

/**
 * A sheet's actions (Save, Import), shown under its scrolling content: a
 * footer that stuck over the content covered the last fields it scrolled
 * past, and a tap meant for them. Its submit button names its form
 * (`form={id}`), as it stands outside it.
 */
export function DialogFooter({ children }: { children: ReactNode }) {
  const slot = useContext(FooterSlot);
  return slot ? createPortal(children, slot) : null;
}

const LOOKS = {
  /** Rises from the bottom on a phone, centred on a wide screen. */
  sheet:
    "surface border border-line bg-surface shadow-xl backdrop:bg-black/50 mt-auto mb-0 w-full max-w-none rounded-t-2xl sm:m-auto sm:max-w-lg sm:rounded-2xl max-h-[92dvh]",
  /** Centred, for a short question. */
  modal:
    "surface border border-line bg-surface shadow-xl backdrop:bg-black/50 m-auto w-[min(100%-2rem,28rem)] rounded-2xl",
  /** The whole screen, for one thing to show (the card at the till); no backdrop to tap. */
  fullscreen: "fixed inset-0 m-0 h-dvh max-h-none w-full max-w-none bg-page backdrop:bg-black",
} as const;

type Heading =
  /** The dialog's own header: the title as its heading, and a close button. */
  | { chrome?: true; title: ReactNode }
  /** No header: the content draws its own; the title names the dialog for assistive technology. */
  | { chrome: false; title: string };

export function Dialog({
  open,
  onClose,
  onEscape,
  look = "sheet",
  role,
  describedBy,
  style,
  className = "",
  children,
  ...heading
}: Heading & {
  open: boolean;
  /** Called when the dialog closes: Escape, the close button, or a tap outside. */
  onClose: () => void;
  /** Takes Escape over: the dialog stays open and this decides (say, a URL to change). */
  onEscape?: () => void;
  look?: keyof typeof LOOKS;
  /** `alertdialog` for a question that needs an answer before going on. */
  role?: "dialog" | "alertdialog";
  /** The id of the text that says what the question is about. */
  describedBy?: string;
  style?: CSSProperties;
  className?: string;
  children: ReactNode;
}) {
  const t = useTranslations("common.actions");
  const ref = useRef<HTMLDialogElement>(null);
  const opener = useRef<HTMLElement | null>(null);
  const escape = useRef(onEscape);
  const titleId = useId();
  const [footer, setFooter] = useState<HTMLDivElement | null>(null);

  useEffect(() => {
    escape.current = onEscape;
  });

  useEffect(() => {
    const dialog = ref.current;
    if (!dialog) return;
    if (open && !dialog.open) {
      opener.current = document.activeElement instanceof HTMLElement ? document.activeElement : null;
      dialog.showModal();
      // The browser focuses the first focusable element; a dialog may name a better one.
      dialog.querySelector<HTMLElement>("[data-autofocus]")?.focus();
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
    const onCancel = (event: Event) => {
      if (!escape.current) return;
      event.preventDefault();
      escape.current();
    };
    dialog.addEventListener("close", onNativeClose);
    dialog.addEventListener("cancel", onCancel);
    return () => {
      dialog.removeEventListener("close", onNativeClose);
      dialog.removeEventListener("cancel", onCancel);
    };
  }, [onClose]);

  // Taken away while open (its owner unmounted it): the browser drops it from
  // the top layer without a close event, so the focus is given back here.
  useEffect(
    () => () => {
      const back = opener.current;
      opener.current = null;
      if (back?.isConnected) back.focus();
    },
    [],
  );

  const named = heading.chrome === false ? { "aria-label": heading.title } : { "aria-labelledby": titleId };

  return (
    <dialog
      ref={ref}
      {...named}
      role={role === "alertdialog" ? role : undefined}
      aria-describedby={describedBy}
      style={style}
      className={`p-0 text-fg ${LOOKS[look]} ${className}`.trim()}
      onClick={(event) => {
        // A tap on the backdrop (the dialog element itself, outside its content) closes it.
        if (look !== "fullscreen" && event.target === ref.current) ref.current?.close();
      }}
    >
      {heading.chrome === false ? (
        children
      ) : (
        <div className="flex max-h-[inherit] flex-col">
          <header className="flex items-center justify-between gap-3 border-b border-line px-4 py-3">
            <h2 id={titleId} className="text-lg font-semibold">
              {heading.title}
            </h2>
            <IconButton onClick={() => ref.current?.close()} label={t("close")} icon="×" />
          </header>
          <div className="overflow-y-auto px-4 py-4">
            <FooterSlot.Provider value={footer}>{children}</FooterSlot.Provider>
          </div>
          <div
            ref={setFooter}
            className="border-t border-line bg-surface px-4 py-3 pb-[max(env(safe-area-inset-bottom),0.75rem)] empty:hidden"
          />
        </div>
      )}
    </dialog>
  );
}
