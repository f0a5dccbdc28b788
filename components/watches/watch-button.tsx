"use client";

import { useTranslations } from "next-intl";
import { useId, useState } from "react";
import { Button } from "@/components/ui/button";
import { FormError, FormField } from "@/components/ui/field";
import { Input } from "@/components/ui/input";
import { Notice } from "@/components/ui/notice";
import { FetchError, api } from "@/lib/http/client-api";

// "Tell me when it is cheaper" (docs/contract.md, "Watches"): a price at or
// under one the person types (12,50 or 12.50), or a drop of some percent
// under the last price. What it raises reaches their phone when they chose
// watched prices on the notifications page.

type Target = { research_item_id: number } | { product_code: string };

export function WatchButton({ target }: { target: Target }) {
  const t = useTranslations("labs.watch");
  const id = useId();
  const [open, setOpen] = useState(false);
  const [below, setBelow] = useState("");
  const [drop, setDrop] = useState("");
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const [done, setDone] = useState<string | null>(null);

  const save = async (event: React.FormEvent) => {
    event.preventDefault();
    setBusy(true);
    setError(null);
    try {
      const person = localStorage.getItem("labs.notify.person")?.trim() || undefined;
      await api("/labs/api/watches", {
        method: "POST",
        json: {
          ...target,
          ...(below.trim() ? { below: below.trim() } : {}),
          ...(drop.trim() ? { drop_percent: Number(drop.replace(",", ".")) } : {}),
          person,
        },
      });
      setDone(below.trim() ? t("watchingBelow", { price: below.trim() }) : t("watchingDrop", { percent: drop.trim() }));
      setOpen(false);
    } catch (caught) {
      setError(caught instanceof FetchError ? caught.message : String(caught));
    } finally {
      setBusy(false);
    }
  };

  if (!open) {
    return (
      <div className="space-y-2">
        <Button kind="secondary" onClick={() => setOpen(true)}>
          {t("open")}
        </Button>
        {done ? <Notice tone="success">{done}</Notice> : null}
      </div>
    );
  }
  return (
    <form onSubmit={(event) => void save(event)} className="space-y-3" noValidate>
      <p className="text-sm text-muted">{t("intro")}</p>
      <div className="flex flex-wrap gap-3">
        <div className="min-w-0 grow basis-32">
          <FormField label={t("below")} id={`${id}-below`}>
            {(control) => (
              <Input
                {...control}
                inputMode="decimal"
                autoComplete="off"
                placeholder="12,50"
                value={below}
                onChange={(event) => setBelow(event.target.value)}
              />
            )}
          </FormField>
        </div>
        <div className="min-w-0 grow basis-32">
          <FormField label={t("drop")} id={`${id}-drop`}>
            {(control) => (
              <Input
                {...control}
                inputMode="decimal"
                autoComplete="off"
                placeholder="10"
                value={drop}
                onChange={(event) => setDrop(event.target.value)}
              />
            )}
          </FormField>
        </div>
      </div>
      <div className="flex flex-wrap gap-2">
        <Button type="submit" disabled={busy || (!below.trim() && !drop.trim())}>
          {busy ? t("saving") : t("save")}
        </Button>
        <Button kind="secondary" onClick={() => setOpen(false)} disabled={busy}>
          {t("cancel")}
        </Button>
      </div>
      <FormError>{error}</FormError>
    </form>
  );
}
