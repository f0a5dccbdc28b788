"use client";

import { useTranslations } from "next-intl";
import { useId, useState } from "react";
import { CaptureSent, usePriorityName } from "@/components/ask/capture-parts";
import { Button } from "@/components/ui/button";
import { chipClass } from "@/components/ui/chip";
import { FieldError, FormError, fieldDescription } from "@/components/ui/field";
import { Input } from "@/components/ui/input";
import { useApiForm, useSendForm } from "@/components/ui/use-api-form";
import { useHydrated } from "@/components/ui/use-hydrated";
import { PRIORITY_CHIPS } from "@/lib/ask/priority-labels";
import { logTodoBody, TEXT_MAX } from "@/lib/ask/schemas";

type Props = {
  /** Filled in by the floating button: where the user was. */
  pageUrl?: string;
  pageContext?: Record<string, unknown>;
  onSent?: (id: number) => void;
};

/**
 * One line, a priority chip, Enter sends. "Report a bug" files it with source
 * bug. Checked with the log route's own schema; without JavaScript the form
 * posts natively and the route answers 303 back to the capture page.
 */
export function QuickCapture({ pageUrl, pageContext, onSent }: Props) {
  const t = useTranslations("ask");
  const priorityName = usePriorityName();
  const hydrated = useHydrated();
  const id = useId();
  const textId = `${id}-text`;
  const form = useApiForm(logTodoBody, {
    text: "",
    priority: "0",
    source: "ask-quick",
    page_url: pageUrl ?? "",
    page_context: pageContext,
  });
  const send = useSendForm();
  const [sent, setSent] = useState<number | null>(null);
  const { errors, isSubmitting } = form.formState;
  const source = form.watch("source");

  const submit = form.handleSubmit(async (values) => {
    setSent(null);
    const result = (await send(form, "/api/base-ask/log", values)) as { id: number } | undefined;
    if (!result) return; // The text stays in the field: nothing typed is lost.
    form.reset({ ...form.getValues(), text: "", source: "ask-quick" });
    setSent(result.id);
    onSent?.(result.id);
  });

  const textError = errors.text?.message;
  return (
    <form
      onSubmit={submit}
      action="/api/base-ask/log"
      method="post"
      noValidate={hydrated}
      className="space-y-3 ui-b:space-y-2"
      aria-label={t("quick.formLabel")}
    >
      <input type="hidden" name="source" value={source ?? "ask-quick"} />
      {pageUrl ? <input type="hidden" name="page_url" value={pageUrl} /> : null}
      {/* Above the fields: it may say "check the fields marked below". */}
      <FormError>{errors.root?.server?.message}</FormError>
      <div className="space-y-1">
        <label className="sr-only" htmlFor={textId}>
          {t("quick.text")}
        </label>
        <div className="flex gap-2">
          <Input
            id={textId}
            {...form.register("text")}
            autoComplete="off"
            required
            enterKeyHint="send"
            maxLength={TEXT_MAX}
            placeholder={t("quick.text")}
            aria-invalid={textError ? true : undefined}
            aria-describedby={fieldDescription(textId, { error: textError })}
            className="flex-1"
          />
          <Button type="submit" disabled={isSubmitting} className="shrink-0">
            {isSubmitting ? t("quick.sending") : t("quick.send")}
          </Button>
        </div>
        {textError ? <FieldError id={textId}>{textError}</FieldError> : null}
      </div>
      <div className="flex flex-wrap items-center gap-x-2 gap-y-1">
        {/* Native radios: arrow keys move between them, and they post without JavaScript. */}
        <fieldset className="flex flex-wrap gap-2">
          <legend className="sr-only">{t("priority.label")}</legend>
          {PRIORITY_CHIPS.map((value) => (
            <label key={value} className="relative">
              <input
                type="radio"
                value={String(value)}
                defaultChecked={value === 0}
                {...form.register("priority")}
                className="peer absolute inset-0 size-full cursor-pointer opacity-0"
              />
              <span className={chipClass("peer")}>{priorityName(value)}</span>
            </label>
          ))}
        </fieldset>
        <label className="flex min-h-11 items-center gap-2 text-sm ui-c:text-base sm:ml-auto">
          <input
            type="checkbox"
            checked={source === "bug"}
            onChange={(event) => form.setValue("source", event.target.checked ? "bug" : "ask-quick")}
            className="size-5 accent-accent"
          />
          {t("quick.bug")}
        </label>
      </div>
      <CaptureSent id={sent} />
    </form>
  );
}
