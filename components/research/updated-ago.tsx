"use client";

import { useLocale, useTranslations } from "next-intl";
import { useEffect, useState } from "react";
import { formatRelative } from "@/lib/i18n/format";

/** "updated 12 seconds ago" in the reader's language, ticking every second. */
export function UpdatedAgo({
  updatedAt,
  refreshing,
  error,
}: {
  updatedAt: number;
  refreshing: boolean;
  error: Error | undefined;
}) {
  const t = useTranslations("research.live");
  const locale = useLocale();
  const [now, setNow] = useState(updatedAt);
  useEffect(() => {
    const timer = setInterval(() => setNow(Date.now()), 1000);
    return () => clearInterval(timer);
  }, []);
  // Whole seconds, never in the future: the ticker and the data's clock can differ by a few milliseconds.
  const ago = Math.floor(Math.max(0, Math.max(now, updatedAt) - updatedAt) / 1000) * 1000;
  return (
    // Not a live region: a screen reader would read the ticker out every second. Failures are alerts.
    <p className="text-sm text-muted">
      <span data-testid="updated-ago">{t("updated", { ago: formatRelative(locale, now - ago, now) })}</span>
      {refreshing ? ` · ${t("refreshing")}` : null}
      {error ? (
        <span className="text-danger" role="alert">
          {" "}
          · {t("failed", { message: error.message })}
        </span>
      ) : null}
    </p>
  );
}
