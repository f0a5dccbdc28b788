import { describe, expect, inject, it } from "vitest";
import { sealOperatorSession } from "@/tests/support/operator-seal";
import { createTestDatabase } from "@/tests/support/postgres";
import { OWN_SERVER_TIMEOUT_MS, startServer, type RunningServer } from "@/tests/support/server";

// The rate limit is counted in the database, so it holds across instances:
// two servers on one PostgreSQL share one count per key, even when requests
// race on both at once.
describe.runIf(inject("postgresBase"))("API key rate limit on two instances", () => {
  it(
    "lets exactly the plan's requests through across both, then 429 on both, all in one usage log",
    async () => {
      const database = await createTestDatabase(inject("postgresBase")!, "ratelimit");
      const [a, b] = await Promise.all([
        startServer({ DATABASE_URL: database.url }),
        startServer({ DATABASE_URL: database.url }),
      ]);
      try {
        const cookie = `labs_op=${await sealOperatorSession()}`;
        const minted = await fetch(`${a.url}/labs/api/keys`, {
          method: "POST",
          headers: { cookie, "content-type": "application/json" },
          body: JSON.stringify({ name: "two-instance agent", plan: "free", scopes: ["ask"] }),
        });
        expect(minted.status).toBe(201);
        const { id, key } = (await minted.json()) as { id: number; key: string };

        // More requests than the plan allows, half on each instance, all at once.
        const plans = await fetch(`${a.url}/labs/api/plans`, { headers: { cookie } });
        const { plans: rows } = (await plans.json()) as { plans: { name: string; requests_per_minute: number }[] };
        const limit = rows.find((plan) => plan.name === "free")!.requests_per_minute;
        const extra = 20;
        const call = (server: RunningServer) =>
          fetch(`${server.url}/api/core-ask/tips/random`, { headers: { authorization: `Bearer ${key}` } });
        const responses = await Promise.all(Array.from({ length: limit + extra }, (_, i) => call(i % 2 ? a : b)));
        const statuses = responses.map((response) => response.status);
        expect(statuses.filter((status) => status === 200)).toHaveLength(limit);
        expect(statuses.filter((status) => status === 429)).toHaveLength(extra);
        for (const response of responses.filter((response) => response.status === 429)) {
          expect(Number(response.headers.get("retry-after"))).toBeGreaterThanOrEqual(1);
          expect(await response.json()).toMatchObject({ ok: false, error: { code: "rate_limited" } });
        }

        // Still limited on both, whichever one is asked.
        expect((await call(a)).status).toBe(429);
        expect((await call(b)).status).toBe(429);

        // Both instances wrote to the same usage log.
        const usage = async () => {
          const response = await fetch(`${b.url}/labs/api/usage?key_id=${id}&limit=500`, { headers: { cookie } });
          return ((await response.json()) as { usage: { status: number }[] }).usage;
        };
        await expect.poll(async () => (await usage()).length).toBe(limit + extra + 2);
        expect((await usage()).filter((line) => line.status === 200)).toHaveLength(limit);
      } finally {
        await Promise.all([a.stop(), b.stop()]);
        await database.drop();
      }
    },
    OWN_SERVER_TIMEOUT_MS,
  );
});
