"use client";

import { useTranslations } from "next-intl";
import { useState } from "react";
import { CopyField } from "@/components/labs/copy-button";
import { Folded } from "@/components/labs/folded";
import { McpConnect } from "@/components/labs/mcp-connect";
import { Button } from "@/components/ui/button";
import { FormError, FormField } from "@/components/ui/field";
import { Input, Select } from "@/components/ui/input";
import { Notice } from "@/components/ui/notice";
import { useMakeForm } from "@/components/ui/use-api-form";
import { API_SCOPES } from "@/lib/auth/scopes";
import { createApiKeyBody, type CreateApiKeyResponse } from "@/lib/labs/schemas";

/** Mints a key (checked with the route's own schema) and shows its secret this once, with a copy button. */
export function MintKeyForm({ plans }: { plans: { name: string; perMinute: number }[] }) {
  const t = useTranslations("labs.admin.keys.mint");
  const mcp = useTranslations("labs.admin.keys.mcp");
  const [minted, setMinted] = useState<CreateApiKeyResponse | null>(null);
  const { form, submit } = useMakeForm(
    createApiKeyBody,
    {
      name: "",
      plan: plans[0]?.name as "free" | undefined,
      scopes: API_SCOPES.filter((scope) => scope !== "scan"),
    },
    { url: "/labs/api/keys", onMade: setMinted },
  );
  const {
    register,
    formState: { errors, isSubmitting },
  } = form;

  // The schema's words are for the API; a reader gets the catalogue's.
  const nameError = errors.name?.type === "too_small" ? t("name.empty") : errors.name?.message;
  const scopesError = errors.scopes?.type === "too_small" ? t("scopes.empty") : errors.scopes?.message;

  return (
    <div className="space-y-3">
      <form onSubmit={(event) => void submit(event)} className="flex flex-wrap items-end gap-2" noValidate>
        <div className="min-w-0 grow basis-48">
          <FormField label={t("name.label")} id="mint-name" error={nameError}>
            {(control) => (
              <Input
                {...control}
                maxLength={100}
                placeholder={t("name.placeholder")}
                autoComplete="off"
                {...register("name")}
              />
            )}
          </FormField>
        </div>
        <div className="min-w-0 basis-40">
          <FormField label={t("plan.label")} id="mint-plan" error={errors.plan?.message}>
            {(control) => (
              <Select {...control} {...register("plan")}>
                {plans.map((plan) => (
                  <option key={plan.name} value={plan.name}>
                    {t("plan.option", { name: plan.name, perMinute: plan.perMinute })}
                  </option>
                ))}
              </Select>
            )}
          </FormField>
        </div>
        <fieldset
          className="basis-full"
          aria-invalid={scopesError ? true : undefined}
          aria-describedby={scopesError ? "mint-scopes-error" : undefined}
        >
          <legend className="text-sm font-medium">{t("scopes.label")}</legend>
          <div className="mt-1 flex flex-wrap gap-x-4 gap-y-1">
            {API_SCOPES.map((scope) => (
              <label key={scope} className="flex min-h-11 items-center gap-2">
                <input type="checkbox" value={scope} {...register("scopes")} className="size-5 accent-accent" />
                {scope}
              </label>
            ))}
          </div>
          {scopesError ? (
            <p id="mint-scopes-error" role="alert" className="text-sm text-danger">
              {scopesError}
            </p>
          ) : null}
        </fieldset>
        <Button type="submit" disabled={isSubmitting}>
          {isSubmitting ? t("sending") : t("submit")}
        </Button>
      </form>
      <FormError>{errors.root?.server?.message}</FormError>
      {minted ? (
        <Notice tone="warn">
          <p className="font-medium">
            {t("minted", { name: minted.name, plan: minted.plan, scopes: minted.scopes.join(", ") })}
          </p>
          <div className="mt-2">
            <CopyField id="minted-key" label={t("secret")} value={minted.key} />
          </div>
          <Folded className="mt-2" summary={mcp("title")}>
            <McpConnect apiKey={minted.key} idPrefix="mcp-minted" />
          </Folded>
        </Notice>
      ) : null}
    </div>
  );
}
