import { describe, expect, it } from "vitest";
import { devFlagExpiry } from "@/lib/labs/dev-flag";
import { formatRelease } from "@/lib/labs/release";
import { urlPatternOf } from "@/lib/labs/route-files";
import { patternParams } from "@/lib/labs/openapi";
import { RELEASE_PATTERN } from "@/lib/labs/schemas";

describe("formatRelease", () => {
  it("writes v<YYYY>.<MM>.<DD>.<REV> in UTC", () => {
    expect(formatRelease(new Date("2026-03-04T23:30:00-02:00"), 42)).toBe("v2026.03.05.42");
    expect(formatRelease(new Date("2026-12-31T10:00:00Z"), 0)).toMatch(RELEASE_PATTERN);
  });
});

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

describe("urlPatternOf", () => {
  it.each([
    ["app/labs/api/keys/route.ts", "/labs/api/keys"],
    ["app/labs/api/keys/[id]/revoke/route.ts", "/labs/api/keys/{id}/revoke"],
    ["app/(group)/docs/[...slug]/page.tsx", "/docs/{slug}"],
    ["app/shop/[[...rest]]/page.tsx", "/shop/{rest}"],
    ["app/page.tsx", "/"],
  ])("%s → %s", (file, pattern) => {
    expect(urlPatternOf(file)).toBe(pattern);
  });

  it("names the dynamic segments", () => {
    expect(patternParams("/stores/{id}/cards/{card}")).toEqual(["id", "card"]);
  });
});
