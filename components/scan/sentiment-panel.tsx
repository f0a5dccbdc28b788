"use client";

import { useState, type FormEvent } from "react";
import { SentimentIcon } from "@/components/scan/sentiment-icon";
import { buttonClass, inputClass } from "@/components/scan/styles";
import { FetchError, postJson } from "@/lib/http/fetcher";
import type { ListPreferencesResponse, Sentiment, SetPreferenceResponse } from "@/lib/scan/schemas";
import { usePreferences } from "@/lib/scan/use-scan-result";

// Display order and wording of the seed's sentiments. Typed by Sentiment so a
// new one in schemas.ts fails the build here until it has a button.
const SENTIMENT_LABELS: Record<Sentiment, string> = {
  dont_know: "Don't know",
  dislike: "Dislike",
  neutral: "Neutral",
  like: "Like",
  favorite: "Favourite",
  style_favorite: "Style fav",
  worth_heartburn: "Worth the heartburn",
};

const SENTIMENTS = Object.keys(SENTIMENT_LABELS) as Sentiment[];

/** Each person's opinion of a product, changed with one tap. */
export function SentimentPanel({ code }: { code: string }) {
  const { data, error, mutate } = usePreferences(code);
  const [failure, setFailure] = useState<string | null>(null);
  const [newPerson, setNewPerson] = useState("");
  const [adding, setAdding] = useState(false);

  async function choose(personName: string, sentiment: Sentiment) {
    setFailure(null);
    // The buttons only show once the list is loaded, so there is always a current list.
    const optimistic = (current: ListPreferencesResponse | undefined): ListPreferencesResponse => ({
      ok: true,
      code,
      next: current?.next ?? null,
      preferences: (current?.preferences ?? []).map((p) => (p.person_name === personName ? { ...p, sentiment } : p)),
    });
    try {
      await mutate(
        async (current) => {
          const { preference } = await postJson<SetPreferenceResponse>("/base-scan/api/preferences/set", {
            code,
            person_name: personName,
            sentiment,
          });
          return (
            current && {
              ...current,
              preferences: current.preferences.map((p) =>
                p.person_id === preference.person_id ? { ...p, ...preference } : p,
              ),
            }
          );
        },
        { optimisticData: optimistic, rollbackOnError: true, revalidate: false },
      );
    } catch (problem) {
      setFailure(problem instanceof FetchError ? problem.message : "That did not save. Try again.");
    }
  }

  async function addPerson(event: FormEvent) {
    event.preventDefault();
    const name = newPerson.trim();
    if (!name) return;
    setAdding(true);
    setFailure(null);
    try {
      await postJson("/base-scan/api/preferences/set", { code, person_name: name, sentiment: "dont_know" });
      setNewPerson("");
      await mutate();
    } catch (problem) {
      setFailure(problem instanceof FetchError ? problem.message : "That did not save. Try again.");
    } finally {
      setAdding(false);
    }
  }

  return (
    <section aria-label="Opinions" className="space-y-3">
      <h3 className="text-sm font-semibold">Who likes it?</h3>
      {error ? (
        <p role="alert" className="text-sm text-red-700 ui-d:text-red-300">
          {error instanceof FetchError ? error.message : "Opinions could not be loaded."}
        </p>
      ) : null}
      {data && data.preferences.length === 0 ? (
        <p className="text-sm text-slate-600 ui-d:text-slate-300">Nobody yet. Add a name below.</p>
      ) : null}
      {data?.preferences.map((preference) => (
        <div key={preference.person_id} role="group" aria-label={`${preference.person_name}'s opinion`}>
          <p className="mb-1 text-sm font-medium">{preference.person_name}</p>
          <div className="grid grid-cols-4 gap-1.5 ui-b:grid-cols-7 ui-b:gap-1">
            {SENTIMENTS.map((sentiment) => {
              const pressed = preference.sentiment === sentiment;
              const label = SENTIMENT_LABELS[sentiment];
              return (
                <button
                  key={sentiment}
                  type="button"
                  aria-pressed={pressed}
                  aria-label={label}
                  onClick={() => choose(preference.person_name, sentiment)}
                  className={`flex min-h-12 flex-col items-center justify-center rounded-lg border px-1 py-1 text-center text-[11px] leading-tight ui-c:min-h-14 ui-c:text-xs ${
                    pressed
                      ? "border-brand bg-brand text-white ui-d:border-yellow-300 ui-d:bg-yellow-300 ui-d:text-black"
                      : "surface border-slate-300 bg-white text-slate-700"
                  }`}
                >
                  <SentimentIcon sentiment={sentiment} />
                  <span aria-hidden className="mt-0.5 line-clamp-2">
                    {label}
                  </span>
                </button>
              );
            })}
          </div>
        </div>
      ))}
      {data?.next ? (
        // The first page only (people who chose come first): anyone else is
        // one name away, and once added by name they are on the first page.
        <p className="text-sm text-slate-600 ui-d:text-slate-300" data-testid="more-people">
          Showing {data.preferences.length} people. Someone else? Type their name below.
        </p>
      ) : null}
      <form onSubmit={addPerson} className="flex gap-2">
        <input
          value={newPerson}
          onChange={(event) => setNewPerson(event.target.value)}
          placeholder="Someone else? Their name"
          aria-label="Name of another person"
          maxLength={120}
          className={inputClass}
        />
        <button type="submit" disabled={adding || !newPerson.trim()} className={buttonClass("secondary")}>
          {adding ? "Adding…" : "Add"}
        </button>
      </form>
      {failure ? (
        <p role="alert" className="text-sm text-red-700 ui-d:text-red-300">
          {failure}
        </p>
      ) : null}
    </section>
  );
}
