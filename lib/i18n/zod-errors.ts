import { z } from "zod";
import type { Locale } from "@/lib/i18n/locales";

// Zod's own messages in the reader's language ("Demasiado pequeno: …"). A
// schema's custom message still wins (zod's precedence); those are written
// as catalogue text where a reader sees them.
const maps = { "pt-PT": z.locales.pt().localeError, en: z.locales.en().localeError } satisfies Record<
  Locale,
  z.core.$ZodErrorMap
>;

export function zodErrorMap(locale: Locale): z.core.$ZodErrorMap {
  return maps[locale];
}
