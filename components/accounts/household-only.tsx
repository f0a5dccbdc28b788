"use client";

import { usePathname } from "next/navigation";
import type { ReactNode } from "react";

// The pages people outside the household use (docs/decisions/034-accounts-and-credits.md):
// sign-up, sign-in and their account. The household's bar and Ask button
// would lead them to pages that are not for them, so these pages go without.
const OUTSIDERS_PAGES = /^(\/[a-z])?\/labs\/(signup|signin|account)(\/|$)/;

/** Its children everywhere but on the pages of accounts from outside the household. */
export function HouseholdOnly({ children }: { children: ReactNode }) {
  return OUTSIDERS_PAGES.test(usePathname()) ? null : children;
}
