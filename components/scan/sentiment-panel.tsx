"use client";

import { useTranslations } from "next-intl";
import { useId, useState } from "react";
import { SentimentIcon } from "@/components/scan/sentiment-icon";
import { useProblem } from "@/components/scan/use-problem";
import { Button } from "@/components/ui/button";
import { fieldDescription } from "@/components/ui/field";
import { Input } from "@/components/ui/input";
import { Notice } from "@/components/ui/notice";
import { useApiForm, useSendForm } from "@/components/ui/use-api-form";
import { api } from "@/lib/http/client-api";
import {
  SENTIMENTS,
  setPreferenceBody,
  type ListPreferencesResponse,
  type Sentiment,
  type SetPreferenceResponse,
} from "@/lib/scan/schemas";
import { usePreferences } from "@/lib/scan/use-scan-result";

const PREFERENCES_URL = "/base-scan/api/preferences/set";
const personForm = setPreferenceBody.pick({ person_name: true });

/** Each person's opinion of a product, changed with one tap. */
export function SentimentPanel({ code }: { code: string }) {
  const t = useTranslations("scan.sentiment");
  const describe = useProblem();
  const id = useId();
  const { data, error, mutate } = usePreferences(code);
  const [failure, setFailure] = useState<string | null>(null);
  const form = useApiForm(personForm, { person_name: "" });
  const sendForm = useSendForm();
  const newPerson = form.watch("person_name");
  const nameError = form.formState.errors.person_name?.message;
  const formError = form.formState.errors.root?.server?.message;

  async function choose(personName: string, sentiment: Sentiment) {
    setFailure(null);
    // The buttons only show once the list is loaded, so there is always a current list.
    const optimistic = (current: ListPreferencesResponse | undefined): ListPreferencesResponse => ({
      ok: true,
      code,
      next: current?.next ?? null,
      preferences: (current?.preferences ?? []).map((p) => (p.person_name === personName ? { ...p, sentiment } : p)),
    });
    try {
      await mutate(
        async (current) => {
          const { preference } = await api<SetPreferenceResponse>(PREFERENCES_URL, {
            method: "POST",
            json: {
              code,
              person_name: personName,
              sentiment,
            },
          });
          return (
            current && {
              ...current,
              preferences: current.preferences.map((p) =>
                p.person_id === preference.person_id ? { ...p, ...preference } : p,
              ),
            }
          );
        },
        { optimisticData: optimistic, rollbackOnError: true, revalidate: false },
      );
    } catch (failure) {
      setFailure(describe(failure, t("saveFailed")));
    }
  }

  const addPerson = form.handleSubmit(async ({ person_name }) => {
    setFailure(null);
    const saved = await sendForm(form, PREFERENCES_URL, { code, person_name, sentiment: "dont_know" });
    if (!saved) return;
    form.reset({ person_name: "" });
    await mutate();
  });

  return (
    <section aria-label={t("label")} className="space-y-3">
      <h3 className="text-sm font-semibold">{t("title")}</h3>
      {error ? <Notice tone="danger">{describe(error, t("loadFailed"))}</Notice> : null}
      {data && data.preferences.length === 0 ? <p className="text-sm text-muted">{t("nobody")}</p> : null}
      {data?.preferences.map((preference) => (
        <div key={preference.person_id} role="group" aria-label={t("group", { name: preference.person_name })}>
          <p className="mb-1 text-sm font-medium">{preference.person_name}</p>
          <div className="grid grid-cols-4 gap-1.5 ui-b:grid-cols-7 ui-b:gap-1">
            {SENTIMENTS.map((sentiment) => {
              const pressed = preference.sentiment === sentiment;
              const label = t(`values.${sentiment}`);
              return (
                <button
                  key={sentiment}
                  type="button"
                  aria-pressed={pressed}
                  aria-label={label}
                  onClick={() => choose(preference.person_name, sentiment)}
                  className={`flex min-h-12 flex-col items-center justify-center rounded-lg border px-1 py-1 text-center text-xs leading-tight hyphens-auto ui-c:min-h-14 ${
                    pressed
                      ? "border-accent bg-accent text-accent-fg"
                      : "surface border-line-strong bg-surface text-fg hover:bg-sunken"
                  }`}
                >
                  <SentimentIcon sentiment={sentiment} />
                  <span aria-hidden className="mt-0.5 line-clamp-2">
                    {label}
                  </span>
                </button>
              );
            })}
          </div>
        </div>
      ))}
      {data?.next ? (
        // The first page only (people who chose come first): anyone else is
        // one name away, and once added by name they are on the first page.
        <p className="text-sm text-muted" data-testid="more-people">
          {t("more", { count: data.preferences.length })}
        </p>
      ) : null}
      <form onSubmit={addPerson} noValidate className="space-y-1">
        <div className="flex gap-2">
          <Input
            id={`${id}-person`}
            {...form.register("person_name")}
            placeholder={t("person.placeholder")}
            aria-label={t("person.label")}
            aria-invalid={nameError ? true : undefined}
            aria-describedby={fieldDescription(`${id}-person`, { error: nameError })}
            maxLength={120}
          />
          <Button kind="secondary" type="submit" disabled={form.formState.isSubmitting || !newPerson.trim()}>
            {form.formState.isSubmitting ? t("person.adding") : t("person.add")}
          </Button>
        </div>
        {nameError ? (
          <p id={`${id}-person-error`} role="alert" className="text-sm text-danger">
            {nameError}
          </p>
        ) : null}
      </form>
      {formError && !nameError ? <Notice tone="danger">{formError}</Notice> : null}
      {failure ? <Notice tone="danger">{failure}</Notice> : null}
    </section>
  );
}
