import { describe, expect, it } from "vitest";
import { householdDay, startOfHouseholdDay } from "@/lib/household-clock";
import { daysLeft, expiryState } from "@/lib/scan/card-dates";

describe("a card's dates on the household's clock", () => {
  it("starts a day at Lisbon's midnight, in winter and in summer", () => {
    expect(startOfHouseholdDay("2026-12-31").toISOString()).toBe("2026-12-31T00:00:00.000Z");
    expect(startOfHouseholdDay("2026-07-01").toISOString()).toBe("2026-06-30T23:00:00.000Z");
    // The night the clocks go forward (29 March 2026, 01:00 → 02:00 UTC+1).
    expect(startOfHouseholdDay("2026-03-29").toISOString()).toBe("2026-03-29T00:00:00.000Z");
    expect(startOfHouseholdDay("2026-03-30").toISOString()).toBe("2026-03-29T23:00:00.000Z");
  });

  it("reads a moment as the day it is in Lisbon", () => {
    expect(householdDay(new Date("2026-06-30T23:30:00Z"))).toBe("2026-07-01");
    expect(householdDay(new Date("2026-12-31T23:30:00Z"))).toBe("2026-12-31");
  });

  it("counts whole days to the last valid day, whatever the hours", () => {
    const now = new Date("2026-11-27T22:00:00Z");
    expect(daysLeft(new Date("2026-11-27T00:00:00Z"), now)).toBe(0);
    expect(daysLeft(new Date("2026-11-28T23:59:00Z"), now)).toBe(1);
    expect(daysLeft(new Date("2026-12-04T10:00:00Z"), now)).toBe(7);
    expect(daysLeft(new Date("2026-11-26T12:00:00Z"), now)).toBe(-1);
  });

  it("shows a card valid through its expiry's day, soon within a week, then expired", () => {
    const now = new Date("2026-11-27T12:00:00Z");
    expect(expiryState(null, now)).toBeNull();
    expect(expiryState("2026-11-27T00:00:00.000Z", now)).toBe("soon");
    expect(expiryState("2026-12-04T00:00:00.000Z", now)).toBe("soon");
    expect(expiryState("2026-12-05T00:00:00.000Z", now)).toBe("valid");
    expect(expiryState("2026-11-26T00:00:00.000Z", now)).toBe("expired");
  });
});
