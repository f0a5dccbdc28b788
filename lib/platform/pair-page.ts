import { createTranslator } from "next-intl";
import { escapeHtml, handMadeDocument } from "@/lib/http/hand-made-page";
import type { Locale } from "@/lib/i18n/locales";
import { messagesFor } from "@/lib/i18n/messages";

// The pairing page as a complete HTML document (like the login form): the
// phone that scanned the operator's QR code confirms here, so a link preview
// or a prefetch that only GETs the link never uses the one-time code. In the
// reader's language (the switcher's cookie, else Accept-Language).

export function pairPageHtml(options: {
  locale: Locale;
  /** The UI variant the page was asked in (its colours and sizes). */
  variant?: string;
  code?: string;
  name?: string | null;
  /** The refusal: a code that is unknown, used or expired (`gone`), or the server's own words. */
  error?: { code: string; message: string; messageIn?: (locale: Locale) => string };
}): string {
  const { locale, variant = "a", code, name, error } = options;
  const t = createTranslator({ locale, messages: messagesFor(locale), namespace: "labs.pair" });
  const problem = error
    ? error.code === "not_found"
      ? t("gone")
      : (error.messageIn?.(locale) ?? error.message)
    : null;
  const body =
    code && name
      ? `<h1>${escapeHtml(t("confirm.title"))}</h1>
  <p>${t.markup("confirm.body", { name: escapeHtml(name), strong: (chunks) => `<strong>${chunks}</strong>` })}</p>
  <form method="post" action="/labs/pair">
    <input type="hidden" name="code" value="${escapeHtml(code)}">
    <button type="submit">${escapeHtml(t("confirm.submit"))}</button>
  </form>`
      : `<h1>${escapeHtml(t("stranger.title"))}</h1>
  ${problem ? `<p class="error" role="alert">${escapeHtml(problem)}</p>` : ""}
  <p>${escapeHtml(t("stranger.body"))}</p>
  <p><a href="/admin/login">${escapeHtml(t("stranger.login"))}</a></p>`;
  return handMadeDocument({ locale, variant, title: t("confirm.title"), body });
}
