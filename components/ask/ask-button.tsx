"use client";

import { usePathname } from "next/navigation";
import { useRef, useState } from "react";
import { QuickCapture } from "@/components/ask/quick-capture";

/** What the capture records about where it was opened (DESIGN §4 page_context). */
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
  const dialog = useRef<HTMLDialogElement>(null);
  const [page, setPage] = useState<{ url: string; context: Record<string, unknown> } | null>(null);
  const pathname = usePathname();

  function open(event: React.MouseEvent) {
    event.preventDefault();
    setPage({ url: window.location.href, context: currentPageContext() });
    dialog.current?.showModal();
  }

  // The capture page has the full form right there.
  if (pathname === "/base-ask" || pathname === "/base-ask/") return null;

  return (
    <>
      {/* A link to the capture page without JavaScript; with it, the button that opens the dialog
          (role button, so it is not one more "Ask" link beside the navigation's). */}
      <a
        href="/base-ask/"
        role="button"
        onClick={open}
        aria-haspopup="dialog"
        className="fixed bottom-20 left-4 z-30 flex items-center gap-1 rounded-full bg-brand px-4 py-3 text-sm font-semibold text-white shadow-lg ui-b:bottom-16 ui-b:px-3 ui-b:py-2 ui-c:px-6 ui-c:py-4 ui-c:text-base ui-d:bg-yellow-300 ui-d:text-black! md:bottom-6"
      >
        <span aria-hidden="true">?</span> Ask
      </a>
      <dialog
        ref={dialog}
        aria-labelledby="ask-dialog-title"
        onClose={() => setPage(null)}
        className="surface m-auto w-[min(32rem,calc(100vw-2rem))] rounded-xl border border-slate-200 bg-white p-4 shadow-xl backdrop:bg-slate-900/40 ui-d:bg-black ui-d:text-white"
      >
        <div className="mb-3 flex items-center justify-between">
          <h2 id="ask-dialog-title" className="text-lg font-semibold">
            Ask
          </h2>
          <button
            type="button"
            onClick={() => dialog.current?.close()}
            className="rounded px-3 py-1.5 text-sm text-slate-600 ui-d:text-white"
          >
            Close
          </button>
        </div>
        {page ? (
          <>
            <p className="mb-2 truncate text-xs text-slate-500 ui-d:text-slate-300" data-testid="ask-page-url">
              From {page.context.path as string}
            </p>
            <QuickCapture pageUrl={page.url} pageContext={page.context} autoFocus />
          </>
        ) : null}
      </dialog>
    </>
  );
}
