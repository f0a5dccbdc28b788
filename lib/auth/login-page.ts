import { createTranslator } from "next-intl";
import { localPath } from "@/lib/http/local-path";
import type { Locale } from "@/lib/i18n/locales";
import { messagesFor } from "@/lib/i18n/messages";

// The login form as a complete HTML document. The same route serves it for
// GET and, with the error, for a refused POST (401), so it works without
// JavaScript and without a second copy of the form. In the reader's
// language (the switcher's cookie, else Accept-Language) and UI variant.

const escapeHtml = (value: string) =>
  value.replace(/[&<>"']/g, (c) => ({ "&": "&amp;", "<": "&lt;", ">": "&gt;", '"': "&quot;", "'": "&#39;" })[c]!);

/** Why the login was refused, as the route's AppError has it. */
export type LoginRefusal = {
  code: string;
  message: string;
  headers?: Record<string, string>;
  /** The message in the reader's language (an AppError's). */
  messageIn?: (locale: Locale) => string;
};

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

export function loginPageHtml(options: {
  next: string;
  locale: Locale;
  error?: LoginRefusal;
  variant?: string;
}): string {
  const { next, locale, error, variant = "a" } = options;
  const t = createTranslator({ locale, messages: messagesFor(locale), namespace: "labs.login" });
  // The refusals a person meets here in their language; anything else in the server's words.
  const seconds = Number(error?.headers?.["retry-after"]);
  const message = !error
    ? null
    : error.code === "unauthorized"
      ? t("errors.wrong")
      : error.code === "rate_limited" && Number.isFinite(seconds)
        ? t("errors.tooMany", { seconds })
        : error.code === "unavailable"
          ? t("errors.unavailable")
          : error.code === "validation_failed"
            ? t("errors.empty")
            : (error.messageIn?.(locale) ?? error.message);
  return `<!doctype html>
<html lang="${escapeHtml(locale)}" data-ui="${escapeHtml(variant)}">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>${escapeHtml(t("metaTitle"))} · Labs</title>
<style>${HAND_MADE_PAGE_STYLE}</style>
</head>
<body>
<main>
  <h1>${escapeHtml(t("title"))}</h1>
  ${message ? `<p class="error" role="alert" id="password-error">${escapeHtml(message)}</p>` : ""}
  <form method="post" action="/admin/login">
    <input type="hidden" name="next" value="${escapeHtml(next)}">
    <label for="password">${escapeHtml(t("password"))}</label>
    <input id="password" name="password" type="password" autocomplete="current-password" required autofocus${message ? ' aria-invalid="true" aria-describedby="password-error"' : ""}>
    <button type="submit">${escapeHtml(t("submit"))}</button>
  </form>
</main>
</body>
</html>`;
}

/** Only paths on our own origin: `next` must not send the operator to another host. */
export function safeNextPath(next: unknown): string {
  return localPath(next) ?? "/admin/operator";
}
