import { acceptedLanguages } from "@/lib/http/accept-language";
import { readCookie } from "@/lib/http/cookies";

// The languages Labs speaks, and how a request picks one: the reader's own
// choice (the switcher's cookie), else what the browser asks for, else
// European Portuguese, the household's language (docs/decisions/013-languages.md).

export const LOCALES = ["pt-PT", "en"] as const;
export type Locale = (typeof LOCALES)[number];
export const DEFAULT_LOCALE: Locale = "pt-PT";

/** Set by the language switcher; read by pages and by the JSON API's error messages. */
export const LOCALE_COOKIE = "labs_locale";

/** How each language names itself, for the switcher. */
export const LOCALE_NAMES: Record<Locale, string> = { "pt-PT": "Português", en: "English" };

export function isLocale(value: unknown): value is Locale {
  return typeof value === "string" && (LOCALES as readonly string[]).includes(value);
}

/** Any Portuguese (pt, pt-BR) reads pt-PT; any English reads en. */
function localeOfLanguage(language: string): Locale | undefined {
  if (language === "pt") return "pt-PT";
  if (language === "en") return "en";
  return undefined;
}

export function negotiateLocale(cookie: string | null | undefined, acceptLanguage: string | null | undefined): Locale {
  if (isLocale(cookie)) return cookie;
  for (const language of acceptedLanguages(acceptLanguage)) {
    const locale = localeOfLanguage(language);
    if (locale) return locale;
  }
  return DEFAULT_LOCALE;
}

/** The language of a raw request (route handlers, the error helper). */
export function requestLocale(request: Request): Locale {
  return negotiateLocale(readCookie(request, LOCALE_COOKIE), request.headers.get("accept-language"));
}
