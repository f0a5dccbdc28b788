import { randomUUID } from "node:crypto";
import { sealData } from "iron-session";
import { describe, expect, it } from "vitest";
import { mintApiKey, revokeApiKey } from "@/lib/auth/api-keys";
import { createPairing, pairDevice, peekPairing } from "@/lib/auth/devices";
import {
  claimLoginAttempt,
  clearLoginFailures,
  forgiveLoginAttempt,
  loginWait,
  loginWaitSeconds,
  pruneLoginThrottle,
} from "@/lib/auth/login-throttle";
import { safeNextPath } from "@/lib/auth/login-page";
import { endAllOperatorSessions, endOperatorSession, hasOperatorSession } from "@/lib/auth/operator-sessions";
import { hashPassword, verifyPassword } from "@/lib/auth/password";
import { authenticate } from "@/lib/auth/authenticate";
import { assertSameOrigin } from "@/lib/auth/same-origin";
import { db } from "@/lib/db";
import { sealOperatorSession } from "@/tests/support/operator-seal";
import { TEST_SESSION_SECRET as SECRET } from "@/tests/support/server";

const request = (headers: Record<string, string>, method = "POST") =>
  new Request("http://labs.test/api/core-ask/1/claim", { method, headers: { host: "labs.test", ...headers } });

describe("authenticate", () => {
  const operatorRoute = { auth: "operator" } as const;
  const askRoute = { auth: "operator", scope: "ask" } as const;

  it("accepts a live labs_op session", async () => {
    const seal = await sealOperatorSession();
    await expect(authenticate(request({ cookie: `labs_op=${seal}` }), operatorRoute)).resolves.toEqual({
      kind: "cookie",
    });
  });

  it("refuses a cookie sealed with another secret, or without a session id", async () => {
    const foreign = await sealData({ operator: true }, { password: "another-secret-another-secret-another!" });
    const old = await sealData({ operator: true, since: new Date().toISOString() }, { password: SECRET });
    for (const seal of [foreign, old, "%E0%A4%A"]) {
      await expect(authenticate(request({ cookie: `labs_op=${seal}` }), operatorRoute)).rejects.toMatchObject({
        code: "unauthorized",
      });
    }
  });

  it("refuses a session sealed for another password", async () => {
    const seal = await sealOperatorSession({ password: "the password before the change" });
    expect(await hasOperatorSession(seal)).toBe(false);
    expect(await hasOperatorSession(await sealOperatorSession())).toBe(true);
  });

  it("ends one session at logout, and every session of the epoch at log out everywhere", async () => {
    const [mine, other] = [await sealOperatorSession(), await sealOperatorSession()];
    await endOperatorSession(mine);
    expect(await hasOperatorSession(mine)).toBe(false);
    expect(await hasOperatorSession(other)).toBe(true);
    await endAllOperatorSessions();
    expect(await hasOperatorSession(other)).toBe(false);
    expect(await hasOperatorSession(await sealOperatorSession({ epoch: 1 }))).toBe(true);
    // Back to the first epoch, which the other tests' sessions are sealed in.
    await db().operatorSessionEpoch.update({ where: { id: 1 }, data: { epoch: 0 } });
  });

  it("takes an API key only where the route names a scope the key has", async () => {
    const { id, key } = await mintApiKey({ name: "agent", plan: "free", scopes: ["ask"] });
    const keyed = request({ authorization: `Bearer ${key}` });
    await expect(authenticate(keyed, askRoute)).resolves.toEqual({
      kind: "key",
      keyId: id,
      name: "agent",
      plan: "free",
      requestsPerMinute: 60,
      scopes: ["ask"],
      accountScopes: [],
      accountId: null,
      suspended: false,
    });
    await expect(
      authenticate(request({ authorization: `Bearer ${key}` }), { auth: "public", scope: "research" }),
    ).rejects.toMatchObject({ code: "forbidden" });
    await expect(authenticate(request({ authorization: `Bearer ${key}` }), operatorRoute)).rejects.toMatchObject({
      code: "forbidden",
    });
    await revokeApiKey({ id });
    await expect(authenticate(request({ authorization: `Bearer ${key}` }), askRoute)).rejects.toMatchObject({
      code: "unauthorized",
    });
    await expect(
      authenticate(request({ authorization: "Bearer labs_unknown_key_123" }), askRoute),
    ).rejects.toMatchObject({ code: "unauthorized" });
  });
});

describe("pairing codes", () => {
  it("work once, for ten minutes", async () => {
    const start = new Date("2026-02-01T10:00:00Z");
    const late = await createPairing({ name: "late phone", now: start });
    expect(await peekPairing({ code: late.code, now: new Date(start.getTime() + 9 * 60_000) })).toBe("late phone");
    await expect(
      pairDevice({ code: late.code, now: new Date(start.getTime() + 10 * 60_000 + 1) }),
    ).rejects.toMatchObject({ code: "not_found" });
    const fresh = await createPairing({ name: "fresh phone" });
    const device = await pairDevice({ code: fresh.code });
    expect(device.name).toBe("fresh phone");
    await expect(pairDevice({ code: fresh.code })).rejects.toMatchObject({ code: "not_found" });
    expect(await peekPairing({ code: fresh.code })).toBeNull();
    expect(JSON.stringify(await db().devicePairing.findMany())).not.toContain(fresh.code);
  });
});

describe("assertSameOrigin", () => {
  it.each([
    [{}, true],
    [{ origin: "http://labs.test" }, true],
    [{ origin: "http://labs.test:8080" }, false],
    [{ origin: "http://127.0.0.1" }, false],
    [{ "sec-fetch-site": "same-origin" }, true],
    [{ "sec-fetch-site": "none" }, true],
    [{ origin: "https://evil.example" }, false],
    [{ origin: "null" }, false],
    [{ "sec-fetch-site": "cross-site" }, false],
    [{ "sec-fetch-site": "same-site" }, false],
  ])("%o → allowed %s", (headers, allowed) => {
    const check = () => assertSameOrigin(request(headers));
    if (allowed) expect(check).not.toThrow();
    else expect(check).toThrow(/Cross-site/);
  });

  it("lets reads through whatever their origin, unless the route asks otherwise (the backup)", () => {
    expect(() => assertSameOrigin(request({ origin: "https://evil.example" }, "GET"))).not.toThrow();
    expect(() => assertSameOrigin(request({ "sec-fetch-site": "cross-site" }, "GET"), { reads: true })).toThrow(
      /Cross-site/,
    );
    expect(() => assertSameOrigin(request({ "sec-fetch-site": "none" }, "GET"), { reads: true })).not.toThrow();
  });
});

describe("login throttle", () => {
  const at = (start: Date, seconds: number) => new Date(start.getTime() + seconds * 1000);
  const claim = (client: string, now: Date, budget?: number) => claimLoginAttempt({ client, now, budget });
  const allowed = { allowed: true, overBudget: false };

  it("lets five attempts through, then doubles the wait from the last one", async () => {
    const client = `test-${randomUUID()}`;
    const start = new Date("2026-01-01T00:00:00Z");
    for (let i = 0; i < 5; i++) expect(await claim(client, start)).toMatchObject(allowed);
    expect(await claim(client, start)).toEqual({ allowed: false, waitSeconds: 1, overBudget: false });
    expect(await claim(client, at(start, 1))).toMatchObject(allowed);
    expect(await claim(client, at(start, 1))).toEqual({ allowed: false, waitSeconds: 2, overBudget: false });
    expect(await loginWaitSeconds({ client, now: at(start, 2) })).toBe(1);
    await clearLoginFailures(client);
    expect(await claim(client, at(start, 1))).toMatchObject(allowed);
  });

  it("lets exactly the free attempts through when they race", async () => {
    const client = `race-${randomUUID()}`;
    const now = new Date("2026-01-02T00:00:00Z");
    const attempts = await Promise.all(Array.from({ length: 20 }, () => claim(client, now)));
    expect(attempts.filter((attempt) => attempt.allowed)).toHaveLength(5);
  });

  it("waits at most five minutes, forgets a day-old count and prunes its rows", async () => {
    const client = `long-${randomUUID()}`;
    const start = new Date("2026-01-03T00:00:00Z");
    let now = start;
    for (let i = 0; i < 20; i++) {
      const attempt = await claim(client, now);
      if (!attempt.allowed) now = at(now, attempt.waitSeconds);
    }
    expect(await loginWaitSeconds({ client, now })).toBeLessThanOrEqual(300);
    const nextDay = at(now, 86_401);
    expect(await claim(client, nextDay)).toMatchObject({ allowed: true, failures: 1 });
    expect((await db().loginThrottle.findUniqueOrThrow({ where: { client } })).failures).toBe(1);
    expect(await pruneLoginThrottle(at(nextDay, 86_401))).toBeGreaterThanOrEqual(1);
    expect(await db().loginThrottle.findUnique({ where: { client } })).toBeNull();
  });
});

describe("the budget of wrong passwords a minute", () => {
  const at = (start: Date, seconds: number) => new Date(start.getTime() + seconds * 1000);
  const fresh = () => `budget-${randomUUID()}`;

  it("past it, a client that failed waits a minute, doubling; one that has not may still try", async () => {
    const now = new Date("2026-02-01T00:00:00Z");
    const budget = 2;
    const failed = fresh();
    expect(await claimLoginAttempt({ client: failed, now, budget })).toMatchObject({
      allowed: true,
      overBudget: false,
    });
    expect(await claimLoginAttempt({ client: fresh(), now, budget })).toMatchObject({ overBudget: false });

    const beyond = fresh();
    expect(await claimLoginAttempt({ client: beyond, now, budget })).toMatchObject({
      allowed: true,
      failures: 1,
      overBudget: true,
    });
    // One failure, far from the five free ones, and still it waits.
    expect(await claimLoginAttempt({ client: failed, now: at(now, 10), budget })).toEqual({
      allowed: false,
      waitSeconds: 50,
      overBudget: true,
    });
    // Refused attempts tried nothing and leave the count where it was.
    expect(await claimLoginAttempt({ client: failed, now: at(now, 20), budget })).toMatchObject({ allowed: false });
    // A minute later the budget is new, and the free attempts are back.
    expect(await claimLoginAttempt({ client: failed, now: at(now, 60), budget })).toMatchObject({
      allowed: true,
      failures: 2,
      overBudget: false,
    });
    expect(loginWait(1, true)).toBe(60);
    expect(loginWait(2, true)).toBe(120);
    expect(loginWait(4, true)).toBe(300);
  });

  it("takes back the attempt of a right password", async () => {
    const now = new Date("2026-02-02T00:00:00Z");
    const client = fresh();
    const attempt = await claimLoginAttempt({ client, now, budget: 1 });
    if (!attempt.allowed) throw new Error("the first attempt of a minute was refused");
    await forgiveLoginAttempt({ client, window: attempt.window });
    expect(await db().loginThrottle.findUnique({ where: { client } })).toBeNull();
    expect(await claimLoginAttempt({ client: fresh(), now, budget: 1 })).toMatchObject({ overBudget: false });
  });

  it("lets exactly the budget through when fresh clients race", async () => {
    const now = new Date("2026-02-03T00:00:00Z");
    const attempts = await Promise.all(
      Array.from({ length: 12 }, () => claimLoginAttempt({ client: fresh(), now, budget: 4 })),
    );
    expect(attempts.every((attempt) => attempt.allowed)).toBe(true);
    expect(attempts.filter((attempt) => !attempt.overBudget)).toHaveLength(4);
  });

  it("is no budget at all when 0", async () => {
    const now = new Date("2026-02-04T00:00:00Z");
    for (let i = 0; i < 5; i++) {
      expect(await claimLoginAttempt({ client: fresh(), now, budget: 0 })).toMatchObject({ overBudget: false });
    }
  });
});

describe("passwords", () => {
  it("verifies a plain password in constant time and nothing else", async () => {
    expect(await verifyPassword("pw", { password: "pw" })).toBe(true);
    expect(await verifyPassword("pw ", { password: "pw" })).toBe(false);
    expect(await verifyPassword("", { password: "pw" })).toBe(false);
  });

  it("verifies an OPERATOR_PASSWORD_HASH made by hashPassword, and no hash with an empty key", async () => {
    const passwordHash = await hashPassword("s3cret");
    expect(passwordHash).toMatch(/^scrypt\$/);
    expect(await verifyPassword("s3cret", { passwordHash })).toBe(true);
    expect(await verifyPassword("s3cre", { passwordHash })).toBe(false);
    for (const broken of ["garbage", "scrypt$c2FsdHNhbHQ$", "scrypt$c2FsdHNhbHQ$=", `${passwordHash}$x`]) {
      expect(await verifyPassword("anything", { passwordHash: broken })).toBe(false);
    }
  });
});

describe("password hashing off the event loop", () => {
  it("lets the event loop turn while a hash is checked", async () => {
    const passwordHash = await hashPassword("correct horse battery staple");
    const checked = verifyPassword("a guess", { passwordHash }).then(() => "hash");
    // A synchronous scrypt would finish inside the call, before this turn.
    const turned = new Promise((resolve) => setImmediate(() => resolve("loop")));
    expect(await Promise.race([checked, turned])).toBe("loop");
    expect(await checked).toBe("hash");
  });
});

describe("safeNextPath", () => {
  it.each([
    ["/base-ask/", "/base-ask/"],
    ["/admin/operator?tab=keys", "/admin/operator?tab=keys"],
    ["//evil.example", "/admin/operator"],
    ["https://evil.example", "/admin/operator"],
    ["/\\evil.example", "/admin/operator"],
    ["/\t/evil.example", "/admin/operator"],
    ["/\n/evil.example", "/admin/operator"],
    ["/%09/evil.example", "/%09/evil.example"],
    [undefined, "/admin/operator"],
  ])("%s → %s", (next, expected) => {
    expect(safeNextPath(next)).toBe(expected);
  });
});
