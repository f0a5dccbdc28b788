import { createTranslator } from "next-intl";
import { escapeHtml, handMadeDocument } from "@/lib/http/hand-made-page";
import type { Locale } from "@/lib/i18n/locales";
import { messagesFor } from "@/lib/i18n/messages";

// The page a mailed sign-in link opens, as a complete HTML document (like the
// pairing page): the person confirms with a button, so a mail scanner or a
// link preview that only GETs the link never uses it up.

export function signInPageHtml(options: { locale: Locale; variant?: string; token?: string; gone?: boolean }): string {
  const { locale, variant = "a", token, gone } = options;
  const t = createTranslator({ locale, messages: messagesFor(locale), namespace: "labs.accounts.signIn" });
  const body =
    token && !gone
      ? `<h1>${escapeHtml(t("title"))}</h1>
  <p>${escapeHtml(t("body"))}</p>
  <form method="post" action="/labs/signin">
    <input type="hidden" name="token" value="${escapeHtml(token)}">
    <button type="submit">${escapeHtml(t("submit"))}</button>
  </form>`
      : `<h1>${escapeHtml(t("title"))}</h1>
  <p class="error" role="alert">${escapeHtml(t("gone"))}</p>
  <p><a href="/labs/signup">${escapeHtml(t("again"))}</a></p>`;
  return handMadeDocument({ locale, variant, title: t("title"), body });
}
