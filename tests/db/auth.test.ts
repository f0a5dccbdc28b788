import { randomUUID } from "node:crypto";
import { sealData } from "iron-session";
import { describe, expect, it } from "vitest";
import { hashApiKey } from "@/lib/auth/api-keys";
import { clearLoginFailures, loginWaitSeconds, recordLoginFailure } from "@/lib/auth/login-throttle";
import { hashPassword, verifyPassword } from "@/lib/auth/password";
import { requireOperator } from "@/lib/auth/require-operator";
import { assertSameOrigin } from "@/lib/auth/same-origin";
import { safeNextPath } from "@/lib/auth/login-page";
import { db } from "@/lib/db";

import { TEST_SESSION_SECRET as SECRET } from "@/tests/support/server";

const request = (headers: Record<string, string>, method = "POST") =>
  new Request("http://labs.test/api/core-ask/1/claim", { method, headers: { host: "labs.test", ...headers } });

describe("requireOperator", () => {
  it("accepts a valid labs_op cookie", async () => {
    const seal = await sealData({ operator: true }, { password: SECRET });
    await expect(requireOperator(request({ cookie: `labs_op=${seal}` }))).resolves.toEqual({ kind: "cookie" });
  });

  it("refuses a cookie sealed with another secret", async () => {
    const seal = await sealData({ operator: true }, { password: "another-secret-another-secret-another!" });
    await expect(requireOperator(request({ cookie: `labs_op=${seal}` }))).rejects.toMatchObject({
      code: "unauthorized",
    });
  });

  it("refuses a cookie write from another site", async () => {
    const seal = await sealData({ operator: true }, { password: SECRET });
    await expect(
      requireOperator(request({ cookie: `labs_op=${seal}`, origin: "https://evil.example" })),
    ).rejects.toMatchObject({ code: "forbidden" });
  });

  it("accepts an active API key and refuses a revoked or unknown one", async () => {
    const token = `labs_${randomUUID()}`;
    const key = await db().apiKey.create({
      data: { name: "agent", plan: "free", prefix: token.slice(0, 9), hash: hashApiKey(token) },
    });
    await expect(requireOperator(request({ authorization: `Bearer ${token}` }))).resolves.toEqual({
      kind: "key",
      keyId: key.id,
      plan: "free",
    });
    await db().apiKey.update({ where: { id: key.id }, data: { revokedAt: new Date() } });
    await expect(requireOperator(request({ authorization: `Bearer ${token}` }))).rejects.toMatchObject({
      code: "unauthorized",
    });
    await expect(requireOperator(request({ authorization: "Bearer labs_unknown_key_123" }))).rejects.toMatchObject({
      code: "unauthorized",
    });
  });
});

describe("assertSameOrigin", () => {
  it.each([
    [{}, true],
    [{ origin: "http://labs.test" }, true],
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

  it("lets reads through whatever their origin", () => {
    expect(() => assertSameOrigin(request({ origin: "https://evil.example" }, "GET"))).not.toThrow();
  });
});

describe("login throttle", () => {
  it("lets five failures through, then doubles the wait from the last failure", async () => {
    const client = `test-${randomUUID()}`;
    const start = new Date("2026-01-01T00:00:00Z");
    for (let i = 0; i < 5; i++) {
      expect(await loginWaitSeconds(client, start)).toBe(0);
      await recordLoginFailure(client, start);
    }
    expect(await loginWaitSeconds(client, start)).toBe(1);
    expect(await loginWaitSeconds(client, new Date(start.getTime() + 1000))).toBe(0);
    await recordLoginFailure(client, start);
    expect(await loginWaitSeconds(client, start)).toBe(2);
    for (let i = 0; i < 20; i++) await recordLoginFailure(client, start);
    expect(await loginWaitSeconds(client, start)).toBe(300);
    await clearLoginFailures(client);
    expect(await loginWaitSeconds(client, start)).toBe(0);
  });
});

describe("passwords", () => {
  it("verifies a plain password in constant time and nothing else", () => {
    expect(verifyPassword("pw", { sessionSecret: SECRET, password: "pw" })).toBe(true);
    expect(verifyPassword("pw ", { sessionSecret: SECRET, password: "pw" })).toBe(false);
    expect(verifyPassword("", { sessionSecret: SECRET, password: "pw" })).toBe(false);
  });

  it("verifies an OPERATOR_PASSWORD_HASH made by hashPassword", () => {
    const passwordHash = hashPassword("s3cret");
    expect(passwordHash).toMatch(/^scrypt\$/);
    expect(verifyPassword("s3cret", { sessionSecret: SECRET, passwordHash })).toBe(true);
    expect(verifyPassword("s3cre", { sessionSecret: SECRET, passwordHash })).toBe(false);
    expect(verifyPassword("s3cret", { sessionSecret: SECRET, passwordHash: "garbage" })).toBe(false);
  });
});

describe("safeNextPath", () => {
  it.each([
    ["/base-ask/", "/base-ask/"],
    ["/admin/operator?tab=keys", "/admin/operator?tab=keys"],
    ["//evil.example", "/admin/operator"],
    ["https://evil.example", "/admin/operator"],
    ["/\\evil.example", "/admin/operator"],
    [undefined, "/admin/operator"],
  ])("%s → %s", (next, expected) => {
    expect(safeNextPath(next)).toBe(expected);
  });
});
