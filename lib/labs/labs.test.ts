import { describe, expect, it } from "vitest";
import { devFlagExpiry } from "@/lib/labs/dev-flag";

describe("devFlagExpiry", () => {
  const now = Date.parse("2026-03-01T00:00:00Z");
  it.each([
    [JSON.stringify({ expires_at: "2026-03-31T00:00:00.000Z" }), "2026-03-31T00:00:00.000Z"],
    [JSON.stringify({ expires_at: "2026-02-28T00:00:00.000Z" }), null],
    ["1", null],
    ["not json", null],
    [JSON.stringify({ expires_at: "soon" }), null],
    [null, null],
  ])("%s → %s", (stored, expected) => {
    expect(devFlagExpiry(stored, now)).toBe(expected);
  });
});
