"use client";

import { useTranslations } from "next-intl";
import { useId, useState } from "react";
import useSWR from "swr";
import { Button } from "@/components/ui/button";
import { FieldError, FormError, fieldDescription } from "@/components/ui/field";
import { Input } from "@/components/ui/input";
import { Notice } from "@/components/ui/notice";
import { useApiForm, useSendForm } from "@/components/ui/use-api-form";
import { createTipBody, type TipJson } from "@/lib/ask/schemas";
import { fetcher, FetchError, api } from "@/lib/http/client-api";

const TIP_MAX = 500;

/** The operator's list of tips: add and remove (embedded on the queue page and in /admin/operator). */
export function TipsManager() {
  const t = useTranslations("ask.tips");
  const id = useId();
  const textId = `${id}-tip`;
  const { data, error, isLoading, mutate } = useSWR<{ tips: TipJson[] }>("/api/core-ask/tips", fetcher);
  const form = useApiForm(createTipBody, { text: "" });
  const send = useSendForm();
  const [removing, setRemoving] = useState<number | null>(null);
  const [message, setMessage] = useState<{ tone: "success" | "danger"; text: string } | null>(null);
  const { errors, isSubmitting } = form.formState;
  const textError = errors.text?.message;

  const add = form.handleSubmit(async (values) => {
    setMessage(null);
    if (!(await send(form, "/api/core-ask/tips", values))) return;
    form.reset({ text: "" });
    setMessage({ tone: "success", text: t("added") });
    await mutate();
  });

  async function remove(tip: TipJson) {
    setRemoving(tip.id);
    setMessage(null);
    try {
      await api(`/api/core-ask/tips/${tip.id}/delete`, { method: "POST", json: {} });
      setMessage({ tone: "success", text: t("removed") });
      await mutate();
    } catch (e) {
      setMessage({ tone: "danger", text: e instanceof FetchError ? e.message : t("removeFailed") });
    } finally {
      setRemoving(null);
    }
  }

  return (
    <div className="space-y-3" data-testid="tips-manager">
      <form onSubmit={add} noValidate className="space-y-1">
        <FormError>{errors.root?.server?.message}</FormError>
        <label htmlFor={textId} className="sr-only">
          {t("newTip")}
        </label>
        <div className="flex flex-col gap-2 sm:flex-row">
          <Input
            id={textId}
            {...form.register("text")}
            maxLength={TIP_MAX}
            autoComplete="off"
            placeholder={t("placeholder")}
            aria-invalid={textError ? true : undefined}
            aria-describedby={fieldDescription(textId, { error: textError })}
            className="sm:flex-1"
          />
          <Button type="submit" disabled={isSubmitting} className="shrink-0">
            {isSubmitting ? t("adding") : t("add")}
          </Button>
        </div>
        {textError ? <FieldError id={textId}>{textError}</FieldError> : null}
      </form>
      <div aria-live="polite">{message ? <Notice tone={message.tone}>{message.text}</Notice> : null}</div>
      {isLoading ? <p className="text-sm text-muted">{t("loading")}</p> : null}
      {error ? <Notice tone="danger">{(error as Error).message}</Notice> : null}
      {/* The buttons' names: "Remove tip:" and the tip, which is the household's text, not the app's. */}
      <span id={`${id}-remove`} hidden>
        {t("removeTip")}
      </span>
      <ul className="divide-y divide-line">
        {data?.tips.map((tip) => (
          <li key={tip.id} className="flex items-center gap-3 py-2 ui-b:py-1">
            <span id={`${id}-tip-${tip.id}`} translate="no" className="min-w-0 flex-1 text-sm break-words">
              {tip.text}
            </span>
            <Button
              kind="secondary"
              onClick={() => remove(tip)}
              disabled={removing === tip.id}
              aria-labelledby={`${id}-remove ${id}-tip-${tip.id}`}
              className="shrink-0"
            >
              {removing === tip.id ? t("removing") : t("remove")}
            </Button>
          </li>
        ))}
      </ul>
      {data ? <p className="text-xs text-muted">{t("count", { count: data.tips.length })}</p> : null}
    </div>
  );
}
