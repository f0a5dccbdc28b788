import { describe, expect, it } from "vitest";
import type { z } from "zod";
import { translateIssue } from "@/lib/i18n/issue-messages";
import { updateTodoBody } from "@/lib/ask/schemas";
import { uiVariant } from "@/lib/labs/schemas";
import { priceInput } from "@/lib/money/schemas";
import { text } from "@/lib/text-input";
import enErrors from "@/messages/en/errors.json" with { type: "json" };
import ptErrors from "@/messages/pt-PT/errors.json" with { type: "json" };

// A schema's own English words come out Portuguese through the errors
// catalogue's `issues`; a sentence it lacks stays as it is.

const firstIssue = (schema: z.ZodType, input: unknown) => {
  const result = schema.safeParse(input);
  if (result.success) throw new Error("expected the input to be refused");
  return result.error.issues[0]!.message;
};

describe("translateIssue", () => {
  it.each([
    // lib/ask/schemas.ts
    ["must be between -2 and 5", "tem de estar entre -2 e 5"],
    ["must be one of ask-quick, ask-full, bug", "tem de ser um destes: ask-quick, ask-full, bug"],
    ["must be at most 86400 seconds (a day)", "pode ser no máximo 86400 segundos (um dia)"],
    ["must be at most 16 KiB", "pode ter no máximo 16 KiB"],
    // lib/labs/schemas.ts
    ["must be at most 366", "tem de ser no máximo 366"],
    // lib/research/schemas.ts
    ["give item_id or item_name", "indique item_id ou item_name"],
    ["must be a 3-letter currency code such as EUR", "tem de ser um código de moeda de 3 letras, como EUR"],
    // lib/scan/schemas.ts
    ["is not a known format; use one of ean_13, qr_code", "não é um formato conhecido; use um destes: ean_13, qr_code"],
    ["give person_id or person_name", "indique person_id ou person_name"],
    ["must be catima or csv", "tem de ser catima ou csv"],
    // lib/text-input.ts
    ["must be at most 120 characters", "pode ter no máximo 120 caracteres"],
    // lib/money/parse-price.ts, through lib/money/schemas.ts
    ['"-3" is negative; a price is 0 or more', '"-3" é negativo; um preço é 0 ou mais'],
  ])("writes %j in Portuguese", (english, portuguese) => {
    expect(translateIssue(english, "pt-PT")).toBe(portuguese);
    expect(translateIssue(english, "en")).toBe(english);
  });

  it("reads the schemas' own words", () => {
    expect(translateIssue(firstIssue(updateTodoBody, {}), "pt-PT")).toBe(
      "indique pelo menos um destes: text, priority, status, response, draft_response, decision, snooze_until",
    );
    expect(translateIssue(firstIssue(uiVariant, "z"), "pt-PT")).toBe(
      "tem de ser a letra de uma variante de interface, de a a l",
    );
    expect(translateIssue(firstIssue(priceInput, "1.234"), "pt-PT")).toBe(
      '"1.234" é ambíguo (milhares ou decimais?); escreva 1234 ou 1.234,00 se quer dizer milhares, ou use no máximo 2 casas decimais',
    );
    // Beside any field, feminine (Loja) or masculine (Número): no adjective to agree.
    expect(translateIssue(firstIssue(text(10), "  "), "pt-PT")).toBe("não pode ficar em branco");
  });

  it("leaves a sentence the catalogue lacks as it is", () => {
    expect(translateIssue("must be a colour of the rainbow", "pt-PT")).toBe("must be a colour of the rainbow");
  });
});

describe("the errors catalogue", () => {
  const leaves = (node: object, prefix = ""): [string, string][] =>
    Object.entries(node).flatMap(([key, value]) =>
      typeof value === "string" ? [[`${prefix}${key}`, value]] : leaves(value as object, `${prefix}${key}.`),
    );
  const placeholders = (message: string) => [...message.matchAll(/\{(\w+)\}/g)].map((match) => match[1]).sort();

  it("has each English message in Portuguese, with the same values", () => {
    const portuguese = new Map(leaves(ptErrors));
    for (const [key, english] of leaves(enErrors)) {
      expect(portuguese.get(key), key).toBeDefined();
      expect(placeholders(portuguese.get(key)!), key).toEqual(placeholders(english));
    }
    expect(portuguese.size).toBe(leaves(enErrors).length);
  });
});
