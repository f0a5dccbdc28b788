"use client";

import { useTranslations } from "next-intl";
import { useId, type KeyboardEvent } from "react";
import { Button } from "@/components/ui/button";
import { FormError, FormField } from "@/components/ui/field";
import { Select, Textarea } from "@/components/ui/input";
import { useApiForm, useSendForm } from "@/components/ui/use-api-form";
import { createNoteBody, type CreateNoteResponse, type StateSnapshot } from "@/lib/research/schemas";
import { addNote, NOTE_URL, type useResearchState } from "@/lib/research/use-research-state";

type Props = {
  snapshot: StateSnapshot;
  mutate: ReturnType<typeof useResearchState>["mutate"];
};

class NotSaved extends Error {}

/**
 * A note for the agent, checked with the route's own schema. The text and the
 * chosen session are the form's own state: snapshot refreshes re-render it
 * with new session options but never reset it. The note shows in the list at
 * once; on failure the text comes back into the box, nothing is lost, and the
 * server's reason shows by the field it names (or under the form).
 */
export function NoteForm({ snapshot, mutate }: Props) {
  const t = useTranslations("research.noteForm");
  const ids = useId();
  const form = useApiForm(createNoteBody, { content: "", session_slug: "" });
  const sendForm = useSendForm();
  const {
    register,
    handleSubmit,
    watch,
    formState: { errors, isSubmitting },
  } = form;
  const sessionSlug = watch("session_slug") ?? "";

  // The chosen session stays selectable even once it drops out of the ten
  // most recent ones the snapshot lists.
  const options = snapshot.sessions.map((s) => ({ slug: s.slug, label: s.title ? `${s.title} (${s.slug})` : s.slug }));
  if (sessionSlug && !options.some((o) => o.slug === sessionSlug))
    options.unshift({ slug: sessionSlug, label: sessionSlug });

  const submit = handleSubmit(async (values) => {
    const sent = form.getValues("content") ?? "";
    form.setValue("content", "");
    try {
      await addNote({
        mutate,
        shown: snapshot,
        input: values,
        post: async (body) => {
          const created = (await sendForm(form, NOTE_URL, body)) as CreateNoteResponse | undefined;
          if (!created) throw new NotSaved();
          return created;
        },
      });
    } catch (error) {
      if (!(error instanceof NotSaved))
        form.setError("root.server", { type: "server", message: error instanceof Error ? error.message : "" });
      // Put the text back, in front of anything typed since.
      const typed = form.getValues("content") ?? "";
      form.setValue("content", typed.trim() ? `${sent}\n${typed}` : sent);
    }
  });

  function onKeyDown(event: KeyboardEvent<HTMLTextAreaElement>) {
    if (event.key === "Enter" && (event.ctrlKey || event.metaKey)) {
      event.preventDefault();
      if (!isSubmitting) void submit();
    }
  }

  const contentId = `${ids}-content`;
  const sessionId = `${ids}-session`;
  // The schema's own words are for the API; a reader gets the catalogue's.
  const contentError = errors.content?.type === "too_small" ? t("content.empty") : (errors.content?.message ?? null);
  const serverError = errors.root?.server?.message;

  return (
    <form onSubmit={(event) => void submit(event)} className="space-y-2" aria-label={t("label")} noValidate>
      <FormField label={t("content.label")} id={contentId} hint={t("content.hint")} error={contentError}>
        {(control) => (
          <Textarea
            {...control}
            rows={3}
            {...register("content")}
            onKeyDown={onKeyDown}
            placeholder={t("content.placeholder")}
          />
        )}
      </FormField>
      <div className="flex flex-wrap items-end gap-2">
        <div className="min-w-0 flex-1 basis-48">
          <FormField label={t("session.label")} id={sessionId} error={errors.session_slug?.message}>
            {(control) => (
              <Select {...control} {...register("session_slug")}>
                <option value="">{t("session.none")}</option>
                {options.map((option) => (
                  <option key={option.slug} value={option.slug}>
                    {option.label}
                  </option>
                ))}
              </Select>
            )}
          </FormField>
        </div>
        <Button type="submit" disabled={isSubmitting} className="h-12 ui-b:h-9 ui-c:h-14">
          {isSubmitting ? t("sending") : t("submit")}
        </Button>
      </div>
      {serverError !== undefined ? <FormError>{t("notSaved", { message: serverError })}</FormError> : null}
    </form>
  );
}
