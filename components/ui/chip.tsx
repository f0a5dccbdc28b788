// Chips: the round, outlined choices in a row (a page's tabs, a priority to
// pick, a person). One look for every variant; the chosen one is filled with
// the accent, told by `aria-current` on a link, `aria-pressed` on a button, or
// by the checked radio just before it (`peer`) on a label.

const BASE =
  "inline-flex min-h-11 shrink-0 items-center rounded-full border border-line-strong bg-surface px-3 text-sm font-medium whitespace-nowrap text-fg no-underline hover:bg-sunken ui-b:min-h-8 ui-b:text-xs ui-c:min-h-12 ui-c:px-4 ui-c:text-base";

const CHOSEN = {
  /** A link: the page it names is the one open. */
  current: "aria-[current=page]:border-accent aria-[current=page]:bg-accent aria-[current=page]:text-accent-fg",
  /** A toggle button (`aria-pressed`). */
  pressed:
    "aria-pressed:border-accent aria-pressed:bg-accent aria-pressed:text-accent-fg aria-pressed:hover:bg-accent-strong",
  /** The face of a radio (`peer`) hidden over it. */
  peer: "peer-checked:border-accent peer-checked:bg-accent peer-checked:font-semibold peer-checked:text-accent-fg peer-hover:bg-sunken peer-checked:peer-hover:bg-accent-strong peer-focus-visible:outline-3 peer-focus-visible:outline-offset-2 peer-focus-visible:outline-focus",
} as const;

export function chipClass(chosenBy: keyof typeof CHOSEN = "current"): string {
  return `${BASE} ${CHOSEN[chosenBy]}`;
}
