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
