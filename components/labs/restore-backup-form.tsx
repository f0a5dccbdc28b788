"use client";

import { useTranslations } from "next-intl";
import { useId, useMemo, useState } from "react";
import { z } from "zod";
import { Button } from "@/components/ui/button";
import { FormError, FormField } from "@/components/ui/field";
import { FileButton } from "@/components/ui/file-button";
import { Notice } from "@/components/ui/notice";
import { useApiForm, useSendForm } from "@/components/ui/use-api-form";
import type { restoreResponse } from "@/lib/platform/schemas";

type Progress = { state: "idle" } | { state: "sending"; percent: number } | { state: "restoring" };

type Restored = { rows: number; credentials: "kept" | "left_out" };

/**
 * Sends a backup file to POST /labs/api/restore as it is, with the upload's
 * progress: a household's photos make it large. Shown on a new install only.
 * The backup's API keys and paired phones are left out unless the operator
 * ticks the box (docs/backup-and-restore.md).
 */
export function RestoreBackupForm() {
  const t = useTranslations("labs.admin.backup.restore");
  const id = useId();
  // The file is checked here, in the reader's words: the route reads the upload as it comes.
  const schema = useMemo(
    () =>
      z.object({
        backup: z.custom<FileList>((files) => files instanceof FileList && (files[0]?.size ?? 0) > 0, t("chooseFirst")),
        keep_credentials: z.boolean(),
      }),
    [t],
  );
  const form = useApiForm(schema, { keep_credentials: false });
  const sendForm = useSendForm();
  const [progress, setProgress] = useState<Progress>({ state: "idle" });
  const [restored, setRestored] = useState<Restored | null>(null);
  const { errors, isSubmitting } = form.formState;
  const chosen = form.watch("backup")?.[0];

  const submit = form.handleSubmit(async ({ backup, keep_credentials }) => {
    setProgress({ state: "sending", percent: 0 });
    const answer = await sendForm<z.infer<typeof restoreResponse>, z.input<typeof schema>, z.output<typeof schema>>(
      form,
      `/labs/api/restore${keep_credentials ? "?keep_credentials=1" : ""}`,
      backup[0]!,
      {
        headers: { "content-type": "application/gzip" },
        onUpload: (sent) => setProgress(sent === "sent" ? { state: "restoring" } : { state: "sending", percent: sent }),
        unanswered: (status) => t("failed", { status }),
      },
    );
    setProgress({ state: "idle" });
    if (answer === undefined) return;
    // Not refreshed here: the page would then hide this form, and this answer with it.
    setRestored({ rows: Object.values(answer.rows).reduce((sum, n) => sum + n, 0), credentials: answer.credentials });
  });

  if (restored !== null) {
    return (
      <Notice tone="success">
        {t("done", { count: restored.rows })}{" "}
        {restored.credentials === "kept" ? t("credentialsKept") : t("credentialsLeftOut")}{" "}
        <a href="" className="font-medium underline underline-offset-2">
          {t("reload")}
        </a>
      </Notice>
    );
  }
  return (
    <form onSubmit={submit} noValidate className="space-y-2">
      <FormField label={t("file")} id={`${id}-backup`} error={errors.backup?.message}>
        {(control) => (
          <FileButton
            {...control}
            {...form.register("backup")}
            accept=".gz,application/gzip"
            disabled={isSubmitting}
            choose={t("choose")}
            chosen={chosen?.name ?? t("noneChosen")}
          />
        )}
      </FormField>
      <div>
        <label className="flex min-h-11 items-center gap-2 text-sm font-medium">
          <input
            type="checkbox"
            {...form.register("keep_credentials")}
            disabled={isSubmitting}
            aria-describedby={`${id}-credentials-hint`}
            className="size-5 accent-accent"
          />
          {t("keepCredentials")}
        </label>
        <p id={`${id}-credentials-hint`} className="text-sm text-muted">
          {t("credentialsHint")}
        </p>
      </div>
      <Button type="submit" disabled={isSubmitting} className="w-full sm:w-auto">
        {progress.state === "sending"
          ? t("sending", { percent: progress.percent })
          : progress.state === "restoring"
            ? t("restoring")
            : t("submit")}
      </Button>
      {progress.state === "sending" ? (
        <progress max={100} value={progress.percent} className="block w-full" aria-label={t("upload")} />
      ) : null}
      <FormError>{errors.root?.server?.message}</FormError>
    </form>
  );
}
