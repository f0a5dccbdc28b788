"use client";

import { useState, type FormEvent } from "react";
import useSWR from "swr";
import type { TipJson } from "@/lib/ask/schemas";
import { fetcher, FetchError, postJson } from "@/lib/http/fetcher";

/** The operator's list of tips: add and remove (embedded on the queue page and in /admin/operator). */
export function TipsManager() {
  const { data, error, isLoading, mutate } = useSWR<{ tips: TipJson[] }>("/api/core-ask/tips", fetcher);
  const [text, setText] = useState("");
  const [busy, setBusy] = useState<number | "add" | null>(null);
  const [message, setMessage] = useState<{ kind: "ok" | "error"; text: string } | null>(null);

  async function add(event: FormEvent) {
    event.preventDefault();
    if (!text.trim()) return;
    setBusy("add");
    try {
      await postJson("/api/core-ask/tips", { text });
      setText("");
      setMessage({ kind: "ok", text: "Tip added." });
      await mutate();
    } catch (e) {
      setMessage({ kind: "error", text: e instanceof FetchError ? e.message : "Could not add the tip." });
    } finally {
      setBusy(null);
    }
  }

  async function remove(tip: TipJson) {
    setBusy(tip.id);
    try {
      await postJson(`/api/core-ask/tips/${tip.id}/delete`, {});
      setMessage({ kind: "ok", text: "Tip removed." });
      await mutate();
    } catch (e) {
      setMessage({ kind: "error", text: e instanceof FetchError ? e.message : "Could not remove the tip." });
    } finally {
      setBusy(null);
    }
  }

  return (
    <div className="space-y-3" data-testid="tips-manager">
      <form onSubmit={add} className="flex gap-2">
        <label htmlFor="new-tip" className="sr-only">
          New tip
        </label>
        <input
          id="new-tip"
          value={text}
          onChange={(e) => setText(e.target.value)}
          maxLength={500}
          placeholder="A new tip about using Labs"
          className="min-w-0 flex-1 rounded-lg border border-slate-300 bg-white px-3 py-2 ui-c:py-3 ui-d:border-white ui-d:bg-black ui-d:text-white"
        />
        <button
          type="submit"
          disabled={!text.trim() || busy === "add"}
          className="rounded-lg bg-brand px-4 py-2 font-medium text-white disabled:opacity-50 ui-d:bg-yellow-300 ui-d:text-black"
        >
          {busy === "add" ? "Adding…" : "Add tip"}
        </button>
      </form>
      <p aria-live="polite" className="min-h-5 text-sm">
        {message ? (
          <span
            role={message.kind === "error" ? "alert" : undefined}
            className={message.kind === "error" ? "text-red-700" : "text-green-700"}
          >
            {message.text}
          </span>
        ) : null}
      </p>
      {isLoading ? <p className="text-sm text-slate-500">Loading tips…</p> : null}
      {error ? (
        <p role="alert" className="text-sm text-red-700">
          {(error as Error).message}
        </p>
      ) : null}
      <ul className="divide-y divide-slate-200 ui-d:divide-white">
        {data?.tips.map((tip) => (
          <li key={tip.id} className="flex items-start gap-3 py-2">
            <span className="flex-1 text-sm">{tip.text}</span>
            <button
              type="button"
              onClick={() => remove(tip)}
              disabled={busy === tip.id}
              aria-label={`Remove tip: ${tip.text}`}
              className="shrink-0 rounded border border-slate-300 px-2 py-1 text-xs text-slate-700 disabled:opacity-50 ui-c:px-3 ui-c:py-2 ui-d:border-white ui-d:text-white"
            >
              {busy === tip.id ? "Removing…" : "Remove"}
            </button>
          </li>
        ))}
      </ul>
      {data ? <p className="text-xs text-slate-500">{data.tips.length} tips</p> : null}
    </div>
  );
}
