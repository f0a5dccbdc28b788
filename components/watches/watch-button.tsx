"use client";

import { useTranslations } from "next-intl";
import { useId, useState } from "react";
import { Button } from "@/components/ui/button";
import { FormError, FormField } from "@/components/ui/field";
import { Input } from "@/components/ui/input";
import { Notice } from "@/components/ui/notice";
import { useApiForm, useSendForm } from "@/components/ui/use-api-form";
import { watchForm } from "@/lib/watches/schemas";

// "Tell me when it is cheaper" (docs/contract.md, "Watches"): a price at or
// under one the person types (12,50 or 12.50), or a drop of some percent
// under the last price. What it raises reaches their phone when they chose
// watched prices on the notifications page.

type Target = { research_item_id: number } | { product_code: string };

export function WatchButton({ target }: { target: Target }) {
  const t = useTranslations("labs.watch");
  const id = useId();
  const [open, setOpen] = useState(false);
  const [done, setDone] = useState<string | null>(null);
  const form = useApiForm(watchForm, { below: "", drop_percent: "" });
  const sendForm = useSendForm();
  const { errors, isSubmitting } = form.formState;
  const [below, drop] = form.watch(["below", "drop_percent"]);

  const save = form.handleSubmit(async (values) => {
    const person = localStorage.getItem("labs.notify.person")?.trim() || undefined;
    const made = await sendForm(form, "/labs/api/watches", { ...target, ...values, person });
    if (made === undefined) return;
    setDone(below.trim() ? t("watchingBelow", { price: below.trim() }) : t("watchingDrop", { percent: drop.trim() }));
    form.reset();
    setOpen(false);
  });

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
    <form onSubmit={save} className="space-y-3" noValidate>
      <p className="text-sm text-muted">{t("intro")}</p>
      <div className="flex flex-wrap gap-3">
        <div className="min-w-0 grow basis-32">
          <FormField label={t("below")} id={`${id}-below`} error={errors.below?.message}>
            {(control) => (
              <Input
                {...control}
                {...form.register("below")}
                inputMode="decimal"
                autoComplete="off"
                placeholder="12,50"
              />
            )}
          </FormField>
        </div>
        <div className="min-w-0 grow basis-32">
          <FormField label={t("drop")} id={`${id}-drop`} error={errors.drop_percent?.message}>
            {(control) => (
              <Input
                {...control}
                {...form.register("drop_percent")}
                inputMode="decimal"
                autoComplete="off"
                placeholder="10"
              />
            )}
          </FormField>
        </div>
      </div>
      <div className="flex flex-wrap gap-2">
        <Button type="submit" disabled={isSubmitting || (!below.trim() && !drop.trim())}>
          {isSubmitting ? t("saving") : t("save")}
        </Button>
        <Button kind="secondary" onClick={() => setOpen(false)} disabled={isSubmitting}>
          {t("cancel")}
        </Button>
      </div>
      <FormError>{errors.root?.server?.message}</FormError>
    </form>
  );
}
