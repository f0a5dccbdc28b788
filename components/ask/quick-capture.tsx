"use client";

import { useState, type FormEvent, type KeyboardEvent } from "react";
import { CaptureStatus } from "@/components/ask/capture-parts";
import { PRIORITY_CHIPS, priorityLabel } from "@/lib/ask/priority-labels";
import type { LogTodoInput } from "@/lib/ask/schemas";
import { FetchError, postJson } from "@/lib/http/fetcher";

type Props = {
  /** Filled in by the floating button: where the user was. */
  pageUrl?: string;
  pageContext?: Record<string, unknown>;
  autoFocus?: boolean;
  onSent?: (id: number) => void;
};

type State = { kind: "idle" } | { kind: "sending" } | { kind: "sent"; id: number } | { kind: "error"; message: string };

/** One line, a priority chip, Enter sends. "Report a bug" files it with source bug. */
export function QuickCapture({ pageUrl, pageContext, autoFocus, onSent }: Props) {
  const [text, setText] = useState("");
  const [priority, setPriority] = useState(0);
  const [bug, setBug] = useState(false);
  const [state, setState] = useState<State>({ kind: "idle" });

  async function send(event?: FormEvent) {
    event?.preventDefault();
    if (!text.trim() || state.kind === "sending") return;
    setState({ kind: "sending" });
    const body: LogTodoInput = {
      text,
      priority,
      source: bug ? "bug" : "ask-quick",
      ...(pageUrl ? { page_url: pageUrl } : {}),
      ...(pageContext ? { page_context: pageContext } : {}),
    };
    try {
      const { id } = await postJson<{ id: number }>("/api/base-ask/log", body);
      setText("");
      setBug(false);
      setState({ kind: "sent", id });
      onSent?.(id);
    } catch (error) {
      // The text stays in the field: nothing typed is lost.
      setState({ kind: "error", message: error instanceof FetchError ? error.message : "Could not send." });
    }
  }

  function onKeyDown(event: KeyboardEvent<HTMLInputElement>) {
    if (event.key === "Enter" && !event.nativeEvent.isComposing) void send(event);
  }

  return (
    // Without JavaScript the form posts natively and the log route answers 303 back here.
    <form
      onSubmit={send}
      action="/api/base-ask/log"
      method="post"
      className="space-y-3 ui-b:space-y-2"
      aria-label="Quick capture"
    >
      <input type="hidden" name="priority" value={priority} />
      <input type="hidden" name="source" value={bug ? "bug" : "ask-quick"} />
      {pageUrl ? <input type="hidden" name="page_url" value={pageUrl} /> : null}
      <div className="flex gap-2">
        <label className="sr-only" htmlFor="quick-text">
          What do you need?
        </label>
        <input
          id="quick-text"
          name="text"
          value={text}
          onChange={(event) => setText(event.target.value)}
          onKeyDown={onKeyDown}
          autoFocus={autoFocus}
          autoComplete="off"
          required
          enterKeyHint="send"
          maxLength={20_000}
          placeholder="What do you need?"
          className="min-w-0 flex-1 rounded-lg border border-slate-300 bg-white px-3 py-2.5 text-base ui-b:py-1.5 ui-c:py-3.5 ui-d:border-white ui-d:bg-black ui-d:text-white"
        />
        <button
          type="submit"
          disabled={state.kind === "sending"}
          className="rounded-lg bg-brand px-4 py-2.5 font-medium text-white disabled:opacity-50 ui-b:py-1.5 ui-c:px-6 ui-d:bg-yellow-300 ui-d:text-black"
        >
          {state.kind === "sending" ? "Sending…" : "Send"}
        </button>
      </div>
      <div className="flex flex-wrap items-center gap-2" role="radiogroup" aria-label="Priority">
        {PRIORITY_CHIPS.map((value) => (
          <button
            key={value}
            type="button"
            role="radio"
            aria-checked={priority === value}
            onClick={() => setPriority(value)}
            className={`rounded-full border px-3 py-1.5 text-sm ui-c:px-4 ui-c:py-2.5 ${
              priority === value
                ? "border-brand bg-brand text-white ui-d:border-yellow-300 ui-d:bg-yellow-300 ui-d:text-black"
                : "border-slate-300 bg-white text-slate-700 ui-d:border-white ui-d:bg-black ui-d:text-white"
            }`}
          >
            {priorityLabel(value)}
          </button>
        ))}
        <label className="ml-auto flex items-center gap-2 py-1 text-sm ui-c:text-base">
          <input type="checkbox" checked={bug} onChange={(event) => setBug(event.target.checked)} className="size-4" />
          Report a bug
        </label>
      </div>
      <CaptureStatus state={state} />
    </form>
  );
}
