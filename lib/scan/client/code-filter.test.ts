import { describe, expect, it } from "vitest";
import { createCodeFilter } from "@/lib/scan/client/code-filter";

describe("createCodeFilter", () => {
  it("passes a code once and ignores it while it is seen again within 3 s", () => {
    const filter = createCodeFilter();
    expect(filter.accept("5601234567892", 0)).toBe(true);
    expect(filter.accept("5601234567892", 100)).toBe(false);
    expect(filter.accept("5601234567892", 2999)).toBe(false);
  });

  it("keeps ignoring a code that stays in view, because every sighting restarts the window", () => {
    const filter = createCodeFilter();
    expect(filter.accept("A", 0)).toBe(true);
    for (let t = 1000; t <= 60_000; t += 1000) expect(filter.accept("A", t)).toBe(false);
  });

  it("passes a code again once it was out of sight for 3 s", () => {
    const filter = createCodeFilter();
    filter.accept("A", 0);
    filter.accept("A", 1000);
    expect(filter.accept("A", 4000)).toBe(true);
  });

  it("judges each code on its own", () => {
    const filter = createCodeFilter();
    expect(filter.accept("A", 0)).toBe(true);
    expect(filter.accept("B", 10)).toBe(true);
    expect(filter.accept("A", 20)).toBe(false);
  });

  it("takes another window length, and forgets everything on reset", () => {
    const filter = createCodeFilter({ windowMs: 500 });
    filter.accept("A", 0);
    expect(filter.accept("A", 499)).toBe(false);
    expect(filter.accept("A", 1000)).toBe(true);
    filter.reset();
    expect(filter.accept("A", 1001)).toBe(true);
  });

  it("still ignores a recent code after many others pushed old ones out", () => {
    const filter = createCodeFilter();
    filter.accept("recent", 10_000);
    for (let i = 0; i < 100; i += 1) filter.accept(`old ${i}`, i);
    expect(filter.accept("recent", 11_000)).toBe(false);
  });
});
