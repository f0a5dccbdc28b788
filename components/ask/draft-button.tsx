"use client";

import { useState } from "react";
import { FetchError, postJson } from "@/lib/http/fetcher";

type State =
  { kind: "idle" } | { kind: "drafting" } | { kind: "done"; drafter: string } | { kind: "error"; message: string };

/**
 * Asks for a drafted reply and puts it into the response field (`targetId`)
 * for editing; nothing is sent until the operator saves.
 */
export function DraftButton({ todoId, targetId }: { todoId: number; targetId: string }) {
  const [state, setState] = useState<State>({ kind: "idle" });

  async function draft() {
    setState({ kind: "drafting" });
    try {
      const result = await postJson<{ draft: string; drafter: string; model: string | null }>(
        `/api/core-ask/${todoId}/draft-response`,
        {},
      );
      const field = document.getElementById(targetId) as HTMLTextAreaElement | null;
      if (field) {
        field.value = result.draft;
        field.focus();
      }
      setState({ kind: "done", drafter: result.model ?? "the built-in template" });
    } catch (error) {
      setState({ kind: "error", message: error instanceof FetchError ? error.message : "Drafting failed." });
    }
  }

  return (
    <div className="flex flex-wrap items-center gap-2">
      <button
        type="button"
        onClick={draft}
        disabled={state.kind === "drafting"}
        className="inline-flex items-center gap-2 rounded-lg border border-brand px-3 py-2 text-sm font-medium text-brand disabled:opacity-60 ui-c:py-3 ui-d:border-yellow-300 ui-d:text-yellow-300"
      >
        {state.kind === "drafting" ? (
          <span
            aria-hidden="true"
            className="size-4 animate-spin rounded-full border-2 border-current border-t-transparent"
          />
        ) : null}
        {state.kind === "drafting" ? "Drafting…" : "Draft a reply"}
      </button>
      <span aria-live="polite" className="text-sm">
        {state.kind === "done" ? (
          <span className="text-green-700 ui-d:text-green-300">Draft by {state.drafter}: edit it below.</span>
        ) : state.kind === "error" ? (
          <span role="alert" className="text-red-700 ui-d:text-red-300">
            {state.message}
          </span>
        ) : null}
      </span>
    </div>
  );
}
