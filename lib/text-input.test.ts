import { describe, expect, it } from "vitest";
import { optionalText, text } from "@/lib/text-input";

describe("text", () => {
  it("trims and keeps text within its bounds", () => {
    expect(text(5).parse("  ab ")).toBe("ab");
    expect(text(5, 0).parse("   ")).toBe("");
  });

  it.each([
    ["blank", "   "],
    ["NUL", "a\u0000"],
    ["a lone surrogate", "a\ud800b"],
    ["over-long", "abcdef"],
  ])("refuses %s text", (_, value) => {
    expect(text(5).safeParse(value).success).toBe(false);
  });

  it("names a wrong type plainly", () => {
    expect(text(5).safeParse(12).error?.issues[0]?.message).toBe("must be text");
  });
});

describe("optionalText", () => {
  it.each([undefined, null, "", "  "])("reads %j as not given", (value) => {
    expect(optionalText(5).parse(value)).toBeUndefined();
  });

  it("still checks what is given", () => {
    expect(optionalText(5).parse(" ab ")).toBe("ab");
    expect(optionalText(5).safeParse("abcdef").success).toBe(false);
  });
});
