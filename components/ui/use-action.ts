"use client";

import { useState } from "react";

// A button's work against the API (test, retry, remove, save), shared by the
// pages that have several: busy while it runs, then a notice of what it did
// or why it failed. Forms go through useApiForm instead (use-api-form.ts).

export type ActionNotice = { tone: "success" | "danger"; text: string };

/** The words of a failure: the server's message (FetchError), else the error's. */
export function failureText(error: unknown): string {
  return error instanceof Error ? error.message : String(error);
}

/**
 * `run(work)`: busy until `work` settles; its answer (a sentence, or null for
 * none) becomes a success notice, its failure a danger one, worded by
 * `describeFailure` from the failure's own words.
 */
export function useAction(describeFailure: (message: string) => string = (message) => message) {
  const [busy, setBusy] = useState(false);
  const [notice, setNotice] = useState<ActionNotice | null>(null);
  const run = async (work: () => Promise<string | null>) => {
    setBusy(true);
    setNotice(null);
    try {
      const done = await work();
      if (done) setNotice({ tone: "success", text: done });
    } catch (error) {
      setNotice({ tone: "danger", text: describeFailure(failureText(error)) });
    } finally {
      setBusy(false);
    }
  };
  return { busy, notice, setNotice, run };
}
