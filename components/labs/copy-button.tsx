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

/** A read-only value (a new key, a pairing link) with its copy button; focusing selects it. */
export function CopyField({ id, label, value }: { id: string; label: string; value: string }) {
  return (
    <div className="flex gap-2">
      <input
        id={id}
        readOnly
        value={value}
        aria-label={label}
        onFocus={(event) => event.currentTarget.select()}
        className="min-w-0 grow rounded-lg border border-slate-300 bg-white px-2 py-2 font-mono text-xs"
      />
      <CopyButton text={value} fallbackId={id} />
    </div>
  );
}
