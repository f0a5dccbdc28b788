import { createTranslator } from "use-intl/core";
import type { Locale } from "@/lib/i18n/locales";
import enErrors from "@/messages/en/errors.json" with { type: "json" };
import ptErrors from "@/messages/pt-PT/errors.json" with { type: "json" };

// A field's message written in a zod schema ("must be at most 366") in the
// reader's language. Schemas keep their English words, which are the API's
// own and the form's when the reader reads English; for another language
// the English sentence is looked up among the `issues` messages of the
// errors catalogue ("must be at most {max}") and written in that language
// with the same values. A sentence the catalogue lacks stays English.

type Pattern = { key: string; regex: RegExp; names: string[]; literal: number };

const escape = (text: string) => text.replace(/[.*+?^$()|[\]\\]/g, "\\$&");

const patterns: Pattern[] = Object.entries(enErrors.issues as Record<string, string>)
  .map(([key, message]) => {
    const names: string[] = [];
    const source = message
      .split(/(\{\w+\})/)
      .map((part) => {
        const name = /^\{(\w+)\}$/.exec(part)?.[1];
        if (!name) return escape(part);
        names.push(name);
        return "(.+?)";
      })
      .join("");
    return { key, regex: new RegExp(`^${source}$`), names, literal: message.replace(/\{\w+\}/g, "").length };
  })
  // The most particular sentence first: "must be at most {max} characters" before "must be at most {max}".
  .sort((a, b) => b.literal - a.literal);

const portuguese = createTranslator({
  locale: "pt-PT",
  messages: { issues: ptErrors.issues as Record<string, string> },
});

export function translateIssue(message: string, locale: Locale): string {
  if (locale === "en") return message;
  for (const pattern of patterns) {
    const match = pattern.regex.exec(message);
    if (!match) continue;
    const values = Object.fromEntries(pattern.names.map((name, index) => [name, match[index + 1] ?? ""]));
    const t = portuguese as unknown as (key: string, values?: Record<string, string>) => string;
    return t(`issues.${pattern.key}`, values);
  }
  return message;
}
