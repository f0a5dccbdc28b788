import { describe, expect, it } from "vitest";
import { acceptedLanguages } from "@/lib/http/accept-language";

describe("acceptedLanguages", () => {
  it.each<[string | null, string[]]>([
    [null, []],
    ["", []],
    ["pt-PT", ["pt"]],
    ["pt-PT,pt;q=0.9,en-US;q=0.8,en;q=0.7", ["pt", "en"]],
    ["en;q=0.5, fr", ["fr", "en"]],
    ["de;q=0.8, es;q=0.8", ["de", "es"]],
    ["*", []],
    ["fr;q=0, en", ["en"]],
    ["fr;q=abc, en", ["en"]],
    ["zh-Hant-TW, x, 12, pt_BR", ["zh"]],
    ["EN-gb", ["en"]],
    ["a, b, c", []],
  ])("%j → %j", (header, expected) => {
    expect(acceptedLanguages(header)).toEqual(expected);
  });

  it("keeps at most a few languages", () => {
    expect(acceptedLanguages("pt, en, fr, es, de, it", 4)).toEqual(["pt", "en", "fr", "es"]);
  });
});
