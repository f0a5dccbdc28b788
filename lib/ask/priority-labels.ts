// How priorities read on the pages: -2 … 5 (seed part 8).
export const PRIORITY_LABELS: Record<number, string> = {
  [-2]: "Someday",
  [-1]: "Low",
  0: "Normal",
  1: "Soon",
  2: "High",
  3: "Urgent",
  4: "Very urgent",
  5: "Now",
};

/** The few a thumb picks from in quick capture. */
export const PRIORITY_CHIPS = [-1, 0, 2, 5] as const;

export function priorityLabel(priority: number): string {
  return PRIORITY_LABELS[priority] ?? String(priority);
}
