"use client";

import { useId, useState, type FormEvent, type KeyboardEvent } from "react";
import { createNoteBody, type StateSnapshot } from "@/lib/research/schemas";
import { addNote, type useResearchState } from "@/lib/research/use-research-state";

type Props = {
  snapshot: StateSnapshot;
  mutate: ReturnType<typeof useResearchState>["mutate"];
};

/**
 * A note for the agent. The text and the chosen session are this component's
 * own state: snapshot refreshes re-render it with new session options but
 * never reset it. The note shows in the list at once; on failure the text
 * comes back into the box, nothing is lost.
 */
export function NoteForm({ snapshot, mutate }: Props) {
  const ids = useId();
  const [content, setContent] = useState("");
  const [sessionSlug, setSessionSlug] = useState("");
  const [sending, setSending] = useState(false);
  const [problem, setProblem] = useState<string | null>(null);

  // The chosen session stays selectable even once it drops out of the ten
  // most recent ones the snapshot lists.
  const options = snapshot.sessions.map((s) => ({ slug: s.slug, label: s.title ? `${s.title} (${s.slug})` : s.slug }));
  if (sessionSlug && !options.some((o) => o.slug === sessionSlug))
    options.unshift({ slug: sessionSlug, label: sessionSlug });

  async function submit() {
    if (sending) return;
    if (!content.trim()) return setProblem("Write the note first.");
    const parsed = createNoteBody.safeParse({ content, session_slug: sessionSlug || undefined });
    if (!parsed.success) return setProblem(`The note ${parsed.error.issues[0]?.message ?? "is not valid"}.`);
    setProblem(null);
    setSending(true);
    const sent = content;
    setContent("");
    try {
      await addNote({ mutate, shown: snapshot, input: parsed.data });
    } catch (error) {
      // Put the text back, in front of anything typed since.
      setContent((typed) => (typed.trim() ? `${sent}\n${typed}` : sent));
      setProblem(`Not saved: ${error instanceof Error ? error.message : "unknown error"}`);
    } finally {
      setSending(false);
    }
  }

  function onSubmit(event: FormEvent) {
    event.preventDefault();
    void submit();
  }

  function onKeyDown(event: KeyboardEvent<HTMLTextAreaElement>) {
    if (event.key === "Enter" && (event.ctrlKey || event.metaKey)) {
      event.preventDefault();
      void submit();
    }
  }

  return (
    <form onSubmit={onSubmit} className="space-y-2" aria-label="Add a note">
      <label htmlFor={`${ids}-content`} className="sr-only">
        Note
      </label>
      <textarea
        id={`${ids}-content`}
        name="content"
        rows={3}
        value={content}
        onChange={(event) => setContent(event.target.value)}
        onKeyDown={onKeyDown}
        placeholder="What should the agent look into?"
        aria-describedby={`${ids}-hint`}
        className="block w-full rounded-lg border border-slate-300 bg-white px-3 py-2 text-base ui-d:border-white ui-d:bg-black ui-d:text-white"
      />
      <div className="flex flex-wrap items-center gap-2">
        <label htmlFor={`${ids}-session`} className="text-sm text-slate-600 ui-d:text-slate-200">
          Session
        </label>
        <select
          id={`${ids}-session`}
          name="session_slug"
          value={sessionSlug}
          onChange={(event) => setSessionSlug(event.target.value)}
          className="min-h-10 max-w-full min-w-0 flex-1 rounded-lg border border-slate-300 bg-white px-2 text-sm ui-d:border-white ui-d:bg-black ui-d:text-white"
        >
          <option value="">No session</option>
          {options.map((option) => (
            <option key={option.slug} value={option.slug}>
              {option.label}
            </option>
          ))}
        </select>
        <button
          type="submit"
          disabled={sending}
          className="min-h-10 rounded-lg bg-brand px-4 text-sm font-semibold text-white disabled:opacity-60 ui-d:bg-yellow-300 ui-d:text-black"
        >
          {sending ? "Adding…" : "Add note"}
        </button>
      </div>
      <p id={`${ids}-hint`} className="text-xs text-slate-500 ui-d:text-slate-300">
        Ctrl+Enter adds the note.
      </p>
      {problem ? (
        <p role="alert" className="text-sm text-rose-700 ui-d:text-yellow-300">
          {problem}
        </p>
      ) : null}
    </form>
  );
}
