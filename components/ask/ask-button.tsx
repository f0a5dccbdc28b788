"use client";

import { useTranslations } from "next-intl";
import { usePathname } from "next/navigation";
import { useCallback, useEffect, useRef, useState, type KeyboardEvent, type MouseEvent } from "react";
import { QuickCapture } from "@/components/ask/quick-capture";
import { Dialog } from "@/components/ui/dialog";
import { useUi, withPrefix } from "@/components/ui/ui-context";

/** What the capture records about where it was opened (docs/contract.md, "Ask resources"). */
function currentPageContext(): Record<string, unknown> {
  return {
    path: window.location.pathname,
    title: document.title,
    viewport: { width: window.innerWidth, height: window.innerHeight, dpr: window.devicePixelRatio },
    user_agent: navigator.userAgent,
    referrer: document.referrer || null,
    ui: document.documentElement.dataset.ui ?? null,
    language: navigator.language,
  };
}

/**
 * The small floating "Ask" button on every page: quick capture in a dialog,
 * with the page's URL and context filled in. Without JavaScript it is a plain
 * link to the capture page.
 */
export function AskButton() {
  const t = useTranslations("ask.button");
  const { prefix } = useUi();
  const [page, setPage] = useState<{ url: string; path: string; context: Record<string, unknown> } | null>(null);
  const content = useRef<HTMLDivElement>(null);
  const pathname = usePathname();
  const close = useCallback(() => setPage(null), []);

  // Once the dialog is open (its own effect runs first), the focus goes to the text.
  useEffect(() => {
    if (page) content.current?.querySelector<HTMLInputElement>('input[name="text"]')?.focus();
  }, [page]);

  function open(event: MouseEvent | KeyboardEvent) {
    event.preventDefault();
    setPage({ url: window.location.href, path: window.location.pathname, context: currentPageContext() });
  }

  // The capture page has the full form right there.
  if (/^(\/[a-z])?\/base-ask\/?$/.test(pathname)) return null;

  return (
    <>
      {/* A link to the capture page without JavaScript; with it, the button that opens the dialog
          (role button, so it is not one more "Ask" link beside the navigation's). */}
      <a
        href={withPrefix(prefix, "/base-ask/")}
        role="button"
        onClick={open}
        onKeyDown={(event) => {
          if (event.key === " ") open(event);
        }}
        aria-haspopup="dialog"
        className="fixed bottom-20 left-4 z-30 flex min-h-11 items-center gap-1.5 rounded-full bg-accent px-4 py-2 text-sm font-semibold text-accent-fg no-underline shadow-lg ring-2 ring-surface hover:bg-accent-strong focus-visible:outline-3 focus-visible:outline-offset-2 focus-visible:outline-focus ui-b:bottom-16 ui-b:min-h-8 ui-b:px-3 ui-b:py-1 ui-c:min-h-14 ui-c:px-6 ui-c:text-base md:bottom-6"
      >
        <span aria-hidden="true">?</span> {t("label")}
      </a>
      <Dialog open={page !== null} onClose={close} title={t("dialogTitle")}>
        <div ref={content}>
          {page ? (
            <>
              <p className="mb-2 truncate text-sm text-muted" data-testid="ask-page-url">
                {t("from", { path: page.path })}
              </p>
              <QuickCapture pageUrl={page.url} pageContext={page.context} />
            </>
          ) : null}
        </div>
      </Dialog>
    </>
  );
}
