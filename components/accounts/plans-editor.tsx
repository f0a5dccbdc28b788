"use client";

import { useTranslations } from "next-intl";
import { useRouter } from "next/navigation";
import { useState } from "react";
import type { z } from "zod";
import { Button } from "@/components/ui/button";
import { FormError, FormField } from "@/components/ui/field";
import { Input } from "@/components/ui/input";
import { Notice } from "@/components/ui/notice";
import { useApiForm, useSendForm } from "@/components/ui/use-api-form";
import { planForm, type PlanJson } from "@/lib/accounts/schemas";
import { ACCOUNT_SCOPES } from "@/lib/auth/scopes";

/** Every plan as a small form: requests a minute, credits a month, account scopes, price label; and a new one. */
export function PlansEditor({ plans }: { plans: PlanJson[] }) {
  const t = useTranslations("labs.admin.plans");
  const blank: PlanJson = { name: "", requests_per_minute: 60, credits_per_month: 1000, scopes: [], price_label: "" };
  return (
    <div className="space-y-4">
      {plans.map((plan) => (
        <PlanForm key={plan.name} plan={plan} />
      ))}
      <details>
        <summary className="cursor-pointer py-2.5 text-sm font-semibold text-link underline underline-offset-2">
          {t("add")}
        </summary>
        <PlanForm plan={blank} isNew />
      </details>
    </div>
  );
}

function PlanForm({ plan, isNew = false }: { plan: PlanJson; isNew?: boolean }) {
  const t = useTranslations("labs.admin.plans");
  const router = useRouter();
  const form = useApiForm(planForm, {
    ...plan,
    requests_per_minute: String(plan.requests_per_minute),
    credits_per_month: String(plan.credits_per_month),
  });
  const sendForm = useSendForm();
  const [saved, setSaved] = useState<string | null>(null);
  const { errors, isSubmitting } = form.formState;
  const id = `plan-${isNew ? "new" : plan.name}`;

  const submit = form.handleSubmit(async ({ name, ...fields }) => {
    setSaved(null);
    const done = await sendForm<unknown, z.input<typeof planForm>, z.output<typeof planForm>>(
      form,
      `/labs/api/plans/${encodeURIComponent(name)}`,
      fields,
      { method: "PUT" },
    );
    if (done === undefined) return;
    setSaved(t("saved", { name }));
    if (isNew) form.reset();
    router.refresh();
  });

  return (
    <form className="space-y-2 rounded-lg border border-line p-3 text-sm" onSubmit={submit} noValidate>
      {isNew ? (
        <FormField label={t("name")} id={`${id}-name`} error={errors.name?.message}>
          {(control) => <Input {...control} {...form.register("name")} maxLength={40} autoComplete="off" />}
        </FormField>
      ) : (
        <p className="font-semibold text-fg">{plan.name}</p>
      )}
      <div className="grid grid-cols-2 gap-2">
        <FormField label={t("perMinute")} id={`${id}-rpm`} error={errors.requests_per_minute?.message}>
          {(control) => <Input {...control} {...form.register("requests_per_minute")} inputMode="numeric" />}
        </FormField>
        <FormField label={t("perMonth")} id={`${id}-credits`} error={errors.credits_per_month?.message}>
          {(control) => <Input {...control} {...form.register("credits_per_month")} inputMode="numeric" />}
        </FormField>
      </div>
      <FormField label={t("price")} id={`${id}-price`} error={errors.price_label?.message}>
        {(control) => <Input {...control} {...form.register("price_label")} maxLength={60} />}
      </FormField>
      <fieldset>
        <legend className="text-sm font-medium">{t("scopes")}</legend>
        {ACCOUNT_SCOPES.map((scope) => (
          <label key={scope} className="mr-4 inline-flex min-h-11 items-center gap-2">
            <input type="checkbox" value={scope} className="size-5" {...form.register("scopes")} />
            <span className="font-mono">{scope}</span>
          </label>
        ))}
      </fieldset>
      <Button type="submit" kind="secondary" disabled={isSubmitting}>
        {isNew ? t("create") : t("save")}
      </Button>
      <FormError>{errors.root?.server?.message}</FormError>
      {saved ? <Notice tone="success">{saved}</Notice> : null}
    </form>
  );
}
