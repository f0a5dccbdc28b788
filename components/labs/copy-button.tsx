"use client";

import { useState } from "react";

/** Copies `text`; where the Clipboard API is missing (plain http), selects the field `fallbackId` for a manual copy. */
export function CopyButton({ text, fallbackId }: { text: string; fallbackId?: string }) {
  const [state, setState] = useState<"idle" | "copied" | "select">("idle");
  const copy = async () => {
    try {
      await navigator.clipboard.writeText(text);
      setState("copied");
    } catch {
      const field = fallbackId ? (document.getElementById(fallbackId) as HTMLInputElement | null) : null;
      field?.select();
      setState("select");
    }
  };
  return (
    <button
      type="button"
      onClick={copy}
      className="shrink-0 rounded-lg bg-slate-800 px-3 py-2 text-sm font-medium text-white hover:bg-slate-700 ui-d:bg-white ui-d:text-black"
    >
      {state === "copied" ? "Copied" : state === "select" ? "Selected: copy it" : "Copy"}
    </button>
  );
}
