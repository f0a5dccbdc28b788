// UI variants (docs/decisions/012-ui-variants.md): `a` is the default look; b (compact), c
// (large touch targets) and d (high-contrast dark) differ visibly; e…l fall
// back to the default look but are still tagged and counted.
export const UI_VARIANTS = ["a", "b", "c", "d", "e", "f", "g", "h", "i", "j", "k", "l"] as const;
export type UiVariant = (typeof UI_VARIANTS)[number];

export const UI_HEADER = "x-ui-version";
// Set by proxy.ts when the variant came from a /b/…/l/ path, so links can keep it.
export const UI_PREFIX_HEADER = "x-ui-prefix";

export function parseVariant(value: string | null | undefined): UiVariant | null {
  const letter = value?.trim().toLowerCase();
  return (UI_VARIANTS as readonly string[]).includes(letter ?? "") ? (letter as UiVariant) : null;
}

/** `/c/base-scan/` → { variant: "c", path: "/base-scan/" }; `a` has no prefix. */
export function splitVariantPath(pathname: string): { variant: UiVariant; path: string } | null {
  const match = /^\/([b-l])(\/.*)?$/.exec(pathname);
  if (!match) return null;
  return { variant: match[1] as UiVariant, path: match[2] ?? "/" };
}

// The QA override (`?ui=<letter>`, proxy.ts): pins a variant for one browser.
export const UI_COOKIE = "labs_ui";
export const UI_COOKIE_MAX_AGE = 30 * 24 * 3600;
