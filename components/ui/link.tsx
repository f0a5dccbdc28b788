"use client";

import NextLink from "next/link";
import type { ComponentProps } from "react";
import { useUi, withPrefix } from "@/components/ui/ui-context";

const LOOKS = {
  /** Inline in text: underlined, so it is told apart by more than its colour. */
  inline: "font-medium text-link underline underline-offset-2 hover:decoration-2",
  /** On its own line, with a thumb-sized hit area. */
  standalone: "inline-flex min-h-11 items-center font-medium text-link underline underline-offset-2",
  plain: "",
} as const;

/**
 * A link inside the app that stays in the reader's UI variant: on /c/… pages,
 * `href="/base-ask"` goes to /c/base-ask.
 */
export function AppLink({
  href,
  look = "inline",
  className = "",
  ...props
}: Omit<ComponentProps<typeof NextLink>, "href"> & { href: string; look?: keyof typeof LOOKS }) {
  const { prefix } = useUi();
  return <NextLink href={withPrefix(prefix, href)} className={`${LOOKS[look]} ${className}`.trim()} {...props} />;
}
