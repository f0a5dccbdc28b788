import { randomUUID } from "node:crypto";
import { readdirSync } from "node:fs";
import { describe, expect, it } from "vitest";
import { findActiveApiKey, hashApiKey, listApiKeys, mintApiKey, revokeApiKey } from "@/lib/auth/api-keys";
import {
  listApiUsage,
  pruneApiUsage,
  recordApiUsage,
  USAGE_PRUNE_EVERY,
  USAGE_RETENTION_DAYS,
} from "@/lib/auth/api-usage";
import { getPlanOrThrow, savePlan } from "@/lib/auth/plans";
import { consumeRateLimit } from "@/lib/auth/rate-limit";
import { authenticate } from "@/lib/auth/authenticate";
import { db } from "@/lib/db";
import { readMigrationState } from "@/lib/db/migration-state";
import { countVariantView, listVariantViews } from "@/lib/labs/variant-views";

// Labs' domain functions on a real database: keys, their windows and usage,
// variant views, migration state.

describe("API keys", () => {
  it("stores only the hash and the shown prefix", async () => {
    const minted = await mintApiKey({ name: "hash check", plan: "pro", scopes: ["ask"] });
    const row = await db().apiKey.findUniqueOrThrow({ where: { id: minted.id } });
    expect(row.hash).toBe(hashApiKey(minted.key));
    expect(row.hash).not.toContain(minted.key);
    expect(row.prefix).toBe(minted.key.slice(0, 11));
    expect(JSON.stringify(row)).not.toContain(minted.key);
  });

  it("mints different keys every time", async () => {
    const keys = await Promise.all([1, 2, 3].map(() => mintApiKey({ name: "many", plan: "free", scopes: ["ask"] })));
    expect(new Set(keys.map((key) => key.key)).size).toBe(3);
  });

  it("revokes once and keeps the first time; unknown ids are not found", async () => {
    const { id, key } = await mintApiKey({ name: "to revoke", plan: "free", scopes: ["ask"] });
    const first = await revokeApiKey({ id });
    const second = await revokeApiKey({ id });
    expect(second.revoked_at).toBe(first.revoked_at);
    expect((await listApiKeys()).find((row) => row.id === id)?.revoked_at).toBe(first.revoked_at);
    await expect(
      authenticate(new Request("http://labs.test/", { headers: { authorization: `Bearer ${key}` } }), {
        auth: "operator",
        scope: "ask",
      }),
    ).rejects.toMatchObject({ code: "unauthorized" });
    await expect(revokeApiKey({ id: 2_000_000_000 })).rejects.toMatchObject({ code: "not_found" });
  });
});

describe("rate limit windows", () => {
  it("counts every request of a key, concurrent ones included, and says when the plan is used up", async () => {
    const { id } = await mintApiKey({ name: "window", plan: "free", scopes: ["ask"] });
    const limit = (await getPlanOrThrow("free")).requestsPerMinute;
    const results = await Promise.all(Array.from({ length: limit + 5 }, () => consumeRateLimit({ keyId: id, limit })));
    expect(results.map((result) => result.count).sort((a, b) => a - b)).toEqual(
      Array.from({ length: limit + 5 }, (_, i) => i + 1),
    );
    expect(results.filter((result) => result.allowed)).toHaveLength(limit);
    for (const result of results) {
      expect(result.resetSeconds).toBeGreaterThanOrEqual(1);
      expect(result.resetSeconds).toBeLessThanOrEqual(60);
    }
  });

  it("starts a new window once the old one is a minute old", async () => {
    const { id } = await mintApiKey({ name: "new window", plan: "free", scopes: ["ask"] });
    for (let i = 0; i < 3; i++) await consumeRateLimit({ keyId: id, limit: 60 });
    await db().$executeRaw`
      UPDATE api_rate_window SET window_start = window_start - interval '61 seconds' WHERE key_id = ${id}`;
    const fresh = await consumeRateLimit({ keyId: id, limit: 60 });
    expect(fresh).toMatchObject({ count: 1, allowed: true, remaining: 59 });
    expect(fresh.resetSeconds).toBeGreaterThan(55);
  });

  it("keeps each key's count apart", async () => {
    const [one, other] = await Promise.all([
      mintApiKey({ name: "apart 1", plan: "free", scopes: ["ask"] }),
      mintApiKey({ name: "apart 2", plan: "pro", scopes: ["ask"] }),
    ]);
    await consumeRateLimit({ keyId: one.id, limit: 60 });
    expect(await consumeRateLimit({ keyId: other.id, limit: 600 })).toMatchObject({ count: 1, limit: 600 });
    expect(await consumeRateLimit({ keyId: one.id, limit: 60 })).toMatchObject({ count: 2, limit: 60 });
  });

  it("counts an account's keys in one window, exactly under concurrency", async () => {
    const account = await db().account.create({
      data: { email: `minute-${Date.now()}@outside.example`, name: "Outsider", status: "active" },
    });
    const [one, other] = await Promise.all([
      mintApiKey({ name: "account key 1", plan: "free", scopes: ["ask"] }),
      mintApiKey({ name: "account key 2", plan: "free", scopes: ["ask"] }),
    ]);
    const results = await Promise.all(
      Array.from({ length: 10 }, (_, i) =>
        consumeRateLimit({ keyId: i % 2 ? one.id : other.id, accountId: account.id, limit: 5 }),
      ),
    );
    expect(results.filter((result) => result.allowed)).toHaveLength(5);
    // The keys' own windows were not touched.
    expect(await consumeRateLimit({ keyId: one.id, limit: 5 })).toMatchObject({ count: 1, allowed: true });
  });

  it("refuses to mint a key on a plan that does not exist", async () => {
    await expect(mintApiKey({ name: "no plan", plan: "legacy", scopes: ["ask"] })).rejects.toMatchObject({
      code: "validation_failed",
    });
  });

  it("counts a key against its plan's row, as the operator changes it", async () => {
    const plan = await savePlan({
      name: `plan-${randomUUID().slice(0, 8)}`,
      requestsPerMinute: 7,
      creditsPerMonth: 0,
      scopes: [],
      priceLabel: "",
    });
    const { key } = await mintApiKey({ name: "on a row", plan: plan.name, scopes: ["ask"] });
    expect(await findActiveApiKey(key)).toMatchObject({ plan: plan.name, requestsPerMinute: 7, accountId: null });
    await savePlan({ ...plan, requestsPerMinute: 9 });
    expect(await findActiveApiKey(key)).toMatchObject({ requestsPerMinute: 9 });
  });
});

describe("usage log", () => {
  it("lists lines newest first, filtered by key, and moves last use forward only", async () => {
    const { id } = await mintApiKey({ name: "usage", plan: "free", scopes: ["ask"] });
    const later = new Date("2026-05-02T10:00:00Z");
    const earlier = new Date("2026-05-01T10:00:00Z");
    await recordApiUsage({ keyId: id, method: "GET", path: "/later", status: 200, client: "192.0.2.1", at: later });
    await recordApiUsage({ keyId: id, method: "POST", path: "/earlier", status: 404, client: "::1", at: earlier });
    const lines = await listApiUsage({ keyId: id });
    expect(lines.map((line) => [line.path, line.status, line.key_name, line.client])).toEqual([
      ["/later", 200, "usage", "192.0.2.1"],
      ["/earlier", 404, "usage", "::1"],
    ]);
    expect((await listApiKeys()).find((key) => key.id === id)?.last_used_at).toBe(later.toISOString());
    expect(await listApiUsage({ keyId: id, limit: 1 })).toHaveLength(1);
  });

  // A clock of its own (2001), so only these lines are old enough to go; the
  // other tests writing usage lines are in this file and run one at a time.
  const DAY = 86_400_000;
  const clock = new Date("2001-03-01T12:00:00Z");
  const line = (keyId: number, path: string, age: number) =>
    db().apiUsage.create({
      data: { keyId, method: "GET", path, status: 200, createdAt: new Date(clock.getTime() - age) },
    });

  it(`prunes lines older than ${USAGE_RETENTION_DAYS} days before the clock it is given`, async () => {
    const { id } = await mintApiKey({ name: "prune", plan: "free", scopes: ["ask"] });
    await line(id, "/old", (USAGE_RETENTION_DAYS + 1) * DAY);
    await line(id, "/just-old", USAGE_RETENTION_DAYS * DAY + 1);
    await line(id, "/just-kept", USAGE_RETENTION_DAYS * DAY);
    await line(id, "/recent", DAY);
    expect(await pruneApiUsage({ now: clock })).toBe(2);
    expect((await listApiUsage({ keyId: id })).map((entry) => entry.path)).toEqual(["/recent", "/just-kept"]);
    expect(await pruneApiUsage({ now: clock })).toBe(0);
  });

  it(`prunes by itself: logging every ${USAGE_PRUNE_EVERY}th line deletes the old ones`, async () => {
    const { id } = await mintApiKey({ name: "self-pruning", plan: "free", scopes: ["ask"] });
    await line(id, "/old", (USAGE_RETENTION_DAYS + 1) * DAY);
    let logged = 0;
    const oldLeft = async () => (await listApiUsage({ keyId: id, limit: 500 })).some((e) => e.path === "/old");
    while ((await oldLeft()) && logged < USAGE_PRUNE_EVERY) {
      await recordApiUsage({ keyId: id, method: "GET", path: "/new", status: 200, client: "192.0.2.1", at: clock });
      logged += 1;
    }
    expect(await oldLeft()).toBe(false);
    // Only the old line went: every new one is still there.
    const paths = (await listApiUsage({ keyId: id, limit: 500 })).map((entry) => entry.path);
    expect(paths).toEqual(Array.from({ length: logged }, () => "/new"));
  });
});

describe("variant views", () => {
  it("counts per variant per day and lists a range of days", async () => {
    await countVariantView({ variant: "e" });
    await countVariantView({ variant: "e" });
    await countVariantView({ variant: "f" });
    const today = new Date().toISOString().slice(0, 10);
    const { from, to, rows } = await listVariantViews({ days: 14 });
    expect(to).toBe(today);
    expect(Date.parse(to) - Date.parse(from)).toBe(13 * 86_400_000);
    expect(rows.filter((row) => row.day === today && ["e", "f"].includes(row.variant))).toEqual([
      { day: today, variant: "e", views: 2 },
      { day: today, variant: "f", views: 1 },
    ]);
  });

  it("leaves out days before the range", async () => {
    await db().variantView.create({ data: { variant: "j", day: new Date("2020-01-01"), count: 5 } });
    const { rows } = await listVariantViews({ days: 30 });
    expect(rows.some((row) => row.day === "2020-01-01")).toBe(false);
  });
});

describe("migration state", () => {
  it("names every migration folder as applied on a migrated database", async () => {
    const state = await readMigrationState();
    expect(state.pending).toEqual([]);
    expect(state.failed).toEqual([]);
    expect(state.applied).toContain("20261121134223_init");
    const folders = readdirSync("prisma/migrations", { withFileTypes: true }).filter((entry) => entry.isDirectory());
    expect(state.applied.at(-1)).toBe(
      folders
        .map((entry) => entry.name)
        .sort()
        .at(-1),
    );
  });
});
