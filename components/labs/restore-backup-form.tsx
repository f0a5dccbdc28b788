"use client";

import { useState, type FormEvent } from "react";
import { FormError } from "@/components/ui/field";
import type { ErrorBody } from "@/lib/http/errors";
import type { restoreResponse } from "@/lib/labs/schemas";
import type { z } from "zod";

type Progress = { state: "idle" } | { state: "sending"; percent: number } | { state: "restoring" };

/**
 * Sends a backup file to POST /labs/api/restore as it is, with the upload's
 * progress: a household's photos make it large. Shown on a new install only.
 */
export function RestoreBackupForm() {
  const [progress, setProgress] = useState<Progress>({ state: "idle" });
  const [error, setError] = useState<string | null>(null);
  const [restored, setRestored] = useState<number | null>(null);

  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const file = new FormData(event.currentTarget).get("backup");
    if (!(file instanceof File) || file.size === 0) {
      setError("Choose the backup file first (labs-backup-….ndjson.gz).");
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
      setError("No connection to the server. Check your network and try again.");
    };
    request.onload = () => {
      setProgress({ state: "idle" });
      const answer = parse(request.responseText);
      if (request.status === 200 && answer && "rows" in answer) {
        // Not refreshed here: the page would then hide this form, and this answer with it.
        setRestored(Object.values(answer.rows).reduce((sum, n) => sum + n, 0));
        return;
      }
      setError(
        answer && "error" in answer
          ? answer.error.message
          : `The server answered ${request.status}; nothing was restored.`,
      );
    };
    request.send(file);
  };

  if (restored !== null) {
    return (
      <p role="status" className="rounded-lg bg-green-50 px-3 py-2 text-green-900">
        Restored {restored} rows: the household is back.{" "}
        <a href="" className="font-medium underline">
          Reload the page
        </a>
      </p>
    );
  }
  const busy = progress.state !== "idle";
  return (
    <form onSubmit={submit} className="space-y-2">
      <label className="block">
        <span className="block text-sm font-medium">Backup file</span>
        <input
          type="file"
          name="backup"
          accept=".gz,application/gzip"
          disabled={busy}
          className="mt-1 block w-full text-sm file:mr-3 file:rounded-lg file:border-0 file:bg-slate-100 file:px-4 file:py-3 file:font-medium"
        />
      </label>
      <button
        type="submit"
        disabled={busy}
        className="min-h-12 w-full rounded-lg bg-brand px-4 py-2 font-medium text-white disabled:opacity-60 sm:w-auto"
      >
        {progress.state === "sending"
          ? `Sending… ${progress.percent}%`
          : progress.state === "restoring"
            ? "Restoring…"
            : "Restore this backup"}
      </button>
      {progress.state === "sending" ? (
        <progress max={100} value={progress.percent} className="block w-full" aria-label="Upload" />
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
