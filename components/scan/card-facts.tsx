"use client";

import { useLocale, useTranslations } from "next-intl";
import { formatDate, formatMoney, formatNumber } from "@/lib/i18n/format";
import type { Locale } from "@/lib/i18n/locales";
import { householdDay } from "@/lib/household-clock";
import { daysLeft, expiryState } from "@/lib/scan/card-dates";
import type { Card } from "@/lib/scan/schemas";

// What a card keeps besides its barcode, as the tile and the till show it:
// its expiry (soon, expired) and its balance, in the reader's language.

/** "12,50 €" or "120 pontos"; null for a card without a balance. */
export function useBalanceText(): (card: Pick<Card, "balance" | "balance_currency">) => string | null {
  const t = useTranslations("wallet.card");
  const locale = useLocale() as Locale;
  return ({ balance, balance_currency }) => {
    if (balance === null) return null;
    if (balance_currency === null || balance_currency === "points") {
      return t("points", { points: formatNumber(locale, Number(balance)), count: Number(balance) });
    }
    return formatMoney(locale, balance, balance_currency);
  };
}

/** The words of a card's expiry badge: expired, or the days left within a week; null for none. */
export function useExpiryBadgeText(): (card: Pick<Card, "expiry">) => string | null {
  const t = useTranslations("wallet.card");
  return ({ expiry }) => {
    const state = expiryState(expiry);
    if (state === null || state === "valid") return null;
    return state === "expired" ? t("expired") : t("expiresIn", { days: daysLeft(new Date(expiry!)) });
  };
}

/** "Valid until 31 Dec 2026", "Expired on …", or null. */
export function useExpiryText(): (card: Pick<Card, "expiry">) => string | null {
  const t = useTranslations("wallet.card");
  const locale = useLocale() as Locale;
  return ({ expiry }) => {
    if (expiry === null) return null;
    const date = formatDate(locale, householdDay(new Date(expiry)), "date");
    return expiryState(expiry) === "expired" ? t("expiredOn", { date }) : t("validUntil", { date });
  };
}
