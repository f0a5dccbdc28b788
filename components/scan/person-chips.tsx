"use client";

import { foldText } from "@/lib/scan/search-text";

/**
 * The household's people as one-tap choices above a name field: the chosen
 * one is pressed (names compared case- and accent-insensitively). Nothing
 * when there is nobody yet.
 */
export function PersonChips({
  people,
  person,
  onChoose,
}: {
  people: { id: number; name: string }[];
  person: string;
  onChoose: (name: string) => void;
}) {
  if (people.length === 0) return null;
  return (
    <div className="flex flex-wrap gap-2 pb-1" role="group" aria-label="People">
      {people.map((option) => {
        const chosen = foldText(option.name) === foldText(person);
        return (
          <button
            key={option.id}
            type="button"
            aria-pressed={chosen}
            onClick={() => onChoose(option.name)}
            className={`h-11 rounded-full border px-4 text-base ${chosen ? "border-brand bg-brand text-white ui-d:bg-yellow-300 ui-d:text-black" : "surface border-slate-300 bg-white text-slate-800"}`}
          >
            {option.name}
          </button>
        );
      })}
    </div>
  );
}
