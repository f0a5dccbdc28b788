import { messagesFor } from "../../lib/i18n/messages";
import type { Locale } from "../../lib/i18n/locales";
import { FORMAT_LABELS } from "../../lib/scan/barcode-encoding";

// The phrases of one catalogue that would betray it on a page in another
// language: every message that differs between the two, as a pattern that
// matches it as whole words. In an ICU message ("{count} cards left") only the
// longest literal run between arguments is looked for ("cards left").

function leaves(value: unknown, prefix = ""): Map<string, string> {
  const found = new Map<string, string>();
  if (typeof value === "string") found.set(prefix, value);
  else if (value && typeof value === "object") {
    for (const [key, child] of Object.entries(value)) {
      for (const [path, text] of leaves(child, prefix ? `${prefix}.${key}` : key)) found.set(path, text);
    }
  }
  return found;
}

/** The runs of text outside ICU arguments: "Hi {name}, {count, plural, one {# card} other {# cards}}" → ["Hi ", ", "]. */
function literalRuns(message: string): string[] {
  const runs: string[] = [];
  let depth = 0;
  let current = "";
  for (const char of message) {
    if (char === "{") {
      if (depth === 0) runs.push(current);
      current = "";
      depth += 1;
    } else if (char === "}") {
      depth = Math.max(0, depth - 1);
    } else if (depth === 0) {
      current += char;
    }
  }
  runs.push(current);
  return runs.map((run) => run.trim()).filter(Boolean);
}

const escape = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, "\\$&");

/** Names that read the same in every language: barcode symbologies ("Code 128", "Data Matrix"). */
const NAMES = Object.values(FORMAT_LABELS).filter((name) => name !== FORMAT_LABELS.qr_code);

/**
 * Words of one catalogue that are also the other language's own on its
 * pages: "Todos" is Portuguese for "everyone", and the API's English name for
 * its to-do items (the API reference's "Todos in needs_decision…").
 */
const SHARED_WORDS: Record<Locale, string[]> = { "pt-PT": ["Todos"], en: [] };

/** The page's text with the names every language shares taken out. */
export function withoutNames(text: string): string {
  return NAMES.reduce((rest, name) => rest.replaceAll(name, " "), text);
}

export function catalogueStrings(from: Locale, against: Locale): RegExp[] {
  const mine = leaves(messagesFor(from));
  const theirs = leaves(messagesFor(against));
  const patterns = new Map<string, RegExp>();
  for (const [key, text] of mine) {
    if (theirs.get(key) === text) continue;
    const run = literalRuns(text).sort((a, b) => b.length - a.length)[0];
    // Too short or not a word ("→", "UTC", "%"): it could be anyone's.
    if (!run || run.replace(/[^\p{L}]/gu, "").length < 4) continue;
    if (literalRuns(theirs.get(key) ?? "").includes(run)) continue;
    if (SHARED_WORDS[from].includes(run)) continue;
    patterns.set(run, new RegExp(`(?<![\\p{L}\\p{N}])${escape(run)}(?![\\p{L}\\p{N}])`, "u"));
  }
  return [...patterns.values()];
}
