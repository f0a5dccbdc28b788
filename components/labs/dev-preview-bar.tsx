"use client";

import { useTranslations } from "next-intl";
import { useEffect, useSyncExternalStore } from "react";
import { clearDevFlag, DEV_FLAG_KEY, readDevFlag, setDevFlag, subscribeDevFlag } from "@/lib/labs/dev-flag";
import { UI_VARIANTS } from "@/lib/labs/variants";

/**
 * The preview bar of `?lnw-dev` (docs/contract.md, "Labs and auth decisions"): current variant, a switcher
 * (through the `?ui=` override, so it sticks to this browser) and build info.
 * Renders nothing on the server and while the flag is off or expired.
 */
export function DevPreviewBar({
  variant,
  release,
  commit,
}: {
  variant: string;
  release: string;
  commit: string | null;
}) {
  const t = useTranslations("labs.preview");
  const expiresAt = useSyncExternalStore(subscribeDevFlag, readDevFlag, () => null);

  useEffect(() => {
    const url = new URL(window.location.href);
    if (url.searchParams.has(DEV_FLAG_KEY)) setDevFlag();
    else if (localStorage.getItem(DEV_FLAG_KEY) !== null && readDevFlag() === null) clearDevFlag();
  }, []);

  if (!expiresAt) return null;

  const switchTo = (letter: string) => {
    const url = new URL(window.location.href);
    url.pathname = url.pathname.replace(/^\/[b-l](?=\/|$)/, "") || "/";
    url.searchParams.delete(DEV_FLAG_KEY);
    url.searchParams.set("ui", letter);
    window.location.assign(url.toString());
  };

  return (
    <div
      role="region"
      aria-label={t("label")}
      className="flex flex-wrap items-center gap-x-4 gap-y-1 bg-fg px-4 py-1.5 text-xs text-page"
    >
      <label className="flex items-center gap-1.5">
        <span>{t("variant")}</span>
        <select
          aria-label={t("variantLabel")}
          value={variant}
          onChange={(event) => switchTo(event.target.value)}
          className="rounded border border-line bg-surface px-1 py-0.5 text-fg"
        >
          {UI_VARIANTS.map((letter) => (
            <option key={letter} value={letter}>
              {letter}
            </option>
          ))}
        </select>
      </label>
      <span data-testid="build-release">{release}</span>
      {commit ? <span className="font-mono">{commit}</span> : null}
      <span>{t("until", { day: expiresAt.slice(0, 10) })}</span>
      <button type="button" onClick={clearDevFlag} className="ml-auto min-h-6 underline underline-offset-2">
        {t("hide")}
      </button>
    </div>
  );
}
