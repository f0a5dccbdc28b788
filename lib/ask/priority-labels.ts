// How priorities read on the pages: -2 … 5 (docs/contract.md, "Limits"), each a key of the
// `ask.priority` catalogue ("3 · Urgent", "3 · Urgente").
export const PRIORITY_KEYS = {
  [-2]: "someday",
  [-1]: "low",
  0: "normal",
  1: "soon",
  2: "high",
  3: "urgent",
  4: "veryUrgent",
  5: "now",
} as const;

export type PriorityKey = (typeof PRIORITY_KEYS)[keyof typeof PRIORITY_KEYS];

/** The priorities a picker offers, most urgent first. */
export const PRIORITIES = Object.keys(PRIORITY_KEYS)
  .map(Number)
  .sort((a, b) => b - a);

/** The few a thumb picks from in quick capture. */
export const PRIORITY_CHIPS = [-1, 0, 2, 5] as const;

/** The catalogue key of a priority, or null for one outside -2 … 5. */
export function priorityKey(priority: number): PriorityKey | null {
  return (PRIORITY_KEYS as Record<number, PriorityKey>)[priority] ?? null;
}
