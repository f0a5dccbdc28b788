import { randomUUID } from "node:crypto";
import { describe, expect, it } from "vitest";
import { api, operatorCookie } from "./client";

// API keys (docs/contract.md, "Labs and auth decisions"; docs/decisions/003-key-scopes.md):
// minted by the operator with scopes, shown once, stored hashed, accepted on
// the routes of their scopes, logged, limited per plan, refused once revoked;
// they never manage keys or read the usage log.

type Minted = { ok: true; id: number; key: string; name: string; plan: string; scopes: string[]; prefix: string };
type KeyRow = { id: number; name: string; plan: string; last_used_at: string | null; revoked_at: string | null };
type UsageRow = { key_id: number; key_name: string; method: string; path: string; status: number; client: string };

const ALL_SCOPES = ["research", "ask", "scan"];

async function mint(plan?: string, scopes: string[] = ALL_SCOPES): Promise<Minted> {
  const name = `agent ${randomUUID().slice(0, 8)}`;
  const { status, data } = await api<Minted>("/labs/api/keys", {
    method: "POST",
    cookie: await operatorCookie(),
    json: plan ? { name, plan, scopes } : { name, scopes },
  });
  expect(status).toBe(201);
  return data;
}

/** A plan's requests a minute, as its row says (plans are rows the operator edits). */
async function perMinute(plan: string): Promise<number> {
  const { data } = await api<{ plans: { name: string; requests_per_minute: number }[] }>("/labs/api/plans", {
    cookie: await operatorCookie(),
  });
  const row = data.plans.find((candidate) => candidate.name === plan);
  if (!row) throw new Error(`no plan ${plan}`);
  return row.requests_per_minute;
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
    const { status, data } = await api("/labs/api/keys", {
      method: "POST",
      json: { name: "nobody's", scopes: ["ask"] },
    });
    expect(status).toBe(401);
    expect(data).toMatchObject({ ok: false, error: { code: "unauthorized" } });
  });

  it("cannot be done, listed or undone with a key, and a key cannot read the usage log", async () => {
    const { id, key } = await mint("pro");
    const attempts = [
      await api("/labs/api/keys", {
        method: "POST",
        json: { name: "minted by a key", scopes: ALL_SCOPES },
        ...bearer(key),
      }),
      await api("/labs/api/keys", bearer(key)),
      await api(`/labs/api/keys/${id}/revoke`, { method: "POST", ...bearer(key) }),
      await api("/labs/api/usage", bearer(key)),
      await api("/labs/api/dashboard", bearer(key)),
    ];
    for (const attempt of attempts) {
      expect(attempt.status).toBe(403);
      expect(attempt.data).toMatchObject({ ok: false, error: { code: "forbidden" } });
    }
    expect((await keyRow(id))?.revoked_at).toBeNull();
  });

  it("gives a key the scopes chosen, and nothing else", async () => {
    const { key, scopes } = await mint("free", ["research"]);
    expect(scopes).toEqual(["research"]);
    expect((await api("/base-research/api/state", bearer(key))).status).toBe(200);
    for (const path of ["/api/core-ask/pending", "/base-scan/api/stores"]) {
      const refused = await api(path, bearer(key));
      expect(refused.status, path).toBe(403);
      expect(refused.data).toMatchObject({ ok: false, error: { code: "forbidden" } });
    }
  });

  it("answers the key once; the list shows it without any secret", async () => {
    const minted = await mint();
    expect(minted).toMatchObject({ ok: true, plan: "free", scopes: ALL_SCOPES });
    expect(minted.key).toMatch(/^labs_[A-Za-z0-9_-]{43}$/);
    expect(minted.key.startsWith(minted.prefix)).toBe(true);

    const { text, data } = await api<{ keys: KeyRow[] }>("/labs/api/keys", { cookie: await operatorCookie() });
    expect(text).not.toContain(minted.key);
    expect(text).not.toMatch(/"(key|hash)":/);
    expect(data.keys.find((key) => key.id === minted.id)).toEqual({
      id: minted.id,
      name: minted.name,
      plan: "free",
      scopes: ALL_SCOPES,
      prefix: minted.prefix,
      created_at: expect.stringMatching(/Z$/),
      last_used_at: null,
      revoked_at: null,
    });
  });

  it.each([
    [{ name: "", scopes: ["ask"] }, "name"],
    [{ name: "x".repeat(101), scopes: ["ask"] }, "name"],
    [{ name: "ok", plan: "gold", scopes: ["ask"] }, "plan"],
    [{ plan: "pro", scopes: ["ask"] }, "name"],
    [{ name: "no scopes" }, "scopes"],
    [{ name: "empty scopes", scopes: [] }, "scopes"],
    [{ name: "unknown scope", scopes: ["admin"] }, "scopes.0"],
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
  it("works on the routes of its scopes, and every keyed request is logged with its status", async () => {
    const { id, key } = await mint("pro");
    const pending = await api("/api/core-ask/pending", bearer(key));
    expect(pending.status).toBe(200);
    expect(pending.headers.get("x-ratelimit-limit")).toBe(String(await perMinute("pro")));
    expect(pending.headers.get("x-ratelimit-remaining")).toBe(String((await perMinute("pro")) - 1));

    const refused = await api("/api/core-ask/999999999/release", { method: "POST", ...bearer(key) });
    expect(refused.status).toBe(404);
    const publicRoute = await api("/base-scan/api/stores", bearer(key));
    expect(publicRoute.status).toBe(200);

    await expect.poll(async () => (await usageOf(id)).length).toBe(3);
    const usage = (await usageOf(id)).map(({ method, path, status }) => `${method} ${path} ${status}`);
    expect(usage.sort()).toEqual([
      "GET /api/core-ask/pending 200",
      "GET /base-scan/api/stores 200",
      "POST /api/core-ask/999999999/release 404",
    ]);
    expect((await keyRow(id))?.last_used_at).toMatch(/Z$/);
  });

  it("logs who called: the client address, as the request core decides it", async () => {
    const { id, key } = await mint();
    // The API test server trusts a proxy on loopback: the right-most
    // untrusted X-Forwarded-For entry is the caller, not the first one.
    await api("/api/core-ask/pending", {
      headers: { authorization: `Bearer ${key}`, "x-forwarded-for": "198.51.100.7, 203.0.113.50" },
    });
    await expect.poll(async () => (await usageOf(id)).length).toBe(1);
    expect((await usageOf(id))[0]?.client).toBe("203.0.113.50");
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
    expect(claimed.headers.get("x-ratelimit-limit")).toBe(String(await perMinute("free")));
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
    const { status, data } = await api("/api/core-ask/pending", { headers: { authorization } });
    expect(status).toBe(401);
    expect(data).toMatchObject({ ok: false, error: { code: "unauthorized" } });
  });

  it("refuses an unknown key on a public route of a scope too, and ignores other schemes there", async () => {
    const unknown = await api("/base-scan/api/stores", bearer("labs_thisKeyWasNeverMinted0000000000000000000000"));
    expect(unknown.status).toBe(401);
    const basic = await api("/base-scan/api/stores", { headers: { authorization: "Basic Zm9vOmJhcg==" } });
    expect(basic.status).toBe(200);
  });
});

describe("revoking", () => {
  it("turns the key away from then on and keeps the first revocation time", async () => {
    const { id, key } = await mint();
    expect((await api("/api/core-ask/pending", bearer(key))).status).toBe(200);

    const first = await api<{ key: KeyRow }>(`/labs/api/keys/${id}/revoke`, {
      method: "POST",
      cookie: await operatorCookie(),
    });
    expect(first.status).toBe(200);
    expect(first.data.key).toMatchObject({ id, revoked_at: expect.stringMatching(/Z$/) });

    const after = await api("/api/core-ask/pending", bearer(key));
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
    const limit = await perMinute("free");
    const statuses: number[] = [];
    for (let i = 0; i < limit; i++) statuses.push((await api("/api/core-ask/tips/random", bearer(key))).status);
    expect(statuses.every((status) => status === 200)).toBe(true);

    const over = await api("/api/core-ask/pending", bearer(key));
    expect(over.status).toBe(429);
    expect(over.data).toMatchObject({ ok: false, error: { code: "rate_limited" } });
    const retryAfter = Number(over.headers.get("retry-after"));
    expect(retryAfter).toBeGreaterThanOrEqual(1);
    expect(retryAfter).toBeLessThanOrEqual(60);
    expect(over.headers.get("x-ratelimit-remaining")).toBe("0");

    // The operator's cookie is never limited.
    expect((await api("/api/core-ask/pending", { cookie: await operatorCookie() })).status).toBe(200);

    await expect.poll(async () => (await usageOf(id)).length).toBe(limit + 1);
    expect((await usageOf(id)).filter((line) => line.status === 429)).toEqual([
      expect.objectContaining({ path: "/api/core-ask/pending", status: 429 }),
    ]);
  });
});

describe("usage log", () => {
  it("filters by key and refuses a bad filter", async () => {
    const [one, other] = [await mint(), await mint()];
    await api("/api/core-ask/tips/random", bearer(one.key));
    await api("/base-scan/api/stores", bearer(other.key));
    await expect.poll(async () => (await usageOf(other.id)).length).toBe(1);
    expect(await usageOf(other.id)).toEqual([
      expect.objectContaining({ key_id: other.id, key_name: other.name, path: "/base-scan/api/stores", status: 200 }),
    ]);

    const bad = await api("/labs/api/usage?key_id=abc", { cookie: await operatorCookie() });
    expect(bad.status).toBe(400);
    expect(bad.data).toMatchObject({ error: { code: "validation_failed", issues: [{ path: "query.key_id" }] } });
    expect((await api("/labs/api/usage")).status).toBe(401);
  });
});
