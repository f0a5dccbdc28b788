import { randomInt } from "node:crypto";
import { afterEach, beforeEach, describe, expect, inject, it } from "vitest";
import type { OffStats } from "@/tests/support/off-stand-in";
import { startOfRoomyMinute } from "@/tests/support/minute-window";
import { startServer, type RunningServer } from "@/tests/support/server";
import { uniqueClientAddress, uniqueIpv6Network } from "./client";

// The household's Open Food Facts budget (15 look-ups a UTC minute) and an
// anonymous client's share of it (5 a minute per address, an IPv6 client per
// /64). Each test spends the whole budget, so each gets a server of its own:
// on the shared one it would refuse other files' look-ups. Like the shared server, these trust a
// proxy on loopback, so X-Forwarded-For names the client; a request without
// it comes from this machine itself, which is trusted (no share of its own).

const HOUSEHOLD_CALLS_PER_MINUTE = 15;
const CLIENT_CALLS_PER_MINUTE = 5;

const offBaseUrl = inject("offBaseUrl");
/** A code the OFF stand-in knows ("560…"), new for every call. */
const knownCode = () => `560${String(randomInt(0, 1e10)).padStart(10, "0")}`;

let server: RunningServer;

beforeEach(async () => {
  server = await startServer({ OFF_BASE_URL: offBaseUrl, TRUSTED_PROXIES: "loopback" });
});

afterEach(async () => {
  await server.stop();
});

type Answer = { status: number; data: { ok: boolean; error?: { code: string; message: string } }; retryAfter: number };

/** One enrich call as `client` (an address behind our proxy), or from this machine itself with null. */
async function enrichAs(client: string | null, code = knownCode()): Promise<Answer> {
  const response = await fetch(`${server.url}/base-scan/api/products/${code}/enrich`, {
    headers: { "accept-language": "en", ...(client ? { "x-forwarded-for": client } : {}) },
  });
  return {
    status: response.status,
    data: (await response.json()) as Answer["data"],
    retryAfter: Number(response.headers.get("retry-after")),
  };
}

async function offRequests(codes: string[]): Promise<number> {
  const stats = (await (await fetch(`${offBaseUrl}/__stats`)).json()) as OffStats;
  return codes.reduce((sum, code) => sum + (stats.requests[code] ?? 0), 0);
}

describe("Open Food Facts budget", () => {
  it("gives an anonymous client its share, refuses the rest before OFF, and lets others through", async () => {
    await startOfRoomyMinute();
    const a = uniqueClientAddress();
    for (let i = 0; i < CLIENT_CALLS_PER_MINUTE; i += 1) expect((await enrichAs(a)).status).toBe(200);

    const refusedCodes = Array.from({ length: 10 }, knownCode);
    for (const code of refusedCodes) {
      const refused = await enrichAs(a, code);
      expect(refused.status).toBe(429);
      expect(refused.data).toMatchObject({
        ok: false,
        error: { code: "rate_limited", message: expect.stringMatching(/address .*5 .*a minute/) },
      });
      expect(refused.retryAfter).toBeGreaterThanOrEqual(1);
      expect(refused.retryAfter).toBeLessThanOrEqual(60);
    }
    expect(await offRequests(refusedCodes)).toBe(0);

    // A's ten refusals spent none of the household's budget: B still gets
    // its whole share, and this machine itself the rest.
    const b = uniqueClientAddress();
    for (let i = 0; i < CLIENT_CALLS_PER_MINUTE; i += 1) expect((await enrichAs(b)).status).toBe(200);
    const rest = HOUSEHOLD_CALLS_PER_MINUTE - 2 * CLIENT_CALLS_PER_MINUTE;
    for (let i = 0; i < rest; i += 1) expect((await enrichAs(null)).status).toBe(200);

    const spent = await enrichAs(null);
    expect(spent.status).toBe(429);
    expect(spent.data).toMatchObject({
      ok: false,
      error: { code: "rate_limited", message: expect.stringMatching(/15 look-ups a minute/) },
    });
  }, 60_000);

  it("counts an IPv6 client's share by its /64: a fresh address of the same network buys no more", async () => {
    await startOfRoomyMinute();
    const network = uniqueIpv6Network();
    for (let i = 1; i <= CLIENT_CALLS_PER_MINUTE; i += 1) expect((await enrichAs(`${network}::${i}`)).status).toBe(200);
    const fresh = knownCode();
    const refused = await enrichAs(`${network}:ffff:ffff:ffff:ffff`, fresh);
    expect(refused.status).toBe(429);
    expect(refused.data).toMatchObject({ ok: false, error: { code: "rate_limited" } });
    expect(await offRequests([fresh])).toBe(0);
    // The next /64 is another home with a share of its own.
    expect((await enrichAs(`${uniqueIpv6Network()}::1`)).status).toBe(200);
  }, 60_000);

  it("never lets the shares add up to more than the household's budget, even all at once", async () => {
    await startOfRoomyMinute();
    const clients = Array.from({ length: 4 }, uniqueClientAddress);
    const calls = clients.flatMap((client) =>
      Array.from({ length: CLIENT_CALLS_PER_MINUTE + 1 }, () => ({ client, code: knownCode() })),
    );
    const answers = await Promise.all(calls.map(({ client, code }) => enrichAs(client, code)));

    const succeeded = calls.filter((_, i) => answers[i]!.status === 200);
    expect(succeeded).toHaveLength(HOUSEHOLD_CALLS_PER_MINUTE);
    expect(answers.filter((answer) => answer.status === 429)).toHaveLength(calls.length - HOUSEHOLD_CALLS_PER_MINUTE);
    for (const client of clients) {
      expect(succeeded.filter((call) => call.client === client).length).toBeLessThanOrEqual(CLIENT_CALLS_PER_MINUTE);
    }
    expect(await offRequests(calls.map((call) => call.code))).toBe(HOUSEHOLD_CALLS_PER_MINUTE);

    // Spent for everyone: a client with its share untouched, and this machine itself.
    expect((await enrichAs(uniqueClientAddress())).status).toBe(429);
    expect((await enrichAs(null)).status).toBe(429);
  }, 60_000);
});
