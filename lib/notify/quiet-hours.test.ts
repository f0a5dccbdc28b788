import { describe, expect, it } from "vitest";
import { parseQuietHours, quietUntil } from "@/lib/notify/quiet-hours";

// Lisbon is UTC+0 in winter and UTC+1 in summer.
const winter = (time: string) => new Date(`2026-01-15T${time}:00Z`);
const summer = (time: string) => new Date(`2026-07-15T${time}:00Z`);

describe("quiet hours", () => {
  it("read HH:MM-HH:MM, or nothing for none", () => {
    expect(parseQuietHours("22:00-08:00")).toEqual({ start: 22 * 60, end: 8 * 60 });
    expect(parseQuietHours(" 13:30-14:15 ")).toEqual({ start: 13 * 60 + 30, end: 14 * 60 + 15 });
    expect(parseQuietHours("")).toBeNull();
    for (const bad of ["22:00", "24:00-08:00", "22:60-08:00", "10-12", "22:00 - 08:00"]) {
      expect(() => parseQuietHours(bad), bad).toThrow(/HH:MM-HH:MM/);
    }
  });

  it("across midnight hold from the start to the next morning's end", () => {
    expect(quietUntil(winter("23:10"), "22:00-08:00")).toEqual(new Date("2026-01-16T08:00:00Z"));
    expect(quietUntil(winter("03:00"), "22:00-08:00")).toEqual(new Date("2026-01-15T08:00:00Z"));
    expect(quietUntil(winter("22:00"), "22:00-08:00")).toEqual(new Date("2026-01-16T08:00:00Z"));
    expect(quietUntil(winter("08:00"), "22:00-08:00")).toBeNull();
    expect(quietUntil(winter("12:00"), "22:00-08:00")).toBeNull();
  });

  it("within a day hold only between their ends", () => {
    expect(quietUntil(winter("13:45"), "13:00-14:00")).toEqual(new Date("2026-01-15T14:00:00Z"));
    expect(quietUntil(winter("12:59"), "13:00-14:00")).toBeNull();
    expect(quietUntil(winter("14:00"), "13:00-14:00")).toBeNull();
  });

  it("follow Lisbon's clock in summer, an hour ahead of UTC", () => {
    // 21:30 UTC is 22:30 in Lisbon: quiet until 08:00 Lisbon, 07:00 UTC.
    expect(quietUntil(summer("21:30"), "22:00-08:00")).toEqual(new Date("2026-07-16T07:00:00Z"));
    expect(quietUntil(summer("07:30"), "22:00-08:00")).toBeNull();
  });

  it("none, or a window whose ends are the same, hold nothing", () => {
    expect(quietUntil(winter("23:00"), "")).toBeNull();
    expect(quietUntil(winter("23:00"), "10:00-10:00")).toBeNull();
  });
});
