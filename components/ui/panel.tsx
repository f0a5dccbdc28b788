import type { ComponentPropsWithoutRef, ElementType } from "react";

// Panels: the one bordered box, one look per role and for every UI variant
// (b compact and square, c roomier). `Card` is a raised panel with a title.

const KINDS = {
  /** A block of its own on a page: surface, shadow, the variant's padding. */
  raised: "surface min-w-0 rounded-xl border border-line bg-surface p-4 shadow-sm ui-b:rounded ui-b:p-2 ui-c:p-5",
  /** A list whose rows carry their own padding, divided by lines. */
  list: "surface min-w-0 divide-y divide-line rounded-xl border border-line bg-surface ui-b:rounded",
  /** A group inside a sheet or a panel: a line around it, no surface of its own. */
  inset: "min-w-0 rounded-xl border border-line p-3 ui-b:rounded ui-b:p-2",
} as const;

export type PanelKind = keyof typeof KINDS;

/** The class of a panel, for the rare element that cannot be a `Panel` (a `<details>` with its own state). */
export function panelClass(kind: PanelKind = "raised"): string {
  return KINDS[kind];
}

type PanelProps<As extends ElementType> = { as?: As; kind?: PanelKind } & Omit<ComponentPropsWithoutRef<As>, "as">;

export function Panel<As extends ElementType = "section">({
  as,
  kind = "raised",
  className,
  ...props
}: PanelProps<As>) {
  const Element: ElementType = as ?? "section";
  return <Element className={`${KINDS[kind]} ${(className as string | undefined) ?? ""}`.trim()} {...props} />;
}
