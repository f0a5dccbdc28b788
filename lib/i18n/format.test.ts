import { describe, expect, it } from "vitest";
import { formatDate, formatMoney, formatRecent, formatRelative } from "@/lib/i18n/format";

// Intl separates thousands with a narrow no-break space in pt-PT; compare with plain spaces.
const plain = (text: string) => text.replace(/[\u00a0\u202f]/g, " ");

describe("formatMoney", () => {
  it("writes euros the Portuguese way in pt-PT and the English way in en", () => {
    expect(plain(formatMoney("pt-PT", "1234.56"))).toBe("1 234,56 €");
    expect(plain(formatMoney("pt-PT", "12.5"))).toBe("12,50 €");
    expect(formatMoney("en", "1234.56")).toBe("€1,234.56");
  });

  it("shows a dash for no amount and the text itself for an unreadable one", () => {
    expect(formatMoney("pt-PT", null)).toBe("—");
    expect(formatMoney("en", "n/a")).toBe("n/a");
  });
});

describe("formatDate", () => {
  it("writes a calendar date as that day anywhere", () => {
    expect(formatDate("pt-PT", "2026-11-24", "date")).toBe("24/11/2026");
    expect(formatDate("en", "2026-11-24", "date")).toBe("Nov 24, 2026");
  });

  it("writes a moment in the zone asked for", () => {
    expect(formatDate("pt-PT", "2026-11-24T23:30:00Z", "time", "UTC")).toBe("23:30");
    expect(formatDate("pt-PT", "2026-07-24T23:30:00Z", "time", "Europe/Lisbon")).toBe("00:30");
  });

  it("shows today's scans as a clock and older ones with their day", () => {
    const now = new Date("2026-11-24T18:00:00Z");
    expect(formatRecent("pt-PT", "2026-11-24T09:05:00Z", now, "UTC")).toBe("09:05");
    expect(formatRecent("pt-PT", "2026-11-20T09:05:00Z", now, "UTC")).toBe("20/11, 09:05");
  });
});

describe("formatRelative", () => {
  it("says how long ago in the reader's language", () => {
    const now = Date.parse("2026-11-24T18:00:00Z");
    expect(formatRelative("pt-PT", "2026-11-24T17:57:00Z", now)).toBe("há 3 minutos");
    expect(formatRelative("en", "2026-11-24T17:57:00Z", now)).toBe("3 minutes ago");
    expect(formatRelative("en", "2026-11-22T18:00:00Z", now)).toBe("2 days ago");
    expect(formatRelative("pt-PT", "2026-11-24T17:59:58Z", now)).toBe("há 2 segundos");
  });
});
