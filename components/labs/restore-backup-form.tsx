"use client";

import { useTranslations } from "next-intl";
import { useState, type FormEvent } from "react";
import { Button } from "@/components/ui/button";
import { FormError } from "@/components/ui/field";
import { Notice } from "@/components/ui/notice";
import type { ErrorBody } from "@/lib/http/errors";
import type { restoreResponse } from "@/lib/labs/schemas";
import type { z } from "zod";

type Progress = { state: "idle" } | { state: "sending"; percent: number } | { state: "restoring" };

/**
 * Sends a backup file to POST /labs/api/restore as it is, with the upload's
 * progress: a household's photos make it large. Shown on a new install only.
 */
export function RestoreBackupForm() {
  const t = useTranslations("labs.admin.backup.restore");
  const [progress, setProgress] = useState<Progress>({ state: "idle" });
  const [error, setError] = useState<string | null>(null);
  const [restored, setRestored] = useState<number | null>(null);

  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const file = new FormData(event.currentTarget).get("backup");
    if (!(file instanceof File) || file.size === 0) {
      setError(t("chooseFirst"));
      return;
    }
    setError(null);
    setProgress({ state: "sending", percent: 0 });
    // XMLHttpRequest, not fetch: only it reports how much of the upload has gone.
    const request = new XMLHttpRequest();
    request.open("POST", "/labs/api/restore");
    request.setRequestHeader("content-type", "application/gzip");
    request.setRequestHeader("accept", "application/json");
    request.upload.onprogress = (sent) => {
      if (sent.lengthComputable)
        setProgress({ state: "sending", percent: Math.round((sent.loaded / sent.total) * 100) });
    };
    request.upload.onload = () => setProgress({ state: "restoring" });
    request.onerror = () => {
      setProgress({ state: "idle" });
      setError(t("offline"));
    };
    request.onload = () => {
      setProgress({ state: "idle" });
      const answer = parse(request.responseText);
      if (request.status === 200 && answer && "rows" in answer) {
        // Not refreshed here: the page would then hide this form, and this answer with it.
        setRestored(Object.values(answer.rows).reduce((sum, n) => sum + n, 0));
        return;
      }
      setError(answer && "error" in answer ? answer.error.message : t("failed", { status: request.status }));
    };
    request.send(file);
  };

  if (restored !== null) {
    return (
      <Notice tone="success">
        {t("done", { count: restored })}{" "}
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

function parse(text: string): z.infer<typeof restoreResponse> | ErrorBody | null {
  try {
    return JSON.parse(text) as z.infer<typeof restoreResponse> | ErrorBody;
  } catch {
    return null;
  }
}
