"use client";

import { zodResolver } from "@hookform/resolvers/zod";
import { useLocale, useTranslations } from "next-intl";
import { useRouter } from "next/navigation";
import { useForm, type DefaultValues, type FieldValues, type Path, type UseFormReturn } from "react-hook-form";
import type { z } from "zod";
import { api, FetchError, type ApiOptions } from "@/lib/http/client-api";
import { translateIssue } from "@/lib/i18n/issue-messages";
import { zodErrorMap } from "@/lib/i18n/zod-errors";

// The one way a form talks to the JSON API: react-hook-form checks the fields
// with the same zod schema the route parses (lib/<area>/schemas.ts), sends
// them with `api()` (lib/http/client-api.ts), then a FetchError's `issues[]`
// land on the fields they name, and anything else (a refusal, no connection)
// on `errors.root.server`. Typed input is never cleared on failure. See docs/architecture.md, "Forms".

export function useApiForm<Schema extends z.ZodType<FieldValues, FieldValues>>(
  schema: Schema,
  defaultValues: DefaultValues<z.input<Schema>>,
) {
  const locale = useLocale();
  const check = zodResolver(schema, { error: zodErrorMap(locale) });
  return useForm<z.input<Schema>, unknown, z.output<Schema>>({
    // zod's own words come in the reader's language from its locale; a
    // schema's own English words go through the errors catalogue.
    resolver: async (values, context, options) => {
      const result = await check(values, context, options);
      for (const error of Object.values(result.errors ?? {}) as { message?: string }[]) {
        if (error?.message) error.message = translateIssue(error.message, locale);
      }
      return result;
    },
    defaultValues,
    mode: "onSubmit",
    reValidateMode: "onChange",
  });
}

export type ApiForm<Values extends FieldValues> = UseFormReturn<Values, unknown, FieldValues>;

export type SendOptions = Pick<ApiOptions, "headers" | "onUpload"> & {
  method?: "POST" | "PATCH" | "PUT" | "DELETE";
  /** What to say when the answer carried no envelope (a proxy's page): by default "Could not save: <status>". */
  unanswered?: (status: number) => string;
};

/**
 * Sends a form's body and puts a refusal on the form: the server's issues on
 * the fields they name, the rest (its words, or "no connection") on
 * `errors.root.server`. The body goes as JSON, or as it is when it is a
 * FormData (multipart: files beside the fields) or a Blob (a backup file);
 * `onUpload` then follows the upload, as `api()` does.
 */
export function useSendForm() {
  const t = useTranslations("common.form");
  return async function sendForm<Result = unknown, Values extends FieldValues = FieldValues, Output = FieldValues>(
    form: UseFormReturn<Values, unknown, Output>,
    url: string,
    body: unknown,
    { method = "POST", headers, onUpload, unanswered }: SendOptions = {},
  ): Promise<Result | undefined> {
    const payload: ApiOptions =
      body instanceof FormData ? { form: body } : body instanceof Blob ? { blob: body } : { json: body };
    try {
      return await api<Result>(url, { method, headers, onUpload, ...payload });
    } catch (error) {
      if (!(error instanceof FetchError)) throw error;
      if (error.code === "network") {
        form.setError("root.server", { type: "offline", message: t("offline") });
        return undefined;
      }
      const values = form.getValues() as Record<string, unknown>;
      let onFields = 0;
      for (const issue of error.issues ?? []) {
        const field = issue.path.split(".")[0] ?? "";
        if (!(field in values)) continue;
        form.setError(
          issue.path as Path<Values>,
          { type: "server", message: issue.message },
          { shouldFocus: onFields === 0 },
        );
        onFields += 1;
      }
      // No envelope (a proxy's page, an empty body): say so in the reader's language.
      const message = error.enveloped
        ? error.message
        : (unanswered?.(error.status) ?? t("failed", { message: String(error.status) }));
      form.setError("root.server", { type: "server", message: onFields > 0 ? t("fixFields") : message });
      return undefined;
    }
  };
}

/**
 * A form that makes something on the server (an API key, a pairing link, a
 * webhook): sends its fields to `url`, hands the answer to `onMade`, clears
 * the fields and refreshes the page's server-rendered lists. A refusal lands
 * on the fields, as with useSendForm, and nothing typed is cleared.
 */
export function useMakeForm<Schema extends z.ZodType<FieldValues, FieldValues>, Made>(
  schema: Schema,
  defaultValues: DefaultValues<z.input<Schema>>,
  { url, onMade }: { url: string; onMade: (made: Made) => void },
) {
  const form = useApiForm(schema, defaultValues);
  const sendForm = useSendForm();
  const router = useRouter();
  const submit = form.handleSubmit(async (values) => {
    const made = await sendForm<Made, z.input<Schema>, z.output<Schema>>(form, url, values);
    if (made === undefined) return;
    onMade(made);
    form.reset();
    router.refresh();
  });
  return { form, submit };
}
