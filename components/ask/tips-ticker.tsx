"use client";

import { useEffect, useState } from "react";
import type { TipJson } from "@/lib/ask/schemas";
import { fetchJson } from "@/lib/http/fetcher";

const ROTATE_MS = 12_000;

/** One tip at a time, a new random one every few seconds. */
export function TipsTicker({ initial }: { initial: TipJson | null }) {
  const [tip, setTip] = useState(initial);

  useEffect(() => {
    const timer = setInterval(async () => {
      if (document.hidden) return;
      const next = await fetchJson<{ tip: TipJson | null }>("/api/core-ask/tips/random").catch(() => null);
      if (next?.tip) setTip(next.tip);
    }, ROTATE_MS);
    return () => clearInterval(timer);
  }, []);

  if (!tip) return null;
  return (
    <p
      aria-live="polite"
      data-testid="tips-ticker"
      className="surface mb-4 rounded-lg border border-amber-200 bg-amber-50 px-3 py-2 text-sm text-amber-900 ui-d:text-yellow-200"
    >
      <span className="font-semibold">Tip: </span>
      <span key={tip.id}>{tip.text}</span>
    </p>
  );
}
