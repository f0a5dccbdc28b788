import type { Card } from "@/lib/scan/schemas";
import { foldText } from "@/lib/scan/search-text";

// Pure logic of the wallet page: grouping, instant search, the cards one
// swipe apart at the till, and a stable colour per store.

export type PersonGroup = { personId: number; personName: string; cards: Card[] };

const byText = (a: string, b: string) => a.localeCompare(b, "pt", { sensitivity: "base" });

/** Cards of one person together, people by name, each person's cards starred first, then by store, label and age. */
export function groupCards(cards: readonly Card[]): PersonGroup[] {
  const groups = new Map<number, PersonGroup>();
  for (const card of cards) {
    const group = groups.get(card.person_id) ?? { personId: card.person_id, personName: card.person_name, cards: [] };
    group.cards.push(card);
    groups.set(card.person_id, group);
  }
  const sorted = [...groups.values()].sort((a, b) => byText(a.personName, b.personName) || a.personId - b.personId);
  for (const group of sorted) group.cards.sort(compareInGroup);
  return sorted;
}

function compareInGroup(a: Card, b: Card): number {
  return (
    Number(b.starred) - Number(a.starred) ||
    byText(a.store_name, b.store_name) ||
    byText(a.label, b.label) ||
    a.id - b.id
  );
}

/** Digits and letters only, so "2501 2345 678" finds 25012345678. */
function compact(value: string): string {
  return foldText(value).replace(/[^a-z0-9]/g, "");
}

/**
 * Instant, client-side search. Every word of the query must occur in the
 * store name, label, note or person (case and accents ignored), or the whole
 * query, spaces removed, must occur in the card's number (encoded or printed).
 */
export function searchCards(cards: readonly Card[], query: string): Card[] {
  const words = foldText(query).split(" ").filter(Boolean);
  if (words.length === 0) return [...cards];
  const number = compact(query);
  return cards.filter((card) => {
    const haystack = foldText(`${card.store_name} ${card.label} ${card.note} ${card.person_name}`);
    if (words.every((word) => haystack.includes(word))) return true;
    return (
      number.length > 0 && [card.card_value, card.printed_number ?? ""].some((value) => compact(value).includes(number))
    );
  });
}

/** The cards of the same store as `card` (every person), in wallet order: what a swipe at the till moves through. */
export function storeSiblings(cards: readonly Card[], card: Card): Card[] {
  return groupCards(cards.filter((other) => other.store_id === card.store_id)).flatMap((group) => group.cards);
}

/** The card's value shortened for a tile: the last four characters, as printed on most cards. */
export function cardTail(value: string): string {
  const trimmed = value.replace(/\s+/g, "");
  return trimmed.length <= 6 ? trimmed : `•••• ${trimmed.slice(-4)}`;
}

/** A hue for the store's tile, the same on every phone, so a store is found by colour at a glance. */
export function storeHue(storeName: string): number {
  let hash = 0;
  for (const char of foldText(storeName)) hash = (hash * 31 + char.codePointAt(0)!) >>> 0;
  return hash % 360;
}

/** Up to two initials for a store's tile ("Pingo Doce" → "PD"). */
export function storeInitials(storeName: string): string {
  const words = storeName.trim().split(/\s+/).filter(Boolean);
  const letters = words.length > 1 ? words.slice(0, 2).map((word) => word[0]) : [...(words[0] ?? "?")].slice(0, 2);
  return letters.join("").toUpperCase();
}
