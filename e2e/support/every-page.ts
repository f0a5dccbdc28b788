import { randomUUID } from "node:crypto";
import type { APIRequestContext } from "@playwright/test";
import { askPages, seedAsk } from "./pages/ask";
import { labsPages, seedLabs } from "./pages/labs";
import { researchPages, seedResearch } from "./pages/research";
import { scanPages, seedScan } from "./pages/scan";
import { seedApi, type PageState } from "./pages/types";
import { seedWallet, walletPages } from "./pages/wallet";

export type { PageState } from "./pages/types";

// Every page of the app, in the states worth checking, over realistic data.
// The accessibility suite (e2e/a11y) and the language suite (e2e/i18n) walk
// this list; a new page belongs in its area's file under e2e/support/pages/.

export const VARIANTS = ["a", "b", "c", "d"] as const;

export async function seedEveryPage(request: APIRequestContext): Promise<PageState[]> {
  const api = seedApi(request);
  const tag = randomUUID().slice(0, 6);
  const wallet = await seedWallet(api, tag);
  const scan = await seedScan(api, tag);
  const ask = await seedAsk(api, tag);
  const research = await seedResearch(api, tag);
  const labs = await seedLabs(api, tag);
  return [...walletPages(wallet), ...scanPages(scan), ...askPages(ask), ...researchPages(research), ...labsPages(labs)];
}

/** The path in a variant: `/c/base-scan/` for c, the path itself for a. */
export function inVariant(path: string, variant: (typeof VARIANTS)[number]): string {
  return variant === "a" ? path : `/${variant}${path}`;
}

/** The names of the states, known before seeding, so each gets its own test. */
export const PAGE_NAMES = [
  ...walletPages({ cardId: 0 }),
  ...scanPages({ sessionId: "", code: "" }),
  ...askPages({ todoId: 0 }),
  ...researchPages({ itemId: 0, slug: "" }),
  ...labsPages(),
].map((state) => state.name);
