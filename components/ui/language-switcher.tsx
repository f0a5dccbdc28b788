"use client";

import { useLocale, useTranslations } from "next-intl";
import { useRouter } from "next/navigation";
import { useTransition } from "react";
import { LOCALE_COOKIE, LOCALE_NAMES, LOCALES, type Locale } from "@/lib/i18n/locales";

const YEAR = 365 * 24 * 60 * 60;

function rememberLocale(locale: Locale) {
  document.cookie = `${LOCALE_COOKIE}=${locale}; Path=/; Max-Age=${YEAR}; SameSite=Lax`;
}

/** The reader's choice of language, kept in a cookie for a year; the page re-renders in place. */
export function LanguageSwitcher() {
  const current = useLocale();
  const t = useTranslations("common.language");
  const router = useRouter();
  const [pending, startTransition] = useTransition();

  function choose(locale: Locale) {
    rememberLocale(locale);
    startTransition(() => router.refresh());
  }

  return (
    <div role="group" aria-label={t("label")} aria-busy={pending} className="flex items-center gap-1 text-sm">
      {LOCALES.map((locale) => (
        <button
          key={locale}
          type="button"
          lang={locale}
          aria-pressed={locale === current}
          onClick={() => choose(locale)}
          className="min-h-11 rounded-lg px-3 font-medium text-link underline-offset-2 hover:underline aria-pressed:bg-sunken aria-pressed:text-fg aria-pressed:no-underline focus-visible:outline-3 focus-visible:outline-focus"
        >
          {LOCALE_NAMES[locale]}
        </button>
      ))}
    </div>
  );
}
