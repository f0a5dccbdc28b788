import { describe, expect, it } from "vitest";
import { deliveryOutcome, retryDelayMs } from "@/lib/scan/client/delivery";

describe("deliveryOutcome", () => {
  it.each([200, 201, 204])("takes %i as delivered", (status) => {
    expect(deliveryOutcome(status)).toBe("delivered");
  });

  it.each([0, 408, 425, 429, 500, 502, 503, 504])("keeps the scan for another try on %i", (status) => {
    expect(deliveryOutcome(status)).toBe("retry");
  });

  it.each([400, 404, 409, 413, 415])("drops a scan the server will never accept (%i)", (status) => {
    expect(deliveryOutcome(status)).toBe("drop");
  });

  it("does not drop on a redirect or other odd answer", () => {
    expect(deliveryOutcome(302)).toBe("retry");
  });
});

describe("retryDelayMs", () => {
  it("tries at once, then backs off doubling up to five minutes", () => {
    expect([0, 1, 2, 3, 4].map(retryDelayMs)).toEqual([0, 5000, 10_000, 20_000, 40_000]);
    expect(retryDelayMs(7)).toBe(300_000);
    expect(retryDelayMs(1000)).toBe(300_000);
  });
});
