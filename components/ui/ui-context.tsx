"use client";

import { createContext, useContext, type ReactNode } from "react";
import type { UiVariant } from "@/lib/labs/variants";

// The page's UI variant and its path prefix ("/d" on /d/base-scan/), set once by
// the root layout, so links and controls deep in the tree stay in the variant
// without threading a `prefix` prop through every component.
const UiContext = createContext<{ variant: UiVariant; prefix: string }>({ variant: "a", prefix: "" });

export function UiProvider({ variant, prefix, children }: { variant: UiVariant; prefix: string; children: ReactNode }) {
  return <UiContext value={{ variant, prefix }}>{children}</UiContext>;
}

export function useUi() {
  return useContext(UiContext);
}

/** `/base-scan/prices` as `/d/base-scan/prices` on a variant page; other links as they are. */
export function withPrefix(prefix: string, href: string): string {
  if (!prefix || !href.startsWith("/") || href.startsWith("//")) return href;
  if (href === prefix || href.startsWith(`${prefix}/`)) return href;
  return `${prefix}${href}`;
}
