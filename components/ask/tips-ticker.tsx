"use client";

import { useTranslations } from "next-intl";
import { useEffect, useState } from "react";
import type { TipJson } from "@/lib/ask/schemas";
import { api } from "@/lib/http/client-api";

const ROTATE_MS = 12_000;

/**
 * One tip at a time, a new random one every few seconds, unless the reader
 * stops it (WCAG 2.2.2). Not a live region: a screen reader is not
 * interrupted by each new tip.
 */
export function TipsTicker({ initial }: { initial: TipJson | null }) {
  const t = useTranslations("ask.tips");
  const [tip, setTip] = useState(initial);
  const [paused, setPaused] = useState(false);

  useEffect(() => {
    if (paused) return;
    const timer = setInterval(async () => {
      if (document.hidden) return;
      const next = await api<{ tip: TipJson | null }>("/api/core-ask/tips/random").catch(() => null);
      if (next?.tip) setTip(next.tip);
    }, ROTATE_MS);
    return () => clearInterval(timer);
  }, [paused]);

  if (!tip) return null;
  return (
    <div
      data-testid="tips-ticker"
      className="mb-4 flex items-start gap-2 rounded-lg border border-info/30 bg-info-surface py-1 pr-1 pl-3 text-sm text-info"
    >
      <p className="min-w-0 flex-1 py-1.5 break-words">
        <span className="font-semibold">{t("tip")} </span>
        <span key={tip.id} translate="no">
          {tip.text}
        </span>
      </p>
      <button
        type="button"
        aria-pressed={paused}
        onClick={() => setPaused(!paused)}
        className="min-h-9 shrink-0 rounded-md px-2 text-xs font-medium underline underline-offset-2 hover:bg-surface focus-visible:outline-3 focus-visible:outline-focus ui-c:min-h-12"
      >
        {t("pause")}
      </button>
    </div>
  );
}
