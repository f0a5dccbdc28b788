import { randomUUID } from "node:crypto";
import { describe, expect, it } from "vitest";
import { API_PLANS } from "@/lib/auth/plans";
import { api, operatorCookie } from "./client";

// API keys (DESIGN §4 "Labs aggregator and auth"): minted by the operator,
// shown once, stored hashed, accepted wherever the cookie is, logged, limited
// per plan, refused once revoked.

type Minted = { ok: true; id: number; key: string; name: string; plan: string; prefix: string };
type KeyRow = { id: number; name: string; plan: string; last_used_at: string | null; revoked_at: string | null };
type UsageRow = { key_id: number; key_name: string; method: string; path: string; status: number };

async function mint(plan?: string): Promise<Minted> {
  const name = `agent ${randomUUID().slice(0, 8)}`;
  const { status, data } = await api<Minted>("/labs/api/keys", {
    method: "POST",
    cookie: await operatorCookie(),
    json: plan ? { name, plan } : { name },
  });
  expect(status).toBe(201);
  return data;
}

const bearer = (key: string) => ({ headers: { authorization: `Bearer ${key}` } });

async function usageOf(keyId: number): Promise<UsageRow[]> {
  const { data } = await api<{ usage: UsageRow[] }>(`/labs/api/usage?key_id=${keyId}&limit=500`, {
    cookie: await operatorCookie(),
  });
  return data.usage;
}

async function keyRow(id: number): Promise<KeyRow | undefined> {
  const { data } = await api<{ keys: KeyRow[] }>("/labs/api/keys", { cookie: await operatorCookie() });
  return data.keys.find((key) => key.id === id);
}

describe("minting", () => {
  it("needs the operator", async () => {
    const { status, data } = await api("/labs/api/keys", { method: "POST", json: { name: "nobody's" } });
    expect(status).toBe(401);
    expect(data).toMatchObject({ ok: false, error: { code: "unauthorized" } });
  });

  it("answers the key once; the list shows it without any secret", async () => {
    const minted = await mint();
    expect(minted).toMatchObject({ ok: true, plan: "free" });
    expect(minted.key).toMatch(/^labs_[A-Za-z0-9_-]{43}$/);
    expect(minted.key.startsWith(minted.prefix)).toBe(true);

    const { text, data } = await api<{ keys: KeyRow[] }>("/labs/api/keys", { cookie: await operatorCookie() });
    expect(text).not.toContain(minted.key);
    expect(text).not.toMatch(/"(key|hash)":/);
    expect(data.keys.find((key) => key.id === minted.id)).toEqual({
      id: minted.id,
      name: minted.name,
      plan: "free",
      prefix: minted.prefix,
      created_at: expect.stringMatching(/Z$/),
      last_used_at: null,
      revoked_at: null,
    });
  });

  it.each([
    [{ name: "" }, "name"],
    [{ name: "x".repeat(101) }, "name"],
    [{ name: "ok", plan: "gold" }, "plan"],
    [{ plan: "pro" }, "name"],
  ])("refuses %j naming %s", async (json, field) => {
    const { status, data } = await api<{ error: { code: string; issues: { path: string }[] } }>("/labs/api/keys", {
      method: "POST",
      cookie: await operatorCookie(),
      json,
    });
    expect(status).toBe(400);
    expect(data.error.code).toBe("validation_failed");
    expect(data.error.issues.map((issue) => issue.path)).toEqual([field]);
  });
});

describe("using a key", () => {
  it("works wherever the cookie does, and every keyed request is logged with its status", async () => {
    const { id, key } = await mint("pro");
    const listed = await api("/labs/api/keys", bearer(key));
    expect(listed.status).toBe(200);
    expect(listed.headers.get("x-ratelimit-limit")).toBe(String(API_PLANS.pro.requestsPerMinute));
    expect(listed.headers.get("x-ratelimit-remaining")).toBe(String(API_PLANS.pro.requestsPerMinute - 1));

    const refused = await api("/labs/api/keys/999999999/revoke", { method: "POST", ...bearer(key) });
    expect(refused.status).toBe(404);
    const publicRoute = await api("/labs/healthz", bearer(key));
    expect(publicRoute.status).toBe(200);

    await expect.poll(async () => (await usageOf(id)).length).toBe(3);
    const usage = (await usageOf(id)).map(({ method, path, status }) => `${method} ${path} ${status}`);
    expect(usage.sort()).toEqual([
      "GET /labs/api/keys 200",
      "GET /labs/healthz 200",
      "POST /labs/api/keys/999999999/revoke 404",
    ]);
    expect((await keyRow(id))?.last_used_at).toMatch(/Z$/);
  });

  it("logs a queue form post made with a key, like a JSON request", async () => {
    const { id, key } = await mint();
    const todo = await api<{ id: number }>("/api/core-ask/log", { method: "POST", json: { text: "claimed by form" } });
    const claimed = await api(`/core-ask/${todo.data.id}/claim`, {
      method: "POST",
      headers: { authorization: `Bearer ${key}`, "content-type": "application/x-www-form-urlencoded" },
      body: "",
    });
    expect(claimed.status).toBe(303);
    expect(claimed.headers.get("x-ratelimit-limit")).toBe(String(API_PLANS.free.requestsPerMinute));
    await expect.poll(async () => (await usageOf(id)).length).toBe(1);
    expect((await usageOf(id))[0]).toMatchObject({
      method: "POST",
      path: `/core-ask/${todo.data.id}/claim`,
      status: 303,
    });
  });

  it.each([
    ["an unknown key", "Bearer labs_thisKeyWasNeverMinted0000000000000000000000"],
    ["a too short token", "Bearer abc"],
    ["no token", "Bearer"],
    ["another scheme", "Basic b3BlcmF0b3I6cGFzc3dvcmQ="],
  ])("refuses %s with 401 on an operator route", async (_label, authorization) => {
    const { status, data } = await api("/labs/api/keys", { headers: { authorization } });
    expect(status).toBe(401);
    expect(data).toMatchObject({ ok: false, error: { code: "unauthorized" } });
  });

  it("refuses an unknown key on a public route too, and ignores other schemes there", async () => {
    const unknown = await api("/labs/healthz", bearer("labs_thisKeyWasNeverMinted0000000000000000000000"));
    expect(unknown.status).toBe(401);
    const basic = await api("/labs/healthz", { headers: { authorization: "Basic Zm9vOmJhcg==" } });
    expect(basic.status).toBe(200);
  });
});

describe("revoking", () => {
  it("turns the key away from then on and keeps the first revocation time", async () => {
    const { id, key } = await mint();
    expect((await api("/labs/api/keys", bearer(key))).status).toBe(200);

    const first = await api<{ key: KeyRow }>(`/labs/api/keys/${id}/revoke`, {
      method: "POST",
      cookie: await operatorCookie(),
    });
    expect(first.status).toBe(200);
    expect(first.data.key).toMatchObject({ id, revoked_at: expect.stringMatching(/Z$/) });

    const after = await api("/labs/api/keys", bearer(key));
    expect(after.status).toBe(401);
    expect(after.data).toMatchObject({ ok: false, error: { code: "unauthorized" } });

    const again = await api<{ key: KeyRow }>(`/labs/api/keys/${id}/revoke`, {
      method: "POST",
      cookie: await operatorCookie(),
    });
    expect(again.data.key.revoked_at).toBe(first.data.key.revoked_at);
    expect((await keyRow(id))?.revoked_at).toBe(first.data.key.revoked_at);
  });

  it.each([
    ["999999999", 404, "not_found"],
    ["abc", 400, "validation_failed"],
  ])("answers /labs/api/keys/%s/revoke with %i", async (id, status, code) => {
    const result = await api(`/labs/api/keys/${id}/revoke`, { method: "POST", cookie: await operatorCookie() });
    expect(result.status).toBe(status);
    expect(result.data).toMatchObject({ ok: false, error: { code } });
  });
});

describe("rate limit", () => {
  it("answers 429 rate_limited with Retry-After after the plan's requests, and logs those too", async () => {
    const { id, key } = await mint("free");
    const limit = API_PLANS.free.requestsPerMinute;
    const statuses: number[] = [];
    for (let i = 0; i < limit; i++) statuses.push((await api("/labs/healthz", bearer(key))).status);
    expect(statuses.every((status) => status === 200)).toBe(true);

    const over = await api("/labs/api/keys", bearer(key));
    expect(over.status).toBe(429);
    expect(over.data).toMatchObject({ ok: false, error: { code: "rate_limited" } });
    const retryAfter = Number(over.headers.get("retry-after"));
    expect(retryAfter).toBeGreaterThanOrEqual(1);
    expect(retryAfter).toBeLessThanOrEqual(60);
    expect(over.headers.get("x-ratelimit-remaining")).toBe("0");

    // The operator's cookie is never limited.
    expect((await api("/labs/api/keys", { cookie: await operatorCookie() })).status).toBe(200);

    await expect.poll(async () => (await usageOf(id)).length).toBe(limit + 1);
    expect((await usageOf(id)).filter((line) => line.status === 429)).toEqual([
      expect.objectContaining({ path: "/labs/api/keys", status: 429 }),
    ]);
  });
});

describe("usage log", () => {
  it("filters by key and refuses a bad filter", async () => {
    const [one, other] = [await mint(), await mint()];
    await api("/labs/healthz", bearer(one.key));
    await api("/base-scan/healthz", bearer(other.key));
    await expect.poll(async () => (await usageOf(other.id)).length).toBe(1);
    expect(await usageOf(other.id)).toEqual([
      expect.objectContaining({ key_id: other.id, key_name: other.name, path: "/base-scan/healthz", status: 200 }),
    ]);

    const bad = await api("/labs/api/usage?key_id=abc", { cookie: await operatorCookie() });
    expect(bad.status).toBe(400);
    expect(bad.data).toMatchObject({ error: { code: "validation_failed", issues: [{ path: "query.key_id" }] } });
    expect((await api("/labs/api/usage")).status).toBe(401);
  });
});
