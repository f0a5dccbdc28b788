"use client";

import { useTranslations } from "next-intl";
import { foldText } from "@/lib/scan/search-text";

/** A one-tap choice as a pill: the chosen one is filled with the accent colour. */
export function chipClass(chosen: boolean): string {
  return `inline-flex min-h-11 shrink-0 items-center rounded-full border px-4 text-base font-medium ui-b:min-h-8 ui-b:text-sm ui-c:min-h-12 ${
    chosen ? "border-accent bg-accent text-accent-fg" : "surface border-line-strong bg-surface text-fg hover:bg-sunken"
  }`;
}

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
  const t = useTranslations("wallet.people");
  if (people.length === 0) return null;
  return (
    <div className="flex flex-wrap gap-2 pb-1" role="group" aria-label={t("label")}>
      {people.map((option) => {
        const chosen = foldText(option.name) === foldText(person);
        return (
          <button
            key={option.id}
            type="button"
            aria-pressed={chosen}
            onClick={() => onChoose(option.name)}
            className={chipClass(chosen)}
          >
            {option.name}
          </button>
        );
      })}
    </div>
  );
}
