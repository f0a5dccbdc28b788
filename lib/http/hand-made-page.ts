import { requestLocale, type Locale } from "@/lib/i18n/locales";
import { parseVariant, UI_HEADER } from "@/lib/labs/variants";

// The few pages Labs writes by hand as complete HTML documents, with no
// script and no Tailwind: the login form, the pairing page, the page a
// mailed sign-in link opens. They work without JavaScript, and a link that
// only GETs them (a preview, a mail scanner) changes nothing: each asks for
// a button. One document shell, one style, one way to answer with them.

export const escapeHtml = (value: string) =>
  value.replace(/[&<>"']/g, (c) => ({ "&": "&amp;", "<": "&lt;", ">": "&gt;", '"': "&quot;", "'": "&#39;" })[c]!);

/** The page's own colours: the semantic tokens of app/globals.css, as this page has no Tailwind. */
export const HAND_MADE_PAGE_STYLE = `
  :root{--page:#f8fafc;--fg:#0f172a;--muted:#475569;--surface:#fff;--line:#e2e8f0;--line-strong:#64748b;--accent:#1d4ed8;--accent-fg:#fff;--link:#1d4ed8;--danger:#b91c1c;--danger-surface:#fef2f2}
  html[data-ui="d"]{color-scheme:dark;--page:#000;--fg:#fff;--muted:#d9d9d9;--surface:#0d0d0d;--line:#fff;--line-strong:#fff;--accent:#ffe14d;--accent-fg:#000;--link:#ffe14d;--danger:#ff9b9b;--danger-surface:#2a0a0a}
  html[data-ui="b"]{font-size:14px} html[data-ui="c"]{font-size:18px}
  body{margin:0;font:1rem/1.5 system-ui,sans-serif;background:var(--page);color:var(--fg);display:grid;place-items:center;min-height:100dvh}
  main{box-sizing:border-box;width:min(24rem,calc(100% - 2rem));background:var(--surface);border:1px solid var(--line);border-radius:.75rem;padding:1.5rem}
  h1{font-size:1.5rem;line-height:1.25;margin:0 0 1rem}
  label{display:block;font-weight:600;margin-bottom:.25rem}
  input{box-sizing:border-box;width:100%;min-height:3rem;font:inherit;padding:.5rem .75rem;border:1px solid var(--line-strong);border-radius:.5rem;background:var(--surface);color:var(--fg)}
  button{box-sizing:border-box;margin-top:1rem;width:100%;min-height:3rem;font:inherit;font-weight:600;padding:.5rem .75rem;border:0;border-radius:.5rem;background:var(--accent);color:var(--accent-fg);cursor:pointer}
  :focus-visible{outline:3px solid var(--accent);outline-offset:2px}
  a{color:var(--link);text-decoration:underline;text-underline-offset:2px;display:inline-block;padding:.5rem 0}
  .error{background:var(--danger-surface);color:var(--danger);border:1px solid var(--danger);border-radius:.5rem;padding:.5rem .75rem;margin:0 0 1rem}`;

/** The language and UI variant a hand-made page is written in, as the request asks. */
export function handMadePageOf(request: Request): { locale: Locale; variant: string } {
  return { locale: requestLocale(request), variant: parseVariant(request.headers.get(UI_HEADER)) ?? "a" };
}

/** The document around a page's `body` (already escaped HTML), titled `title · Labs`. */
export function handMadeDocument(options: { locale: Locale; variant?: string; title: string; body: string }): string {
  const { locale, variant = "a", title, body } = options;
  return `<!doctype html>
<html lang="${escapeHtml(locale)}" data-ui="${escapeHtml(variant)}">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>${escapeHtml(title)} · Labs</title>
<style>${HAND_MADE_PAGE_STYLE}</style>
</head>
<body><main>
  ${body}
</main></body>
</html>`;
}

/** A hand-made page as the answer: never cached, whoever it was written for. */
export function handMadeResponse(document: string, status: number, headers?: Record<string, string>): Response {
  return new Response(document, {
    status,
    headers: { "content-type": "text/html; charset=utf-8", "cache-control": "no-store", ...headers },
  });
}
