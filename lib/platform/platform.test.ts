import { describe, expect, it } from "vitest";
import { RELEASE_PATTERN } from "@/lib/platform/schemas";
import { patternParams } from "@/lib/platform/openapi";
import { formatRelease } from "@/lib/platform/release";
import { urlPatternOf } from "@/lib/platform/route-files";

describe("formatRelease", () => {
  it("writes v<YYYY>.<MM>.<DD>.<REV> in UTC", () => {
    expect(formatRelease(new Date("2026-03-04T23:30:00-02:00"), 42)).toBe("v2026.03.05.42");
    expect(formatRelease(new Date("2026-12-31T10:00:00Z"), 0)).toMatch(RELEASE_PATTERN);
  });
});

describe("urlPatternOf", () => {
  it.each([
    ["app/labs/api/keys/route.ts", "/labs/api/keys"],
    ["app/labs/api/keys/[id]/revoke/route.ts", "/labs/api/keys/{id}/revoke"],
    ["app/(group)/docs/[...slug]/page.tsx", "/docs/{slug}"],
    ["app/shop/[[...rest]]/page.tsx", "/shop/{rest}"],
    ["app/page.tsx", "/"],
    ["app/(labs)/page.tsx", "/"],
  ])("%s → %s", (file, pattern) => {
    expect(urlPatternOf(file)).toBe(pattern);
  });

  it("names the dynamic segments", () => {
    expect(patternParams("/stores/{id}/cards/{card}")).toEqual(["id", "card"]);
  });
});
