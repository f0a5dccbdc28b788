import { describe, expect, it } from "vitest";
import { LOCALES } from "@/lib/i18n/locales";
import { messagesFor } from "@/lib/i18n/messages";

// The catalogues agree: every key in both languages, the same ICU arguments
// in each message, and no message left empty.

function leaves(value: unknown, prefix = ""): [string, string][] {
  if (typeof value === "string") return [[prefix, value]];
  return Object.entries(value as Record<string, unknown>).flatMap(([key, child]) =>
    leaves(child, prefix ? `${prefix}.${key}` : key),
  );
}

/** The names of a message's arguments: "{count, plural, one {# card} other {# cards}} for {name}" → count, name. */
function argumentsOf(message: string): string[] {
  const names = new Set<string>();
  let depth = 0;
  for (let index = 0; index < message.length; index += 1) {
    const char = message[index];
    if (char === "{") {
      if (depth === 0) {
        const name = /^\{\s*([A-Za-z_][\w]*)/.exec(message.slice(index))?.[1];
        if (name) names.add(name);
      }
      depth += 1;
    } else if (char === "}") depth -= 1;
  }
  return [...names].sort();
}

describe("message catalogues", () => {
  const english = new Map(leaves(messagesFor("en")));

  for (const locale of LOCALES) {
    it(`${locale} has every key of the English catalogue and no other`, () => {
      const keys = leaves(messagesFor(locale)).map(([key]) => key);
      expect(keys.sort()).toEqual([...english.keys()].sort());
    });

    it(`${locale} messages are not empty and take the same arguments`, () => {
      for (const [key, message] of leaves(messagesFor(locale))) {
        expect(message.trim(), key).not.toBe("");
        expect(argumentsOf(message), key).toEqual(argumentsOf(english.get(key) ?? ""));
      }
    });
  }

  it("pt-PT is not English copied over", () => {
    // Names read the same in both languages.
    const names = new Set(["Open Food Facts", "Claude Code"]);
    const portuguese = new Map(leaves(messagesFor("pt-PT")));
    const same = [...english].filter(
      ([key, text]) => portuguese.get(key) === text && !names.has(text) && /\p{L}{4,}\s\p{L}{4,}/u.test(text),
    );
    expect(same.map(([key]) => key)).toEqual([]);
  });
});
