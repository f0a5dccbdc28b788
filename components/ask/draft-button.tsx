"use client";

import { useTranslations } from "next-intl";
import { useState } from "react";
import { Button } from "@/components/ui/button";
import { FetchError, api } from "@/lib/http/client-api";

type State =
  { kind: "idle" } | { kind: "drafting" } | { kind: "done"; drafter: string } | { kind: "error"; message: string };

/**
 * Asks for a drafted reply and puts it into the response field (`targetId`)
 * for editing; nothing is sent until the operator saves.
 */
export function DraftButton({ todoId, targetId }: { todoId: number; targetId: string }) {
  const t = useTranslations("ask.draft");
  const [state, setState] = useState<State>({ kind: "idle" });

  async function draft() {
    setState({ kind: "drafting" });
    try {
      const result = await api<{ draft: string; drafter: string; model: string | null }>(
        `/api/core-ask/${todoId}/draft-response`,
        { method: "POST", json: {} },
      );
      const field = document.getElementById(targetId) as HTMLTextAreaElement | null;
      if (field) {
        field.value = result.draft;
        field.focus();
      }
      setState({ kind: "done", drafter: result.model ?? t("template") });
    } catch (error) {
      setState({ kind: "error", message: error instanceof FetchError ? error.message : t("failed") });
    }
  }

  return (
    <div className="flex flex-wrap items-center gap-2">
      <Button kind="secondary" onClick={draft} disabled={state.kind === "drafting"}>
        {state.kind === "drafting" ? (
          <span
            aria-hidden="true"
            className="size-4 animate-spin rounded-full border-2 border-current border-t-transparent"
          />
        ) : null}
        {state.kind === "drafting" ? t("drafting") : t("button")}
      </Button>
      <span aria-live="polite" className="text-sm">
        {state.kind === "done" ? (
          <span className="text-success">{t("done", { drafter: state.drafter })}</span>
        ) : state.kind === "error" ? (
          <span role="alert" className="text-danger">
            {state.message}
          </span>
        ) : null}
      </span>
    </div>
  );
}
