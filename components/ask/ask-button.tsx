"use client";

import { useTranslations } from "next-intl";
import { usePathname } from "next/navigation";
import { useCallback, useEffect, useRef, useState, type KeyboardEvent, type MouseEvent } from "react";
import { QuickCapture } from "@/components/ask/quick-capture";
import { fabClass } from "@/components/ui/button";
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
        className={fabClass("left")}
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
