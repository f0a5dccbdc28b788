import { afterAll, beforeAll, describe, expect, inject, it } from "vitest";
import { yymmdd } from "@/lib/db/daily-counter";
import { createTestDatabase } from "@/tests/support/postgres";
import { startServer, type RunningServer } from "@/tests/support/server";

// A server of its own with a fresh database (in-memory PGlite, or a new
// PostgreSQL database in the api:postgres project), so today's counter
// starts at zero and the race can be checked for gaps, not only duplicates.
let server: RunningServer;
let dropDatabase: (() => Promise<void>) | undefined;

beforeAll(async () => {
  const base = inject("postgresBase");
  const database = base ? await createTestDatabase(base, "brrace") : null;
  dropDatabase = database?.drop;
  server = await startServer(database ? { DATABASE_URL: database.url } : {});
});

afterAll(async () => {
  await server?.stop();
  await dropDatabase?.();
});

describe("br_id under concurrency", () => {
  it("50 concurrent observes over HTTP get exactly BR-<today>-1..50", async () => {
    const dayBefore = yymmdd(new Date());
    const responses = await Promise.all(
      Array.from({ length: 50 }, (_, i) =>
        fetch(`${server.url}/base-research/api/observe`, {
          method: "POST",
          headers: { "content-type": "application/json", "user-agent": "race/1" },
          // Half of them race to create the same new item as well.
          body: JSON.stringify({
            item_name: i % 2 ? "Race item" : `Race item ${i}`,
            source: `shop-${i % 7}`,
            price: "9,99",
          }),
        }).then(async (response) => ({
          status: response.status,
          body: (await response.json()) as { br_id: string; item_id: number },
        })),
      ),
    );
    const dayAfter = yymmdd(new Date());

    expect(responses.map((r) => r.status)).toEqual(Array(50).fill(200));
    const brIds = responses.map((r) => r.body.br_id);
    const day = brIds[0]?.split("-")[1];
    expect([dayBefore, dayAfter]).toContain(day);
    const expected = Array.from({ length: 50 }, (_, i) => `BR-${day}-${i + 1}`);
    expect([...brIds].sort()).toEqual([...expected].sort());
    // The 25 observations of the shared new name all landed on one item.
    expect(new Set(responses.filter((_, i) => i % 2).map((r) => r.body.item_id)).size).toBe(1);

    // The snapshot's counters (kept by triggers under the same concurrency)
    // add up: 25 own items + 1 shared, 50 observations over 7 sources.
    const state = await fetch(`${server.url}/base-research/api/state`);
    const { counts } = (await state.json()) as { counts: Record<string, number> };
    expect(counts).toEqual({ items: 26, obs: 50, sessions: 0, sources: 7, notes: 0 });
  });
});
