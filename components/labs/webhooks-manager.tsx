"use client";

import { useTranslations } from "next-intl";
import { useRouter } from "next/navigation";
import { useState } from "react";
import { CopyField } from "@/components/labs/copy-button";
import { Folded } from "@/components/labs/folded";
import { Button } from "@/components/ui/button";
import { FormError, FormField } from "@/components/ui/field";
import { Input } from "@/components/ui/input";
import { Notice } from "@/components/ui/notice";
import { Time } from "@/components/ui/time";
import { useAction } from "@/components/ui/use-action";
import { useMakeForm } from "@/components/ui/use-api-form";
import { EVENT_TYPES } from "@/lib/events/schemas";
import { api } from "@/lib/http/client-api";
import { createWebhookBody, type WebhookDeliveryJson, type WebhookJson } from "@/lib/webhooks/schemas";

// The admin page's webhooks (docs/contract.md, "Webhooks"): add one (its
// secret shown this once), send a test, read its latest deliveries and send
// a failed one again, delete it.

type Made = { webhook: WebhookJson & { secret: string } };

export function WebhooksManager({ webhooks }: { webhooks: WebhookJson[] }) {
  const t = useTranslations("labs.admin.webhooks");
  const [made, setMade] = useState<Made["webhook"] | null>(null);
  const { form, submit } = useMakeForm(
    createWebhookBody,
    { url: "", types: [...EVENT_TYPES], description: "" },
    { url: "/labs/api/webhooks", onMade: (result: Made) => setMade(result.webhook) },
  );
  const {
    register,
    formState: { errors, isSubmitting },
  } = form;

  const typesError = errors.types?.type === "too_small" ? t("types.empty") : errors.types?.message;

  return (
    <div className="space-y-4">
      <ul className="divide-y divide-line" aria-label={t("listLabel")}>
        {webhooks.length === 0 ? <li className="py-2 text-sm text-muted">{t("none")}</li> : null}
        {webhooks.map((webhook) => (
          <WebhookRow key={webhook.id} webhook={webhook} />
        ))}
      </ul>
      <Folded summary={t("add")}>
        <form onSubmit={(event) => void submit(event)} className="space-y-3" noValidate>
          <FormField label={t("url.label")} id="webhook-url" hint={t("url.hint")} error={errors.url?.message}>
            {(control) => (
              <Input
                {...control}
                type="url"
                inputMode="url"
                autoComplete="off"
                placeholder="https://"
                {...register("url")}
              />
            )}
          </FormField>
          <FormField label={t("description")} id="webhook-description" error={errors.description?.message}>
            {(control) => <Input {...control} maxLength={200} autoComplete="off" {...register("description")} />}
          </FormField>
          <fieldset aria-describedby={typesError ? "webhook-types-error" : undefined}>
            <legend className="text-sm font-medium">{t("types.label")}</legend>
            <div className="mt-1 grid gap-x-4 sm:grid-cols-2">
              {EVENT_TYPES.map((type) => (
                <label key={type} className="flex min-h-11 items-center gap-2 font-mono text-sm">
                  <input type="checkbox" value={type} {...register("types")} className="size-5 accent-accent" />
                  {type}
                </label>
              ))}
            </div>
            {typesError ? (
              <p id="webhook-types-error" role="alert" className="text-sm text-danger">
                {typesError}
              </p>
            ) : null}
          </fieldset>
          <Button type="submit" disabled={isSubmitting}>
            {isSubmitting ? t("adding") : t("submit")}
          </Button>
          <FormError>{errors.root?.server?.message}</FormError>
        </form>
      </Folded>
      {made ? (
        <Notice tone="warn">
          <p className="font-medium">{t("made", { url: made.url })}</p>
          <div className="mt-2">
            <CopyField id="webhook-secret" label={t("secret")} value={made.secret} />
          </div>
        </Notice>
      ) : null}
    </div>
  );
}

function WebhookRow({ webhook }: { webhook: WebhookJson }) {
  const t = useTranslations("labs.admin.webhooks");
  const actions = useTranslations("common.actions");
  const router = useRouter();
  const [deliveries, setDeliveries] = useState<WebhookDeliveryJson[] | null>(null);
  const [confirm, setConfirm] = useState(false);
  const { busy, notice, run } = useAction();

  const load = () =>
    run(async () => {
      const answer = await api<{ deliveries: WebhookDeliveryJson[] }>(`/labs/api/webhooks/${webhook.id}/deliveries`);
      setDeliveries(answer.deliveries);
      return null;
    });

  const test = () =>
    run(async () => {
      await api(`/labs/api/webhooks/${webhook.id}/test`, { method: "POST" });
      return t("testQueued");
    });

  const retry = (delivery: number) =>
    run(async () => {
      await api(`/labs/api/webhooks/${webhook.id}/deliveries/${delivery}/retry`, { method: "POST" });
      const answer = await api<{ deliveries: WebhookDeliveryJson[] }>(`/labs/api/webhooks/${webhook.id}/deliveries`);
      setDeliveries(answer.deliveries);
      return t("retried");
    });

  const remove = () =>
    run(async () => {
      await api(`/labs/api/webhooks/${webhook.id}`, { method: "DELETE" });
      router.refresh();
      return null;
    });

  return (
    <li className="space-y-2 py-3 text-sm">
      <div className="flex flex-wrap items-start justify-between gap-2">
        <span className="min-w-0">
          <span className="block font-medium break-all">{webhook.url}</span>
          {webhook.description ? <span className="block text-muted">{webhook.description}</span> : null}
          <span className="block font-mono text-xs text-muted">{webhook.types.join(", ")}</span>
          <span
            className={`block text-xs ${webhook.enabled && !webhook.failing_since ? "text-success" : "text-danger"}`}
          >
            {webhook.disabled_at
              ? t.rich("disabled", { time: () => <Time iso={webhook.disabled_at!} /> })
              : webhook.failing_since
                ? t.rich("failing", { time: () => <Time iso={webhook.failing_since!} /> })
                : t("working")}
          </span>
        </span>
        <span className="flex flex-wrap gap-2">
          <Button kind="secondary" disabled={busy} onClick={() => void test()}>
            {t("test")}
          </Button>
          {confirm ? (
            <>
              <Button kind="danger" disabled={busy} onClick={() => void remove()}>
                {t("confirmDelete")}
              </Button>
              <Button kind="secondary" disabled={busy} onClick={() => setConfirm(false)}>
                {actions("cancel")}
              </Button>
            </>
          ) : (
            <Button kind="secondary" disabled={busy} onClick={() => setConfirm(true)}>
              {t("delete")}
            </Button>
          )}
        </span>
      </div>
      {notice ? <Notice tone={notice.tone}>{notice.text}</Notice> : null}
      <details onToggle={(event) => event.currentTarget.open && deliveries === null && void load()}>
        <summary className="cursor-pointer py-2 text-sm font-semibold text-link underline underline-offset-2">
          {t("deliveries")}
        </summary>
        {deliveries === null ? null : deliveries.length === 0 ? (
          <p className="text-muted">{t("noDeliveries")}</p>
        ) : (
          <ul className="divide-y divide-line" aria-label={t("deliveries")}>
            {deliveries.map((delivery) => (
              <li key={delivery.id} className="flex flex-wrap items-start justify-between gap-2 py-2">
                <span className="min-w-0">
                  <span className="font-mono">{delivery.type}</span>{" "}
                  <span
                    className={
                      delivery.status === "delivered"
                        ? "text-success"
                        : delivery.status === "failed"
                          ? "text-danger"
                          : "text-muted"
                    }
                  >
                    {t(`status.${delivery.status}`)}
                  </span>
                  <span className="block text-xs text-muted">
                    {t("attempts", { count: delivery.attempts })}
                    {delivery.last_status !== null ? ` · HTTP ${delivery.last_status}` : ""}
                    {delivery.latency_ms !== null ? ` · ${delivery.latency_ms} ms` : ""}
                    {" · "}
                    <Time iso={delivery.updated_at} />
                  </span>
                  {delivery.last_error ? (
                    <span className="block text-xs break-words text-danger">{delivery.last_error}</span>
                  ) : null}
                </span>
                {delivery.status !== "delivered" ? (
                  <Button kind="secondary" disabled={busy} onClick={() => void retry(delivery.id)}>
                    {t("retry")}
                  </Button>
                ) : null}
              </li>
            ))}
          </ul>
        )}
      </details>
    </li>
  );
}
