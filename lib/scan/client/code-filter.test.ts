import { describe, expect, it } from "vitest";
import { createCodeFilter, createScanClock } from "@/lib/scan/client/code-filter";

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

describe("createScanClock", () => {
  // Looks of the camera at `wall` times, each finding `value` or nothing.
  function watch(looks: [wall: number, value: string | null][]) {
    const filter = createCodeFilter();
    const clock = createScanClock();
    return looks.map(([wall, value]) => {
      const now = clock.at(wall, { frame: true });
      return value !== null && filter.accept(value, now);
    });
  }

  it("does not record a code twice when the page stalled between two looks at it", () => {
    // Seen, missed once, then a 4 s stall (a busy phone) and seen again: it never left the view.
    expect(
      watch([
        [0, "A"],
        [120, null],
        [4200, "A"],
        [4320, "A"],
      ]),
    ).toEqual([true, false, false, false]);
  });

  it("records it again once looks missed it for 3 s", () => {
    const looks: [number, string | null][] = [[0, "A"]];
    for (let wall = 120; wall <= 3240; wall += 120) looks.push([wall, null]);
    looks.push([3360, "A"]);
    expect(watch(looks).at(-1)).toBe(true);
  });

  it("counts all the time between two photos, taken on purpose", () => {
    const filter = createCodeFilter();
    const clock = createScanClock();
    expect(filter.accept("A", clock.at(0, { frame: false }))).toBe(true);
    expect(filter.accept("A", clock.at(10_000, { frame: false }))).toBe(true);
  });
});
