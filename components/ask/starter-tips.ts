import { useTranslations } from "next-intl";
import en from "@/messages/en/ask.json" with { type: "json" };

// The tips the app ships with (prisma/migrations/…_ask_starter_tips) are the
// app's own words, so they read in the reader's language: a tip whose text is
// one of them word for word shows its catalogue entry (`ask.starterTips`).
// Tips the operator writes show as written.

type StarterKey = keyof typeof en.starterTips;

const STARTER_KEYS = new Map(Object.entries(en.starterTips).map(([key, text]) => [text, key as StarterKey]));

/** A tip's text as the reader reads it. */
export function useTipText(): (text: string) => string {
  const t = useTranslations("ask.starterTips");
  return (text) => {
    const key = STARTER_KEYS.get(text);
    // Raw: the tips hold "<id>" and quotes, which are text here, not ICU.
    return key ? (t.raw(key) as string) : text;
  };
}
