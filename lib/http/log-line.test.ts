import { describe, expect, it } from "vitest";
import { errorLine } from "./log-line";

describe("an error in the log", () => {
  it("is one line that keeps its message, its stack and its cause", () => {
    const cause = new Error("connection reset by the database");
    const error = new Error("could not list the stores", { cause });
    const line = errorLine(error);
    expect(line).not.toContain("\n");
    expect(line).toMatch(/^Error: could not list the stores ⏎ at /);
    expect(line).toContain("log-line.test.ts");
    expect(line).toContain("connection reset by the database");
  });

  it("writes what is not an error as it is", () => {
    expect(errorLine("a plain message")).toBe("a plain message");
    expect(errorLine({ code: "53100" })).toBe("{ code: '53100' }");
  });
});
