"use client";

import { useTranslations } from "next-intl";
import { useState, type FormEvent } from "react";
import { Button } from "@/components/ui/button";
import { FormError } from "@/components/ui/field";
import { Notice } from "@/components/ui/notice";
import { api, FetchError } from "@/lib/http/client-api";
import type { restoreResponse } from "@/lib/platform/schemas";
import type { z } from "zod";

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
  const [progress, setProgress] = useState<Progress>({ state: "idle" });
  const [error, setError] = useState<string | null>(null);
  const [restored, setRestored] = useState<Restored | null>(null);

  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const form = new FormData(event.currentTarget);
    const file = form.get("backup");
    const keepCredentials = form.get("keep_credentials") === "1";
    if (!(file instanceof File) || file.size === 0) {
      setError(t("chooseFirst"));
      return;
    }
    setError(null);
    setProgress({ state: "sending", percent: 0 });
    api<z.infer<typeof restoreResponse>>(`/labs/api/restore${keepCredentials ? "?keep_credentials=1" : ""}`, {
      method: "POST",
      blob: file,
      headers: { "content-type": "application/gzip" },
      onUpload: (sent) => setProgress(sent === "sent" ? { state: "restoring" } : { state: "sending", percent: sent }),
    }).then(
      (answer) => {
        setProgress({ state: "idle" });
        // Not refreshed here: the page would then hide this form, and this answer with it.
        setRestored({
          rows: Object.values(answer.rows).reduce((sum, n) => sum + n, 0),
          credentials: answer.credentials,
        });
      },
      (problem: unknown) => {
        setProgress({ state: "idle" });
        if (!(problem instanceof FetchError)) throw problem;
        setError(
          problem.code === "network"
            ? t("offline")
            : problem.enveloped
              ? problem.message
              : t("failed", { status: problem.status }),
        );
      },
    );
  };

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
  const busy = progress.state !== "idle";
  return (
    <form onSubmit={submit} className="space-y-2">
      <label className="block">
        <span className="block text-sm font-medium">{t("file")}</span>
        <input
          type="file"
          name="backup"
          accept=".gz,application/gzip"
          disabled={busy}
          className="mt-1 block w-full text-sm text-fg file:mr-3 file:rounded-lg file:border file:border-line-strong file:bg-sunken file:px-4 file:py-3 file:font-medium file:text-fg"
        />
      </label>
      <div>
        <label className="flex min-h-11 items-center gap-2 text-sm font-medium">
          <input
            type="checkbox"
            name="keep_credentials"
            value="1"
            disabled={busy}
            aria-describedby="restore-credentials-hint"
            className="size-5 accent-accent"
          />
          {t("keepCredentials")}
        </label>
        <p id="restore-credentials-hint" className="text-sm text-muted">
          {t("credentialsHint")}
        </p>
      </div>
      <Button type="submit" disabled={busy} className="w-full sm:w-auto">
        {progress.state === "sending"
          ? t("sending", { percent: progress.percent })
          : progress.state === "restoring"
            ? t("restoring")
            : t("submit")}
      </Button>
      {progress.state === "sending" ? (
        <progress max={100} value={progress.percent} className="block w-full" aria-label={t("upload")} />
      ) : null}
      <FormError>{error}</FormError>
    </form>
  );
}
