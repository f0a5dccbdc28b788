import { sealData } from "iron-session";
import { afterEach, describe, expect, it, vi } from "vitest";
import { openSeal } from "@/lib/auth/open-seal";

// A seal opened once is kept (lib/auth/open-seal.ts): no key derived again
// for it, and never past its expiry or for another password.

const password = "a session secret of more than thirty-two characters";
const other = "another session secret of more than thirty-two chars";

afterEach(() => {
  vi.useRealTimers();
  vi.restoreAllMocks();
});

describe("openSeal", () => {
  it("opens a seal as iron does, and derives no key the second time", async () => {
    const seal = await sealData({ device: 7 }, { password, ttl: 3600 });
    const derive = vi.spyOn(crypto.subtle, "deriveKey");
    expect(await openSeal(seal, { password, ttl: 3600 })).toEqual({ device: 7 });
    const first = derive.mock.calls.length;
    expect(first).toBeGreaterThan(0);
    expect(await openSeal(seal, { password, ttl: 3600 })).toEqual({ device: 7 });
    expect(derive.mock.calls.length).toBe(first);
  });

  it("opens nothing with another password, even once kept", async () => {
    const seal = await sealData({ device: 8 }, { password, ttl: 3600 });
    expect(await openSeal(seal, { password, ttl: 3600 })).toEqual({ device: 8 });
    expect(await openSeal(seal, { password: other, ttl: 3600 })).toEqual({});
  });

  it("keeps no seal past its expiry", async () => {
    vi.useFakeTimers({ toFake: ["Date"] });
    const seal = await sealData({ device: 9 }, { password, ttl: 61 });
    expect(await openSeal(seal, { password, ttl: 61 })).toEqual({ device: 9 });
    // Past its expiry and iron's minute of clock skew, inside the five minutes a seal is kept.
    vi.setSystemTime(Date.now() + 200_000);
    expect(await openSeal(seal, { password, ttl: 61 })).toEqual({});
  });

  it("keeps nothing that did not open: a made-up seal is refused each time", async () => {
    const seal = await sealData({ device: 10 }, { password, ttl: 3600 });
    const forged = seal.replace(/\*([^*]+)\*([^*]+)$/, "*$1*AAAA$2");
    const derive = vi.spyOn(crypto.subtle, "deriveKey");
    expect(await openSeal(forged, { password, ttl: 3600 })).toEqual({});
    const first = derive.mock.calls.length;
    expect(await openSeal(forged, { password, ttl: 3600 })).toEqual({});
    expect(derive.mock.calls.length).toBeGreaterThan(first);
  });
});
