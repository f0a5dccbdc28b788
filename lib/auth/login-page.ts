import { createTranslator } from "next-intl";
import { escapeHtml, handMadeDocument } from "@/lib/http/hand-made-page";
import { localPath } from "@/lib/http/local-path";
import type { Locale } from "@/lib/i18n/locales";
import { messagesFor } from "@/lib/i18n/messages";

// The login form as a complete HTML document. The same route serves it for
// GET and, with the error, for a refused POST (401), so it works without
// JavaScript and without a second copy of the form. In the reader's
// language (the switcher's cookie, else Accept-Language) and UI variant.

/** Why the login was refused, as the route's AppError has it. */
export type LoginRefusal = {
  code: string;
  message: string;
  headers?: Record<string, string>;
  /** The message in the reader's language (an AppError's). */
  messageIn?: (locale: Locale) => string;
};

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
  return handMadeDocument({
    locale,
    variant,
    title: t("metaTitle"),
    body: `<h1>${escapeHtml(t("title"))}</h1>
  ${message ? `<p class="error" role="alert" id="password-error">${escapeHtml(message)}</p>` : ""}
  <form method="post" action="/admin/login">
    <input type="hidden" name="next" value="${escapeHtml(next)}">
    <label for="password">${escapeHtml(t("password"))}</label>
    <input id="password" name="password" type="password" autocomplete="current-password" required autofocus${message ? ' aria-invalid="true" aria-describedby="password-error"' : ""}>
    <button type="submit">${escapeHtml(t("submit"))}</button>
  </form>`,
  });
}

/** Only paths on our own origin: `next` must not send the operator to another host. */
export function safeNextPath(next: unknown): string {
  return localPath(next) ?? "/admin/operator";
}
