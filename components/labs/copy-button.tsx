"use client";

import { useTranslations } from "next-intl";
import { useState } from "react";
import { Button } from "@/components/ui/button";
import { Input } from "@/components/ui/input";

/** Copies `text`; where the Clipboard API is missing (plain http), selects the field `fallbackId` for a manual copy. */
export function CopyButton({ text, fallbackId }: { text: string; fallbackId?: string }) {
  const t = useTranslations("common.actions");
  const own = useTranslations("labs.copy");
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
    <Button kind="secondary" onClick={copy} className="shrink-0" aria-live="polite">
      {state === "copied" ? t("copied") : state === "select" ? own("selected") : t("copy")}
    </Button>
  );
}

/** A read-only value (a new key, a pairing link) with its copy button; focusing selects it. */
export function CopyField({ id, label, value }: { id: string; label: string; value: string }) {
  return (
    <div className="flex gap-2">
      <Input
        id={id}
        readOnly
        value={value}
        aria-label={label}
        onFocus={(event) => event.currentTarget.select()}
        className="grow font-mono text-xs"
      />
      <CopyButton text={value} fallbackId={id} />
    </div>
  );
}
