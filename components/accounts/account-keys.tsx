"use client";

import { useTranslations } from "next-intl";
import { useRouter } from "next/navigation";
import { useState } from "react";
import { CopyField } from "@/components/labs/copy-button";
import { Button } from "@/components/ui/button";
import { FormError, FormField } from "@/components/ui/field";
import { Input } from "@/components/ui/input";
import { Notice } from "@/components/ui/notice";
import { Time } from "@/components/ui/time";
import { useAction } from "@/components/ui/use-action";
import { useMakeForm } from "@/components/ui/use-api-form";
import { createAccountKeyBody, type AccountKeyJson, type CreateAccountKeyResponse } from "@/lib/accounts/schemas";
import type { AccountScope } from "@/lib/auth/scopes";
import { api } from "@/lib/http/client-api";

/** Each scope's line in the catalogue (labs.accounts.keys.scope). */
const SCOPE_TEXT: Record<AccountScope, "research" | "researchWrite" | "products"> = {
  "research:read": "research",
  "research:write": "researchWrite",
  "products:read": "products",
};

/** An account's keys: mint one (shown once), revoke one. */
export function AccountKeys({ keys, scopesAllowed }: { keys: AccountKeyJson[]; scopesAllowed: AccountScope[] }) {
  const t = useTranslations("labs.accounts.keys");
  const router = useRouter();
  const [minted, setMinted] = useState<CreateAccountKeyResponse | null>(null);
  const { form, submit } = useMakeForm(
    createAccountKeyBody,
    { name: "", scopes: scopesAllowed },
    { url: "/labs/api/account/keys", onMade: setMinted },
  );
  const revoke = useAction();
  const {
    register,
    formState: { errors, isSubmitting },
  } = form;

  const nameError = errors.name?.type === "too_small" ? t("name.empty") : errors.name?.message;
  const live = keys.filter((key) => key.revoked_at === null);

  return (
    <div className="space-y-4">
      {live.length === 0 ? <p className="text-sm text-muted">{t("none")}</p> : null}
      <ul className="divide-y divide-line">
        {live.map((key) => (
          <li key={key.id} className="flex flex-wrap items-center justify-between gap-2 py-2">
            <div className="min-w-0 text-sm">
              <p className="font-medium text-fg">{key.name}</p>
              <p className="text-muted">
                <span className="font-mono">{key.prefix}…</span> · {key.scopes.join(", ")} ·{" "}
                {key.last_used_at
                  ? t.rich("lastUsed", { time: () => <Time iso={key.last_used_at!} /> })
                  : t("neverUsed")}
              </p>
            </div>
            <Button
              kind="secondary"
              disabled={revoke.busy}
              aria-label={t("revokeNamed", { name: key.name })}
              onClick={() =>
                void revoke.run(async () => {
                  await api(`/labs/api/account/keys/${key.id}`, { method: "DELETE" });
                  router.refresh();
                  return t("revoked", { name: key.name });
                })
              }
            >
              {t("revoke")}
            </Button>
          </li>
        ))}
      </ul>
      {revoke.notice ? <Notice tone={revoke.notice.tone}>{revoke.notice.text}</Notice> : null}
      <form onSubmit={(event) => void submit(event)} className="space-y-3" noValidate>
        <FormField label={t("name.label")} id="account-key-name" error={nameError}>
          {(control) => (
            <Input
              {...control}
              maxLength={100}
              autoComplete="off"
              placeholder={t("name.placeholder")}
              {...register("name")}
            />
          )}
        </FormField>
        <fieldset className="space-y-1">
          <legend className="text-sm font-medium text-fg">{t("scopes")}</legend>
          {scopesAllowed.map((scope) => (
            <label key={scope} className="flex min-h-11 items-center gap-2 text-sm text-fg">
              <input type="checkbox" value={scope} className="size-5" {...register("scopes")} />
              <span>
                <span className="font-mono">{scope}</span> · {t(`scope.${SCOPE_TEXT[scope]}`)}
              </span>
            </label>
          ))}
          {errors.scopes ? <p className="text-sm text-danger">{t("scopesEmpty")}</p> : null}
        </fieldset>
        <Button type="submit" block disabled={isSubmitting}>
          {isSubmitting ? t("minting") : t("mint")}
        </Button>
        <FormError>{errors.root?.server?.message}</FormError>
      </form>
      {minted ? (
        <div role="status" className="space-y-2 rounded-lg border border-line-strong bg-surface p-3 text-sm">
          <p className="font-medium text-fg">{t("minted", { name: minted.name })}</p>
          <CopyField id="account-key-secret" label={t("secret")} value={minted.key} />
        </div>
      ) : null}
    </div>
  );
}
