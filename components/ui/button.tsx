import type { ComponentProps } from "react";

// Buttons: one look per role, sized for a thumb and for every UI variant
// (b compact, c large touch targets, d high contrast through the colour tokens).

const BASE =
  "inline-flex min-h-11 items-center justify-center gap-1.5 rounded-lg px-4 py-2 text-sm font-semibold focus-visible:outline-3 focus-visible:outline-offset-2 focus-visible:outline-focus disabled:cursor-not-allowed disabled:opacity-60 ui-b:min-h-8 ui-b:px-2.5 ui-b:py-1 ui-b:text-xs ui-c:min-h-14 ui-c:px-5 ui-c:text-base";

const KINDS = {
  primary: "bg-accent text-accent-fg shadow-sm hover:bg-accent-strong",
  secondary: "surface border border-line-strong bg-surface text-fg hover:bg-sunken",
  danger: "bg-danger text-danger-fg hover:opacity-90",
  ghost: "text-link underline-offset-2 hover:underline",
  /** Looks like a link, answers like a button (the till's Edit, a picker's Change). */
  link: "text-link underline underline-offset-2 hover:bg-sunken",
  /** The same for what deletes. */
  "danger-link": "text-danger underline underline-offset-2 hover:bg-danger-surface",
} as const;

export type ButtonKind = keyof typeof KINDS;

/** The class of a button, for the rare link that must look like one. */
export function buttonClass(kind: ButtonKind = "primary", { block = false } = {}): string {
  return `${BASE} ${KINDS[kind]}${block ? " w-full text-base ui-b:text-sm ui-c:text-lg" : ""}`;
}

export function Button({
  kind = "primary",
  block = false,
  className = "",
  type = "button",
  ...props
}: ComponentProps<"button"> & { kind?: ButtonKind; block?: boolean }) {
  return <button type={type} className={`${buttonClass(kind, { block })} ${className}`.trim()} {...props} />;
}

const ICON_SIZES = {
  /** A thumb's width (44 px), smaller in the compact variant. */
  md: "size-11 text-2xl ui-b:size-8 ui-b:text-lg ui-c:size-14",
  /** The till's arrows: 56 px in every variant. */
  lg: "size-14 text-2xl",
} as const;

/**
 * A button that shows one glyph (×, ←, →): round, a thumb's size, named by
 * `label` for whoever cannot see the glyph.
 */
export function IconButton({
  label,
  icon,
  size = "md",
  outlined = false,
  className = "",
  type = "button",
  ...props
}: Omit<ComponentProps<"button">, "children" | "aria-label"> & {
  label: string;
  icon: string;
  size?: keyof typeof ICON_SIZES;
  /** Drawn with a line around it, to stand out from what it lies on. */
  outlined?: boolean;
}) {
  const look = outlined ? "border border-line-strong bg-surface text-fg" : "text-muted";
  return (
    <button
      type={type}
      aria-label={label}
      className={`inline-flex shrink-0 items-center justify-center rounded-full leading-none hover:bg-sunken focus-visible:outline-3 focus-visible:outline-offset-2 focus-visible:outline-focus ${ICON_SIZES[size]} ${look} ${className}`.trim()}
      {...props}
    >
      <span aria-hidden="true">{icon}</span>
    </button>
  );
}

const FAB_SIDES = {
  /** The household's Ask button, on every page. */
  left: "left-4 min-h-11 px-4 py-2 text-sm ui-b:bottom-16 ui-b:min-h-8 ui-b:px-3 ui-b:py-1 ui-c:min-h-14 ui-c:px-6 ui-c:text-base",
  /** A page's own main action (add a card). */
  right: "right-4 h-14 px-6 text-base ui-c:h-16 ui-c:text-lg",
} as const;

/** The class of a floating action, above the bottom bar on a phone; a link or a button may wear it. */
export function fabClass(side: keyof typeof FAB_SIDES): string {
  return `fixed bottom-20 z-30 flex items-center gap-1.5 rounded-full bg-accent font-semibold text-accent-fg no-underline shadow-lg ring-2 ring-surface hover:bg-accent-strong focus-visible:outline-3 focus-visible:outline-offset-2 focus-visible:outline-focus md:bottom-6 ${FAB_SIDES[side]}`;
}

const ROW_LAYOUTS = {
  /** Lines one under the other (a product's name, then its code). */
  stack: "block",
  /** One line: what it is, then a detail at the end. */
  line: "flex items-center justify-between gap-3",
} as const;

/** The class of a list's row that is one button (pick a product, open a recent scan): the whole row answers a tap. */
export function rowButtonClass(layout: keyof typeof ROW_LAYOUTS = "stack"): string {
  return `${ROW_LAYOUTS[layout]} min-h-12 w-full px-3 py-2 text-left hover:bg-sunken focus-visible:outline-3 focus-visible:-outline-offset-3 focus-visible:outline-focus ui-c:min-h-14 ui-c:py-3`;
}
