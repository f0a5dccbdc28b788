"use client";

import { useTranslations } from "next-intl";
import { chipClass } from "@/components/ui/chip";
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
            className={chipClass("pressed")}
          >
            {option.name}
          </button>
        );
      })}
    </div>
  );
}
