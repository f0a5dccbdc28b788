"use client";

import { useTranslations } from "next-intl";
import { useRouter } from "next/navigation";
import { useState } from "react";
import { Button } from "@/components/ui/button";
import { Input } from "@/components/ui/input";
import { Notice } from "@/components/ui/notice";
import { useAction } from "@/components/ui/use-action";
import type { PlanJson } from "@/lib/accounts/schemas";
import { ACCOUNT_SCOPES, type AccountScope } from "@/lib/auth/scopes";
import { api } from "@/lib/http/client-api";

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
  const action = useAction();
  const [draft, setDraft] = useState(plan);
  const id = `plan-${isNew ? "new" : plan.name}`;
  const number = (value: string) => (/^\d{1,9}$/.test(value) ? Number(value) : Number.NaN);
  const toggle = (scope: AccountScope, on: boolean) =>
    setDraft({ ...draft, scopes: on ? [...draft.scopes, scope] : draft.scopes.filter((s) => s !== scope) });
  const save = () =>
    action.run(async () => {
      const { name, ...fields } = draft;
      await api(`/labs/api/plans/${encodeURIComponent(name.trim())}`, {
        method: "PUT",
        json: fields,
      });
      router.refresh();
      return t("saved", { name: name.trim() });
    });

  return (
    <form
      className="space-y-2 rounded-lg border border-line p-3 text-sm"
      onSubmit={(event) => {
        event.preventDefault();
        void save();
      }}
    >
      {isNew ? (
        <div>
          <label htmlFor={`${id}-name`} className="block text-xs font-medium">
            {t("name")}
          </label>
          <Input
            id={`${id}-name`}
            value={draft.name}
            maxLength={40}
            onChange={(event) => setDraft({ ...draft, name: event.target.value })}
          />
        </div>
      ) : (
        <p className="font-semibold text-fg">{plan.name}</p>
      )}
      <div className="grid grid-cols-2 gap-2">
        <div>
          <label htmlFor={`${id}-rpm`} className="block text-xs font-medium">
            {t("perMinute")}
          </label>
          <Input
            id={`${id}-rpm`}
            inputMode="numeric"
            value={String(draft.requests_per_minute)}
            onChange={(event) => setDraft({ ...draft, requests_per_minute: number(event.target.value) })}
          />
        </div>
        <div>
          <label htmlFor={`${id}-credits`} className="block text-xs font-medium">
            {t("perMonth")}
          </label>
          <Input
            id={`${id}-credits`}
            inputMode="numeric"
            value={String(draft.credits_per_month)}
            onChange={(event) => setDraft({ ...draft, credits_per_month: number(event.target.value) })}
          />
        </div>
      </div>
      <div>
        <label htmlFor={`${id}-price`} className="block text-xs font-medium">
          {t("price")}
        </label>
        <Input
          id={`${id}-price`}
          value={draft.price_label}
          maxLength={60}
          onChange={(event) => setDraft({ ...draft, price_label: event.target.value })}
        />
      </div>
      <fieldset>
        <legend className="text-xs font-medium">{t("scopes")}</legend>
        {ACCOUNT_SCOPES.map((scope) => (
          <label key={scope} className="mr-4 inline-flex min-h-11 items-center gap-2">
            <input
              type="checkbox"
              className="size-5"
              checked={draft.scopes.includes(scope)}
              onChange={(event) => toggle(scope, event.target.checked)}
            />
            <span className="font-mono">{scope}</span>
          </label>
        ))}
      </fieldset>
      <Button type="submit" kind="secondary" disabled={action.busy}>
        {isNew ? t("create") : t("save")}
      </Button>
      {action.notice ? <Notice tone={action.notice.tone}>{action.notice.text}</Notice> : null}
    </form>
  );
}
